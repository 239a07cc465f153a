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

/** Number of likes per object id (objects without likes are absent). */
export async function countThumbs(db: DB, tenantId: string, objectType: ThumbsObjectType, objectIds: string[]): Promise<Map<string, number>> {
  if (objectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('thumbsRecords')
    .select(['objectId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenantId', '=', tenantId)
    .where('objectType', '=', objectType)
    .where('objectId', 'in', objectIds)
    .groupBy('objectId')
    .execute();
  return new Map(rows.map((r) => [r.objectId, Number(r.n)]));
}

/** The ids among objectIds that this user likes. */
export async function likedBy(
  db: DB,
  tenantId: string,
  userId: string | null,
  objectType: ThumbsObjectType,
  objectIds: string[],
): Promise<Set<string>> {
  if (!userId || objectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('thumbsRecords')
    .select('objectId')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('objectType', '=', objectType)
    .where('objectId', 'in', objectIds)
    .execute();
  return new Set(rows.map((r) => r.objectId));
}
