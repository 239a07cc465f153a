import type { DB } from '../db/database';
import { pageOf, type Page } from '~/lib/paging';
import { formatDateTime } from '~/lib/format';
import { safeMediaUrl } from '../content/sanitize';
import * as repo from './reviews.repository';
import * as thumbs from './thumbs.repository';
import { reviewFiles, type ReviewFile } from './rules';

/** Reviews on the home page, with tags. */

export interface Review {
  id: string;
  commentContent: string;
  commentAuthorName: string;
  commentAuthorPic: string | null;
  createdTime: string;
  createdTimestamp: number;
  product: { varietyName: string | null };
  fileList: ReviewFile[];
  browseCount: number;
  thumbsCount: number;
  /** 1 when the current user (valid Token) likes it, else 0. */
  thumbs: 0 | 1;
  /** The school's reply, or null. */
  schoolComment: string | null;
  score: number;
  /** 1 when pinned to the top. */
  top: number;
}

export async function pageReviews(
  db: DB,
  tenantId: string,
  userId: string | null,
  q: { tagId?: string | undefined; current: number; size: number },
): Promise<Page<Review>> {
  const { rows, total } = await repo.pagePublishedReviews(db, tenantId, { tagId: q.tagId, offset: (q.current - 1) * q.size, limit: q.size });
  const ids = rows.map((r) => r.id);
  const [counts, liked] = await Promise.all([
    thumbs.countThumbs(db, tenantId, 'REVIEW', ids),
    thumbs.likedBy(db, tenantId, userId, 'REVIEW', ids),
  ]);
  const records = rows.map(
    (r): Review => ({
      id: r.id,
      commentContent: r.commentContent,
      commentAuthorName: r.authorName,
      commentAuthorPic: safeMediaUrl(r.authorPic),
      createdTime: formatDateTime(r.createdAt),
      createdTimestamp: r.createdAt,
      product: { varietyName: r.varietyName },
      fileList: reviewFiles(r.files),
      browseCount: r.browseCount,
      thumbsCount: r.thumbsBase + (counts.get(r.id) ?? 0),
      thumbs: liked.has(r.id) ? 1 : 0,
      schoolComment: r.schoolComment,
      score: r.score,
      top: r.top,
    }),
  );
  return pageOf(records, total, q.current, q.size);
}

export interface ReviewTag {
  id: string;
  name: string;
  /** Published reviews with this tag. */
  count: number;
}

export function listReviewTags(db: DB, tenantId: string): Promise<ReviewTag[]> {
  return repo.listTagsWithCounts(db, tenantId);
}
