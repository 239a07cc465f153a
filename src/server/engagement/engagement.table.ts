import type { Selectable } from 'kysely';
import type { CommentAuthorRole, CommentObjectType, ThumbsObjectType } from '~/lib/api/contracts/engagement';

export type { CommentAuthorRole, CommentObjectType, ThumbsObjectType };

export interface CommentTable {
  id: string;
  tenantId: string;
  objectType: CommentObjectType;
  objectId: string;
  /** users.id; null for VEST comments. */
  authorId: string | null;
  authorName: string;
  authorPic: string | null;
  authorRole: CommentAuthorRole;
  /** Plain text as written (never HTML); the UI escapes it. */
  content: string;
  /** The comment replied to; null for a top comment. */
  parentId: string | null;
  parentAuthorName: string | null;
  /** The top comment of the thread; null for a top comment. */
  topId: string | null;
  createdAt: number;
}

/** One like of one user for one object; unique on (tenant, user, object type, object id). */
export interface ThumbsRecordTable {
  id: string;
  tenantId: string;
  userId: string;
  objectType: ThumbsObjectType;
  objectId: string;
  createdAt: number;
}

/** What the abuse limits count: comments and replies together, likes and unlikes together. */
/** Reviews ("comment scores") shown on the home page. */
export interface CommentScoreTable {
  id: string;
  tenantId: string;
  commentContent: string;
  authorName: string;
  authorPic: string | null;
  /** The reviewed product's variety name. */
  varietyName: string | null;
  /** JSON array of file URLs (images, or .mp4 videos). */
  files: string | null;
  browseCount: number;
  /** Likes counted before this portal; shown = thumbsBase + thumbs records. */
  thumbsBase: number;
  /** The school's reply, or null. */
  schoolComment: string | null;
  /** 1..5 */
  score: number;
  /** 1 pinned to the top. */
  top: number;
  /** 1 published; anything else hidden. */
  status: number;
  createdAt: number;
}

export interface CommentScoreTagTable {
  id: string;
  tenantId: string;
  name: string;
  seq: number;
}

export interface CommentScoreTagLinkTable {
  tenantId: string;
  commentScoreId: string;
  tagId: string;
}

export type Comment = Selectable<CommentTable>;
export type CommentScore = Selectable<CommentScoreTable>;
