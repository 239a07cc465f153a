import type { DB } from '../db/database';
import type { CommentObjectType, CommentTable } from './engagement.table';

/** Comment SQL. Every function takes the tenant id first after the connection. */

export function insertComment(db: DB, tenantId: string, row: Omit<CommentTable, 'tenantId'>) {
  return db
    .insertInto('comments')
    .values({ ...row, tenantId })
    .execute();
}

export function findComment(db: DB, tenantId: string, id: string) {
  return db.selectFrom('comments').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export interface Window {
  offset: number;
  limit: number;
  order: 'asc' | 'desc';
}

/** Top comments (not replies) of one object. */
export async function pageTopComments(db: DB, tenantId: string, objectType: CommentObjectType, objectId: string, w: Window) {
  const base = db
    .selectFrom('comments')
    .where('tenantId', '=', tenantId)
    .where('objectType', '=', objectType)
    .where('objectId', '=', objectId)
    .where('topId', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('createdAt', w.order).orderBy('id', w.order).offset(w.offset).limit(w.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The replies of one thread (every comment whose top comment is topId). */
export async function pageThreadReplies(db: DB, tenantId: string, topId: string, w: Window) {
  const base = db.selectFrom('comments').where('tenantId', '=', tenantId).where('topId', '=', topId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('createdAt', w.order).orderBy('id', w.order).offset(w.offset).limit(w.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The direct replies of one comment, oldest first. */
export function listDirectReplies(db: DB, tenantId: string, parentId: string) {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('parentId', '=', parentId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Number of comments per thread (top id), or per replied-to comment (parent id). */
export async function countBy(db: DB, tenantId: string, column: 'topId' | 'parentId', ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenantId', '=', tenantId)
    .where(column, 'in', ids)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [(r as Record<string, unknown>)[column] as string, Number(r.n)]));
}

/** Text of some comments by id (the comments replied to). */
export async function contentsOf(db: DB, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comments').select(['id', 'content']).where('tenantId', '=', tenantId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.content]));
}

/** (id, parent) of every reply in a thread: enough to find the replies below a reply. */
export function threadLinks(db: DB, tenantId: string, topId: string) {
  return db.selectFrom('comments').select(['id', 'parentId']).where('tenantId', '=', tenantId).where('topId', '=', topId).execute();
}

/** Deletes comments of this tenant by id, and (for top comments) their whole thread. */
export async function deleteComments(db: DB, tenantId: string, ids: string[], threadOf?: string): Promise<number> {
  if (ids.length === 0) return 0;
  let q = db.deleteFrom('comments').where('tenantId', '=', tenantId);
  q = threadOf ? q.where((eb) => eb.or([eb('id', 'in', ids), eb('topId', '=', threadOf)])) : q.where('id', 'in', ids);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}
