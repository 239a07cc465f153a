import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ThumbsObjectType } from './engagement.table';
import { whereEqual } from '../db/clauses';

/** Likes SQL. One row per (tenant, user, object); the unique constraint makes liking idempotent. */

/** Adds the like; a second like of the same object by the same user does nothing. */
export async function insertThumb(
  db: DB,
  tenantId: string,
  row: { id: string; userId: string; objectType: ThumbsObjectType; objectId: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('thumbsRecords')
    .values({ ...row, tenantId })
    .onConflict((oc) => oc.columns(['tenantId', 'userId', 'objectType', 'objectId']).doNothing())
    .execute();
}

export async function deleteThumb(db: DB, tenantId: string, userId: string, objectType: ThumbsObjectType, objectId: string): Promise<void> {
  await db.deleteFrom('thumbsRecords').$call(whereEqual({ tenantId, userId, objectType, objectId })).execute();
}

/** One liked object's likes: how many, and whether the user is among them (never without a user). */
export interface ThumbTally {
  objectId: string;
  count: number;
  liked: boolean;
}

/** Per liked object id: its tally. Objects without likes are absent. */
export async function tallyThumbs(db: DB, tenantId: string, objectType: ThumbsObjectType, objectIds: string[], userId: string | null): Promise<ThumbTally[]> {
  if (objectIds.length === 0) return [];
  const rows = await db
    .selectFrom('thumbsRecords')
    .select([
      'objectId',
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`sum(case when ${sql.ref('userId')} = ${userId} then 1 else 0 end)`.as('mine'),
    ])
    .where('tenantId', '=', tenantId)
    .where('objectType', '=', objectType)
    .where('objectId', 'in', objectIds)
    .groupBy('objectId')
    .execute();
  return rows.map((r) => ({ objectId: r.objectId, count: Number(r.n), liked: Number(r.mine) > 0 }));
}
