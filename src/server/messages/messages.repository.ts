import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import { pageFrom, type PageWindow } from '../db/paging';
import { changedRows, countOf, insertedRows } from '../db/rows';
import { whereEqual } from '../db/clauses';
import type { ClassNoticeTable, MessageTable } from './messages.table';

/** All SQL of the messages and class notices: each statement is one school's (tenant id first). */

/** Rows of one insert: well under SQLite's and PostgreSQL's limits of bound values. */
const INSERT_CHUNK = 200;

/** Writes the messages; a student told of the event before keeps the message they have. Answers the rows written. */
export async function insertMessages(db: DB, rows: readonly Insertable<MessageTable>[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const r = await db
      .insertInto('messages')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['tenantId', 'userId', 'sourceKey']).doNothing())
      .executeTakeFirst();
    written += insertedRows(r);
  }
  return written;
}

function ofUser(db: DB, tenantId: string, userId: string, unreadOnly: boolean) {
  const q = db.selectFrom('messages').$call(whereEqual({ tenantId, userId }));
  return unreadOnly ? q.where('readAt', 'is', null) : q;
}

/** A page of the user's messages, newest first. */
export function pageOfUser(db: DB, tenantId: string, userId: string, unreadOnly: boolean, w: PageWindow) {
  const filtered = ofUser(db, tenantId, userId, unreadOnly);
  return pageFrom(
    w,
    filtered.select(['id', 'kind', 'title', 'body', 'link', 'createdAt', 'readAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc'),
    filtered,
  );
}

export function countUnread(db: DB, tenantId: string, userId: string): Promise<number> {
  return countOf(ofUser(db, tenantId, userId, true));
}

/** Marks the user's unread messages read: the listed ones, or all (null). Answers how many it marked. */
export async function markRead(db: DB, tenantId: string, userId: string, ids: readonly string[] | null, now: number): Promise<number> {
  let q = db.updateTable('messages').set({ readAt: now }).$call(whereEqual({ tenantId, userId })).where('readAt', 'is', null);
  if (ids) q = q.where('id', 'in', ids);
  return changedRows(await q.executeTakeFirst());
}

export async function insertNotice(db: DB, row: ClassNoticeTable): Promise<void> {
  await db.insertInto('classNotices').values(row).execute();
}

export function listNotices(db: DB, tenantId: string, classId: string, limit: number) {
  return db
    .selectFrom('classNotices')
    .selectAll()
    .$call(whereEqual({ tenantId, classId }))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
