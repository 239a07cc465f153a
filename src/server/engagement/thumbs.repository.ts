import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ThumbsObjectType } from './engagement.table';

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
  await db
    .deleteFrom('thumbsRecords')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('objectType', '=', objectType)
    .where('objectId', '=', objectId)
    .execute();
}

/**
 * Per liked object id: its number of likes and how many of them are the user's (0 or 1; always 0
 * without a user). Objects without likes are absent.
 */
export function tallyThumbs(db: DB, tenantId: string, objectType: ThumbsObjectType, objectIds: string[], userId: string | null) {
  if (objectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('thumbsRecords')
    .select(['objectId', sql<number>`count(*)`.as('n'), sql<number>`sum(case when ${sql.ref('userId')} = ${userId} then 1 else 0 end)`.as('mine')])
    .where('tenantId', '=', tenantId)
    .where('objectType', '=', objectType)
    .where('objectId', 'in', objectIds)
    .groupBy('objectId')
    .execute();
}
