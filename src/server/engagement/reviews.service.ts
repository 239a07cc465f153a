import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { mapPage, pageOf, type Page, type PageQuery } from '~/lib/paging';
import { formatDateTime } from '~/lib/time/cst';
import type { Review, ReviewTag } from '~/lib/api/contracts/engagement';
import { safeMediaUrl } from '../sanitize';
import * as repo from './reviews.repository';
import { thumbsOf } from './thumbs.service';
import { reviewFiles } from './engagement.rules';

/** Reviews on the home page, with tags. */

export async function pageReviews(s: Scope, q: PageQuery & { tagId?: string | undefined }): Promise<Page<Review>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pagePublishedReviews(s.db, tenant.id, { ...windowOf(q), tagId: q.tagId });
  const thumbs = await thumbsOf(
    s,
    'REVIEW',
    rows.map((r) => r.id),
  );
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
    id: r.id,
    commentContent: r.commentContent,
    commentAuthorName: r.authorName,
    commentAuthorPic: safeMediaUrl(r.authorPic),
    createdTime: formatDateTime(r.createdAt),
    createdTimestamp: r.createdAt,
    product: { varietyName: r.varietyName },
    fileList: reviewFiles(r.files),
    browseCount: r.browseCount,
    thumbsCount: r.thumbsBase + (thumbs.get(r.id)?.count ?? 0),
    thumbs: thumbs.get(r.id)?.liked ? 1 : 0,
    schoolComment: r.schoolComment,
    score: r.score,
    top: r.top,
  }));
}

export async function listReviewTags(s: Scope): Promise<ReviewTag[]> {
  const tenant = await s.tenant();
  return repo.listTagsWithCounts(s.db, tenant.id);
}
