import type { DB } from '../db/database';
import { countOf } from '../db/rows';

/**
 * All captcha SQL. Captchas are looked up by school and key. The per-IP count (and the clean-up of
 * day-old rows) are the only queries without a tenant id: they return a count or delete expired
 * rows, never another school's captcha.
 */

export function insertCaptcha(
  db: DB,
  tenantId: string,
  row: { id: string; captchaKey: string; salt: string; codeHash: string; ip: string; createdAt: number; expiresAt: number },
) {
  return db
    .insertInto('captchas')
    .values({ ...row, tenantId, usedAt: null })
    .execute();
}

/** Marks the school's unused captchas (the caller narrows which) as used now. */
const burning = (db: DB, tenantId: string, now: number) =>
  db.updateTable('captchas').set({ usedAt: now }).where('tenantId', '=', tenantId).where('usedAt', 'is', null);

/**
 * Burns every other live captcha of the key: a new image replaces the old one, so a key has at
 * most one live captcha. (Two images asked for with one key at the same moment may burn each
 * other; the browser makes a new key for every image, and a refresh mends it.)
 */
export function burnOtherCaptchas(db: DB, tenantId: string, captchaKey: string, keepId: string, now: number) {
  return burning(db, tenantId, now).where('captchaKey', '=', captchaKey).where('id', '!=', keepId).execute();
}

/** Uses a captcha once: true for exactly one caller, even when two check it at the same moment. */
export async function burnCaptcha(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const r = await burning(db, tenantId, now).where('id', '=', id).where('expiresAt', '>', now).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The live (unused, unexpired) captcha of a key in a school, if any. */
export function findLiveCaptcha(db: DB, tenantId: string, captchaKey: string, now: number) {
  return db
    .selectFrom('captchas')
    .selectAll()
    .where((eb) => eb.and([eb('tenantId', '=', tenantId), eb('captchaKey', '=', captchaKey), eb('usedAt', 'is', null), eb('expiresAt', '>', now)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Images made for an IP address since a time, in any school. */
export async function countIpCaptchas(db: DB, ip: string, since: number): Promise<number> {
  return countOf(db.selectFrom('captchas').where('ip', '=', ip).where('createdAt', '>', since));
}

/** Housekeeping: captchas made before a time (long expired and out of every count window). */
export function deleteCaptchasBefore(db: DB, before: number) {
  return db.deleteFrom('captchas').where('createdAt', '<', before).execute();
}
