import type { UpdateResult } from 'kysely';
import type { DB } from '../db/database';
import { SmsStatus } from './sms.table';
import { countOf } from '../db/rows';
import { whereEqual } from '../db/clauses';

/**
 * All SMS SQL. Codes are looked up by tenant, mobile and template. The send limits protect a
 * phone owner and the SMS budget whatever school asks, so the per-mobile and per-IP counts (and
 * the per-mobile countdown row) are the only queries here without a tenant id: they return counts,
 * never another tenant's data.
 */

export function insertCode(
  db: DB,
  row: { id: string; tenantId: string; mobile: string; templateCode: string; codeHash: string; ip: string; createdAt: number; expiresAt: number },
) {
  return db
    .insertInto('smsCodes')
    .values({ ...row, status: SmsStatus.SENDING, attempts: 0, usedAt: null })
    .execute();
}

export function setCodeStatus(db: DB, tenantId: string, id: string, status: number) {
  return db.updateTable('smsCodes').set({ status }).where('tenantId', '=', tenantId).where('id', '=', id).execute();
}

/** The codes asked since a time, for the caller's filter and count. */
function codesSince(db: DB, since: number) {
  return db.selectFrom('smsCodes').where('createdAt', '>', since);
}

/** Sends to a mobile since a time that count against its limits (failed sends do not). */
export function countMobileSends(db: DB, mobile: string, since: number): Promise<number> {
  return countOf(codesSince(db, since).where('mobile', '=', mobile).where('status', '!=', SmsStatus.FAILED));
}

/** Every send asked from an IP address since a time, failed ones included. */
export function countIpSends(db: DB, ip: string, since: number): Promise<number> {
  return countOf(codesSince(db, since).where('ip', '=', ip));
}

/** Codes asked from an IP address since a time that were typed back correctly (used). */
export function countIpVerified(db: DB, ip: string, since: number): Promise<number> {
  return countOf(codesSince(db, since).where('ip', '=', ip).where('usedAt', 'is not', null));
}

/**
 * Claims the mobile's countdown: true when no code was sent to it in the last `intervalMs`
 * (and records `now` as its last send). A conditional update, so of two instances claiming at the
 * same moment exactly one wins.
 */
export async function claimSendSlot(db: DB, mobile: string, now: number, intervalMs: number): Promise<boolean> {
  const updated = await db
    .updateTable('smsSendState')
    .set({ lastSentAt: now })
    .where('mobile', '=', mobile)
    .where('lastSentAt', '<=', now - intervalMs)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return true;
  const inserted = await db
    .insertInto('smsSendState')
    .values({ mobile, lastSentAt: now })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives the countdown back after a failed send (only if nothing else claimed it since). */
export function releaseSendSlot(db: DB, mobile: string, claimedAt: number) {
  return db.updateTable('smsSendState').set({ lastSentAt: 0 }).where('mobile', '=', mobile).where('lastSentAt', '=', claimedAt).execute();
}

/** The newest code sent (successfully, or withheld as if it were) to a mobile for a template in a school. */
export function findLatestSentCode(db: DB, tenantId: string, mobile: string, templateCode: string) {
  return db
    .selectFrom('smsCodes')
    .selectAll()
    .$call(whereEqual({ tenantId, mobile, templateCode }))
    .where('status', 'in', [SmsStatus.SENT, SmsStatus.WITHHELD])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One code of a school that is neither used nor burned; the caller adds what to set. */
function liveCode(db: DB, tenantId: string, id: string, maxAttempts: number) {
  return db.updateTable('smsCodes').where('tenantId', '=', tenantId).where('id', '=', id).where('usedAt', 'is', null).where('attempts', '<', maxAttempts);
}

const appliedOnce = async (q: { executeTakeFirst(): Promise<UpdateResult> }) => Number((await q.executeTakeFirst()).numUpdatedRows) === 1;

/** Counts a wrong try; false when the code was already burned or used. */
export function addWrongAttempt(db: DB, tenantId: string, id: string, maxAttempts: number): Promise<boolean> {
  return appliedOnce(liveCode(db, tenantId, id, maxAttempts).set((eb) => ({ attempts: eb('attempts', '+', 1) })));
}

/** Uses the code once: true for exactly one caller, even when two verify at the same moment. */
export function markUsed(db: DB, tenantId: string, id: string, now: number, maxAttempts: number): Promise<boolean> {
  return appliedOnce(liveCode(db, tenantId, id, maxAttempts).set({ usedAt: now }).where('expiresAt', '>', now));
}
