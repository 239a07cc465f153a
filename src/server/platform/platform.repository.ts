import type { DB } from '../db/database';
import { countOf, insertedRows } from '../db/rows';

/**
 * Platform SQL: parameters (per tenant with a global fallback), the visits that feed the school's
 * browse count (the count itself is the school's: tenant/), and role packs. Every function takes the tenant id.
 */

/** The tenant's rows and the global rows (tenant id null) of some keys. */
export function findParameters(db: DB, tenantId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('platformParameters')
    .select(['tenantId', 'paramKey', 'paramValue'])
    .where('paramKey', 'in', keys)
    .where((eb) => eb.or([eb('tenantId', '=', tenantId), eb('tenantId', 'is', null)]))
    .execute();
}

/** Sets a parameter of a tenant, or the global value when tenantId is null (seeds, operators, tests). */
export async function setParameter(db: DB, tenantId: string | null, key: string, value: string | null, now: number, id: string) {
  let update = db.updateTable('platformParameters').set({ paramValue: value, updatedAt: now }).where('paramKey', '=', key);
  update = tenantId === null ? update.where('tenantId', 'is', null) : update.where('tenantId', '=', tenantId);
  const updated = await update.executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('platformParameters').values({ id, tenantId, paramKey: key, paramValue: value, updatedAt: now }).execute();
}

/** Records a visitor's visit of the day; true only for the first one (the primary key decides). */
export async function insertVisit(db: DB, tenantId: string, v: { day: number; visitorId: string; ip: string; createdAt: number }): Promise<boolean> {
  const r = await db
    .insertInto('schoolVisits')
    .values({ tenantId, ...v })
    .onConflict((oc) => oc.columns(['tenantId', 'day', 'visitorId']).doNothing())
    .executeTakeFirst();
  return insertedRows(r) === 1;
}

export async function countIpVisits(db: DB, tenantId: string, day: number, ip: string): Promise<number> {
  return countOf(db.selectFrom('schoolVisits').where('tenantId', '=', tenantId).where('day', '=', day).where('ip', '=', ip));
}

export function findRolePack(db: DB, tenantId: string) {
  return db.selectFrom('rolePacks').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}
