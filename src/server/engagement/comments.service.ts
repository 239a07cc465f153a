import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { pageOf, type Page } from '~/lib/paging';
import { formatDateTime } from '~/lib/format';
import { t } from '~/lib/i18n';
import { safeMediaUrl } from '../content/sanitize';
import type { User } from '../identity/identity.table';
import * as repo from './comments.repository';
import type { Comment, CommentAuthorRole, CommentObjectType } from './engagement.table';
import { requireCommentObject } from './objects';
import { authorNameOf, commentText, descendantsOf } from './rules';

/**
 * Comments on album materials, feed items and news. Top comments have no parent and no top id;
 * a reply names the comment replied to (commentParent) and the thread's top comment
 * (commentTopId). Deleting a comment deletes it and every reply below it, for good.
 */

/** Business code for "not allowed": the user is logged in but this is not theirs. */
export const FORBIDDEN = 403;

export interface CommentView {
  id: string;
  /** The author's user id; null for VEST comments. */
  commentAuthor: string | null;
  commentAuthorName: string;
  commentAuthorPic: string | null;
  commentAuthorRole: CommentAuthorRole;
  /** Plain text; the UI escapes it. */
  commentContent: string;
  commentObjectId: string;
  commentObjectType: CommentObjectType;
  commentParent: string | null;
  commentParentAuthorName: string | null;
  /** The text of the comment replied to; null for a top comment. */
  commentReply: string | null;
  commentTopId: string | null;
  createdTime: string;
  createdTimestamp: number;
  /** Top comment: replies in its thread. Reply: direct replies to it. */
  childrenCount: number;
  /** True when the current user wrote it (the UI offers delete). */
  mine: boolean;
}

export interface CommentWithReplies extends CommentView {
  children: CommentView[];
}

async function views(db: DB, tenantId: string, userId: string | null, rows: Comment[]): Promise<CommentView[]> {
  const tops = rows.filter((r) => r.topId === null).map((r) => r.id);
  const replies = rows.filter((r) => r.topId !== null).map((r) => r.id);
  const parents = [...new Set(rows.map((r) => r.parentId).filter((id): id is string => !!id))];
  const [threadCounts, replyCounts, parentTexts] = await Promise.all([
    repo.countBy(db, tenantId, 'topId', tops),
    repo.countBy(db, tenantId, 'parentId', replies),
    repo.contentsOf(db, tenantId, parents),
  ]);
  return rows.map((r) => ({
    id: r.id,
    commentAuthor: r.authorId,
    commentAuthorName: r.authorName,
    commentAuthorPic: safeMediaUrl(r.authorPic),
    commentAuthorRole: r.authorRole,
    commentContent: r.content,
    commentObjectId: r.objectId,
    commentObjectType: r.objectType,
    commentParent: r.parentId,
    commentParentAuthorName: r.parentAuthorName,
    commentReply: r.parentId ? (parentTexts.get(r.parentId) ?? null) : null,
    commentTopId: r.topId,
    createdTime: formatDateTime(r.createdAt),
    createdTimestamp: r.createdAt,
    childrenCount: (r.topId === null ? threadCounts.get(r.id) : replyCounts.get(r.id)) ?? 0,
    mine: userId !== null && r.authorId === userId,
  }));
}

interface Paging {
  current: number;
  size: number;
  order: 'asc' | 'desc';
}

const window = (p: Paging) => ({ offset: (p.current - 1) * p.size, limit: p.size, order: p.order });

/** Top comments of an object of this tenant (refused when the object does not exist here). */
export async function pageObjectComments(
  db: DB,
  tenantId: string,
  userId: string | null,
  q: Paging & { objectType: CommentObjectType; objectId: string },
): Promise<Page<CommentView>> {
  await requireCommentObject(db, tenantId, q.objectType, q.objectId);
  const { rows, total } = await repo.pageTopComments(db, tenantId, q.objectType, q.objectId, window(q));
  return pageOf(await views(db, tenantId, userId, rows), total, q.current, q.size);
}

async function requireComment(db: DB, tenantId: string, id: string): Promise<Comment> {
  const row = await repo.findComment(db, tenantId, id);
  if (!row) throw AppError.notFound(t('engagement.commentNotFound'));
  return row;
}

/** The replies of a thread (oldest first by default). */
export async function pageThread(
  db: DB,
  tenantId: string,
  userId: string | null,
  q: Paging & { topId: string; objectId?: string | undefined },
): Promise<Page<CommentView>> {
  const top = await requireComment(db, tenantId, q.topId);
  if (top.topId !== null) throw AppError.badRequest(t('engagement.threadMismatch'));
  if (q.objectId && q.objectId !== top.objectId) throw AppError.badRequest(t('engagement.threadMismatch'));
  const { rows, total } = await repo.pageThreadReplies(db, tenantId, top.id, window(q));
  return pageOf(await views(db, tenantId, userId, rows), total, q.current, q.size);
}

function validText(raw: string | null | undefined): string {
  const r = commentText(raw);
  if (!r.ok) throw AppError.badRequest(r.message);
  return r.text;
}

async function insertAndView(db: DB, tenantId: string, user: User, row: Omit<Comment, 'tenantId'>): Promise<CommentView> {
  await repo.insertComment(db, tenantId, row);
  const [view] = await views(db, tenantId, user.id, [{ ...row, tenantId }]);
  return view!;
}

function authorOf(user: User) {
  return { authorId: user.id, authorName: authorNameOf(user), authorPic: user.avatar, authorRole: 'USER' as const };
}

export async function saveComment(
  db: DB,
  tenantId: string,
  user: User,
  now: number,
  input: { objectType: CommentObjectType; objectId: string; content: string | null | undefined },
): Promise<CommentView> {
  const content = validText(input.content);
  await requireCommentObject(db, tenantId, input.objectType, input.objectId);
  return insertAndView(db, tenantId, user, {
    id: newId(now),
    objectType: input.objectType,
    objectId: input.objectId,
    ...authorOf(user),
    content,
    parentId: null,
    parentAuthorName: null,
    topId: null,
    createdAt: now,
  });
}

export async function reply(
  db: DB,
  tenantId: string,
  user: User,
  now: number,
  input: { parentId: string; content: string | null | undefined },
): Promise<CommentView> {
  const content = validText(input.content);
  const parent = await requireComment(db, tenantId, input.parentId);
  // The object may have been withdrawn since the thread started.
  await requireCommentObject(db, tenantId, parent.objectType, parent.objectId);
  return insertAndView(db, tenantId, user, {
    id: newId(now),
    objectType: parent.objectType,
    objectId: parent.objectId,
    ...authorOf(user),
    content,
    parentId: parent.id,
    parentAuthorName: parent.authorName,
    topId: parent.topId ?? parent.id,
    createdAt: now,
  });
}

/**
 * Deletes the user's own comment and every reply below it (a top comment takes its whole thread).
 * Another user's comment -> 403; a missing, already deleted or another tenant's id -> 404.
 */
export async function removeComment(db: DB, tenantId: string, user: User, id: string): Promise<void> {
  const row = await requireComment(db, tenantId, id);
  if (row.authorId !== user.id) throw new AppError(FORBIDDEN, t('engagement.notCommentAuthor'));
  await db.transaction().execute(async (trx) => {
    if (row.topId === null) {
      await repo.deleteComments(trx, tenantId, [row.id], row.id);
    } else {
      const below = descendantsOf(row.id, await repo.threadLinks(trx, tenantId, row.topId));
      await repo.deleteComments(trx, tenantId, [row.id, ...below]);
    }
  });
}

/** One comment with its replies: the whole thread for a top comment, direct replies for a reply. */
export async function getWithReplies(db: DB, tenantId: string, userId: string, id: string): Promise<CommentWithReplies> {
  const row = await requireComment(db, tenantId, id);
  const children =
    row.topId === null
      ? (await repo.pageThreadReplies(db, tenantId, row.id, { offset: 0, limit: 9999, order: 'asc' })).rows
      : await repo.listDirectReplies(db, tenantId, row.id);
  const [view] = await views(db, tenantId, userId, [row]);
  return { ...view!, children: await views(db, tenantId, userId, children) };
}
