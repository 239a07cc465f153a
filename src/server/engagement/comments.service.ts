import { AppError } from '../errors';
import { newId } from '../ids';
import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { pageOf, type Page, type PageQuery } from '~/lib/paging';
import { formatDateTime } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type { CommentView, CommentWithReplies } from '~/lib/api/contracts/engagement';
import { safeMediaUrl } from '../sanitize';
import * as repo from './comments.repository';
import type { Comment, CommentObjectType } from './engagement.table';
import { requireCommentObject, type EngagedObjects } from './objects.service';
import { countWrite } from '../limits/limits.service';
import { authorNameOf, commentText, descendantsOf } from './engagement.rules';

/**
 * Comments on album materials, feed items and news. Top comments have no parent and no top id;
 * a reply names the comment replied to (commentParent) and the thread's top comment
 * (commentTopId). Deleting a comment deletes it and every reply below it, for good. Writing one
 * counts against the user's and the address's comment limits (src/server/limits), checked last.
 */

async function views(s: Scope, tenantId: string, userId: string | null, rows: Comment[]): Promise<CommentView[]> {
  const tops = rows.filter((r) => r.topId === null).map((r) => r.id);
  const replies = rows.filter((r) => r.topId !== null).map((r) => r.id);
  const parents = [...new Set(rows.map((r) => r.parentId).filter((id): id is string => !!id))];
  const [threadCounts, replyCounts, parentTexts] = await Promise.all([
    repo.countBy(s.db, tenantId, 'topId', tops),
    repo.countBy(s.db, tenantId, 'parentId', replies),
    repo.contentsOf(s.db, tenantId, parents),
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

/** The visitor's or user's view of some rows (`mine` needs the user when a valid token came). */
async function viewsForReader(s: Scope, tenantId: string, rows: Comment[]): Promise<CommentView[]> {
  const auth = await s.optionalUser();
  return views(s, tenantId, auth?.user.id ?? null, rows);
}

/** Top comments of an object of this school (refused when the object is not here). */
export async function pageObjectComments(
  s: Scope,
  objects: EngagedObjects,
  q: PageQuery & { objectType: CommentObjectType; objectId: string },
): Promise<Page<CommentView>> {
  const tenant = await s.tenant();
  await requireCommentObject(s, objects, q.objectType, q.objectId);
  const { rows, total } = await repo.pageTopComments(s.db, tenant.id, q.objectType, q.objectId, windowOf(q));
  return pageOf(await viewsForReader(s, tenant.id, rows), total, q.current, q.size);
}

async function requireComment(s: Scope, tenantId: string, id: string): Promise<Comment> {
  const row = await repo.findComment(s.db, tenantId, id);
  if (!row) throw AppError.notFound(t('engagement.commentNotFound'));
  return row;
}

/** The replies of a thread (oldest first by default). */
export async function pageThread(s: Scope, q: PageQuery & { topId: string; objectId?: string | undefined }): Promise<Page<CommentView>> {
  const tenant = await s.tenant();
  const top = await requireComment(s, tenant.id, q.topId);
  if (top.topId !== null) throw AppError.badRequest(t('engagement.threadMismatch'));
  if (q.objectId && q.objectId !== top.objectId) throw AppError.badRequest(t('engagement.threadMismatch'));
  const { rows, total } = await repo.pageThreadReplies(s.db, tenant.id, top.id, windowOf(q));
  return pageOf(await viewsForReader(s, tenant.id, rows), total, q.current, q.size);
}

function validText(raw: string | null | undefined): string {
  const r = commentText(raw);
  if (!r.ok) throw AppError.badRequest(r.message);
  return r.text;
}

/**
 * Stores the user's comment on an object, as a reply when `parent` is given (the thread's top
 * comment is the parent's top, or the parent itself), and answers it as lists show it.
 */
async function write(s: Scope, on: { objectType: CommentObjectType; objectId: string }, content: string, parent: Comment | null): Promise<CommentView> {
  const [{ user }, tenant] = await Promise.all([s.user(), s.tenant()]);
  const row: Comment = {
    id: newId(s.now),
    tenantId: tenant.id,
    objectType: on.objectType,
    objectId: on.objectId,
    authorId: user.id,
    authorName: authorNameOf(user),
    authorPic: user.avatar,
    authorRole: 'USER',
    content,
    parentId: parent?.id ?? null,
    parentAuthorName: parent?.authorName ?? null,
    topId: parent ? (parent.topId ?? parent.id) : null,
    createdAt: s.now,
  };
  await repo.insertComment(s.db, tenant.id, row);
  const [view] = await views(s, tenant.id, user.id, [row]);
  return view!;
}

export async function saveComment(
  s: Scope,
  objects: EngagedObjects,
  input: { objectType: CommentObjectType; objectId: string; content: string | null | undefined },
): Promise<CommentView> {
  await s.user();
  const content = validText(input.content);
  await requireCommentObject(s, objects, input.objectType, input.objectId);
  await countWrite(s, 'COMMENT');
  return write(s, input, content, null);
}

export async function reply(s: Scope, objects: EngagedObjects, input: { parentId: string; content: string | null | undefined }): Promise<CommentView> {
  await s.user();
  const tenant = await s.tenant();
  const content = validText(input.content);
  const parent = await requireComment(s, tenant.id, input.parentId);
  // The object may have been withdrawn since the thread started.
  await requireCommentObject(s, objects, parent.objectType, parent.objectId);
  await countWrite(s, 'COMMENT');
  return write(s, parent, content, parent);
}

/**
 * Deletes the user's own comment and every reply below it (a top comment takes its whole thread).
 * Another user's comment -> 403; a missing, already deleted or another school's id -> 404.
 */
export async function removeComment(s: Scope, id: string): Promise<void> {
  const { user } = await s.user();
  const tenant = await s.tenant();
  const row = await requireComment(s, tenant.id, id);
  if (row.authorId !== user.id) throw AppError.forbidden(t('engagement.notCommentAuthor'));
  await s.db.transaction().execute(async (trx) => {
    if (row.topId === null) {
      await repo.deleteComments(trx, tenant.id, [row.id], row.id);
    } else {
      const below = descendantsOf(row.id, await repo.threadLinks(trx, tenant.id, row.topId));
      await repo.deleteComments(trx, tenant.id, [row.id, ...below]);
    }
  });
}

/** One comment with its replies: the whole thread for a top comment, direct replies for a reply. */
export async function getWithReplies(s: Scope, id: string): Promise<CommentWithReplies> {
  const { user } = await s.user();
  const tenant = await s.tenant();
  const row = await requireComment(s, tenant.id, id);
  const children =
    row.topId === null
      ? (await repo.pageThreadReplies(s.db, tenant.id, row.id, { offset: 0, limit: 9999, order: 'asc', countTotal: false })).rows
      : await repo.listDirectReplies(s.db, tenant.id, row.id);
  const [view] = await views(s, tenant.id, user.id, [row]);
  return { ...view!, children: await views(s, tenant.id, user.id, children) };
}
