import type { InsertResult } from 'kysely';
import type { DB } from '../db/database';
import { changedOne } from '../db/rows';
import { attemptLedger } from '../db/attempt-ledger';

/**
 * All SQL of login's own tables: login failures and successes, single-sign-on nonces, invitation codes and
 * joins (users, schools and tokens are identity's). Failures are counted per address or account
 * across schools, so those queries take no tenant id; everything that belongs to a school does,
 * or is looked up by a value and then compared with the request's school by the service.
 */

/**
 * Which failures a throttle counts: an address's or an account's by browsers their accounts do
 * not know (device null), one account from one address likewise, or one known device's. An
 * address's budget leaves out the failures of accounts that logged in since (forgiven); an
 * account's counts keep them until their window ends (decision 095).
 */
/** Counts an attempt before it is checked (pending until it fails or is taken back). */
export function insertAttempt(db: DB, row: { id: string; account: string | null; ip: string; device: string | null; createdAt: number }) {
  return db
    .insertInto('loginFailures')
    .values({ ...row, pending: 1 })
    .execute();
}

const ledger = attemptLedger('loginFailures');
export const { settleFailure, deleteFailure, deleteOldFailures } = ledger;

/** The window's failures of an attempt at a student's account (null: no such account), from its address and browser. */
export const countWindow = (db: DB, of: { account: string | null; ip: string; device: string | null }, since: number) =>
  ledger.countWindow(db, of.account === null ? null : (eb) => eb('account', '=', of.account), of, since);

/**
 * A successful password login forgives the account's failures (decision 095): they no longer count
 * for the addresses they came from, so a classroom's typos do not ask the room for a captcha. They
 * still count for the account until their window ends: a success never renews the guesses of
 * anyone else trying the account, before it, beside it or after it.
 */
export function forgiveAccountFailures(db: DB, account: string) {
  return db.updateTable('loginFailures').set({ forgiven: 1 }).where('account', '=', account).where('pending', '=', 0).execute();
}

export function insertSuccess(db: DB, row: { id: string; userId: string; ip: string; createdAt: number }) {
  return db.insertInto('loginSuccesses').values(row).execute();
}

/** The distinct accounts that logged in successfully from an address after `since`. */
export async function countAccountsLoggedIn(db: DB, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('loginSuccesses')
    .where('ip', '=', ip)
    .where('createdAt', '>', since)
    .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Successes older than `before` are never counted again. */
export function deleteOldSuccesses(db: DB, before: number) {
  return db.deleteFrom('loginSuccesses').where('createdAt', '<', before).execute();
}

/** Runs an insert that does nothing on a conflict: true when this call inserted the row. */
async function inserted(insert: { executeTakeFirst(): Promise<InsertResult> }): Promise<boolean> {
  return Number((await insert.executeTakeFirst()).numInsertedOrUpdatedRows ?? 0) === 1;
}

/** True for exactly one caller per nonce: a single-sign-on token works once. */
export function claimNonce(db: DB, row: { nonce: string; tenantId: string; usedAt: number; expiresAt: number }): Promise<boolean> {
  return inserted(
    db
      .insertInto('ssoNonces')
      .values(row)
      .onConflict((oc) => oc.column('nonce').doNothing()),
  );
}

/** A nonce is kept until its token would have expired anyway. */
export function deleteExpiredNonces(db: DB, now: number) {
  return db.deleteFrom('ssoNonces').where('expiresAt', '<', now).execute();
}

/** An invitation code by its text (codes are unique across schools); the service checks its school. */
export function findInvitationByCode(db: DB, code: string) {
  return db.selectFrom('invitationCodes').selectAll().where('code', '=', code).executeTakeFirst();
}

export interface Join {
  tenantId: string;
  userId: string;
  invitationId: string;
}

/** Records a join; false when the user had already joined through the code. */
export function insertJoin(db: DB, row: Join & { enterpriseName: string; createdAt: number }): Promise<boolean> {
  return inserted(
    db
      .insertInto('invitationJoins')
      .values(row)
      .onConflict((oc) => oc.columns(['tenantId', 'userId', 'invitationId']).doNothing()),
  );
}

export function findJoin(db: DB, join: Join) {
  return db
    .selectFrom('invitationJoins')
    .selectAll()
    .where((eb) => eb.and({ ...join }))
    .executeTakeFirst();
}

/** Counts one use; false when the code has no use left (a conditional update, so two joins agree). */
export async function useInvitation(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedOne(
    db
      .updateTable('invitationCodes')
      .set((eb) => ({ usedCount: eb('usedCount', '+', 1) }))
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('maxUses', 'is', null), eb('usedCount', '<', eb.ref('maxUses'))])),
  );
}
