import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { changedRows, countOf } from '../../db/rows';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { STAFF_ROLE, STAFF_STATUS, type StaffRole } from '~/lib/staff/roles';
import { idsOfSchool, whereEqual } from '../../db/clauses';
import { attemptLedger } from '../../db/attempt-ledger';
import type {
  StaffAccountTable,
  StaffChallengeTable,
  StaffInvitationTable,
  StaffPasswordResetTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
  StaffSignInFailureTable,
} from './accounts.table';
import { STAFF_SESSION } from './accounts.rules';

/**
 * All SQL of staff accounts, their sessions, sign-in challenges, invitations and sign-in failures.
 * Everything that belongs to a school takes its tenant id; the look-ups by a token's hash take
 * none, and the service compares the row's school with the request's. Writes that must happen once
 * (a challenge or invitation used, a code's time step, a session ended) are conditional updates.
 */

/** An invitation still usable at `now`: not used, not revoked, not expired. */
const usableInvitation = (now: number) => (eb: ExpressionBuilder<Database, 'staffInvitations'>) =>
  eb.and([eb('usedAt', 'is', null), eb('revokedAt', 'is', null), eb('expiresAt', '>', now)]);

/** The account's recovery codes not used yet. */
const unusedCodesOf = (tenantId: string, accountId: string) => (eb: ExpressionBuilder<Database, 'staffRecoveryCodes'>) =>
  eb.and([eb('tenantId', '=', tenantId), eb('accountId', '=', accountId), eb('usedAt', 'is', null)]);

// --- Accounts ---------------------------------------------------------------------------------

export function findAccountByMobile(db: DB, tenantId: string, mobile: string) {
  return db.selectFrom('staffAccounts').selectAll().where('tenantId', '=', tenantId).where('mobile', '=', mobile).executeTakeFirst();
}

/** Accounts of the school by id (any state): their names, for the screens that name them. */
export function accountsByIds(db: DB, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('staffAccounts').select(['id', 'name', 'role', 'status']).$call(idsOfSchool(tenantId, ids)).execute();
}

/** The school's active accounts with one of the roles, by name. */
export function activeAccountsWithRoles(db: DB, tenantId: string, roles: readonly StaffRole[]) {
  return db
    .selectFrom('staffAccounts')
    .select(['id', 'name', 'role'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', STAFF_STATUS.active)
    .where('role', 'in', [...roles])
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findAccount(db: DB, tenantId: string, id: string) {
  return db.selectFrom('staffAccounts').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A school's accounts, administrators first, then by name. */
/** One page of the school's accounts, oldest first, narrowed to a role and to a name or mobile containing `text`. */
export function pageAccounts(db: DB, tenantId: string, f: { text?: string | undefined; role?: StaffRole | undefined }, w: PageWindow) {
  let q = db.selectFrom('staffAccounts').where('tenantId', '=', tenantId);
  if (f.role) q = q.where('role', '=', f.role);
  if (f.text) {
    const pattern = containing(f.text);
    q = q.where((eb) => eb.or([eb('name', 'like', pattern), eb('mobile', 'like', pattern)]));
  }
  return pageFrom(w, q.selectAll().orderBy('createdAt', 'asc').orderBy('id', 'asc'), q);
}

export function insertAccount(db: DB, row: Insertable<StaffAccountTable>) {
  return db.insertInto('staffAccounts').values(row).execute();
}

export async function updateAccount(db: DB, tenantId: string, id: string, changes: Updateable<StaffAccountTable>): Promise<boolean> {
  return changedRows(await db.updateTable('staffAccounts').set(changes).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()) === 1;
}

/**
 * Takes the school's active administrators' rows for the rest of the transaction (a write that
 * changes nothing: PostgreSQL then holds their row locks, SQLite its one write lock), so two
 * administrators demoting each other at once cannot both see the other still there.
 */
export function lockActiveAdmins(db: DB, tenantId: string) {
  return db
    .updateTable('staffAccounts')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('tenantId', '=', tenantId)
    .where('role', '=', STAFF_ROLE.admin)
    .where('status', '=', STAFF_STATUS.active)
    .execute();
}

/**
 * Takes one account's row for the rest of the transaction (a write that changes nothing), so two
 * requests about the same account (two reset links made at once) take turns; false when the school
 * has no such account.
 */
export async function lockAccount(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .updateTable('staffAccounts')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return changedRows(r) === 1;
}

export async function countOtherActiveAdmins(db: DB, tenantId: string, exceptId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('staffAccounts')
      .where('tenantId', '=', tenantId)
      .where('role', '=', STAFF_ROLE.admin)
      .where('status', '=', STAFF_STATUS.active)
      .where('id', '<>', exceptId),
  );
}

/** Records the time step a code was accepted for; false when this or a later step was already used. */
export async function claimTotpStep(db: DB, tenantId: string, id: string, step: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staffAccounts')
    .set({ totpLastStep: step, updatedAt: now })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return changedRows(r) === 1;
}

// --- Sessions ---------------------------------------------------------------------------------

export function insertSession(db: DB, row: Insertable<StaffSessionTable>) {
  return db.insertInto('staffSessions').values(row).execute();
}

/** A session by its token's hash, with its account (for every staff request). */
export function findSessionWithAccount(db: DB, tokenHash: string) {
  return db
    .selectFrom('staffSessions as s')
    .innerJoin('staffAccounts as a', 'a.id', 's.accountId')
    .select([
      's.id as sessionId',
      's.tenantId',
      's.tokenHash',
      's.createdAt',
      's.lastSeenAt',
      's.expiresAt',
      's.revokedAt',
      'a.id as accountId',
      'a.tenantId as accountTenantId',
      'a.name',
      'a.mobile',
      'a.role',
      'a.status',
      'a.totpSecret',
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Notes a use; a no-op when another request of the session noted a later one. */
export function touchSession(db: DB, id: string, now: number) {
  return db.updateTable('staffSessions').set({ lastSeenAt: now }).where('id', '=', id).where('lastSeenAt', '<', now).execute();
}

/** An account's sessions that are still live, newest use first. */
export function listLiveSessions(db: DB, tenantId: string, accountId: string, now: number) {
  return db
    .selectFrom('staffSessions')
    .selectAll()
    .$call(whereEqual({ tenantId, accountId }))
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', now - STAFF_SESSION.idleMs)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Forgets sessions that ended (by time) before `before`: the list of devices never shows them again. */
export function deleteEndedSessions(db: DB, before: number) {
  return db.deleteFrom('staffSessions').where('expiresAt', '<', before).execute();
}

/** Ends one session of the account; false when it is not the account's or already ended. */
export async function revokeSession(db: DB, tenantId: string, accountId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staffSessions')
    .set({ revokedAt: now })
    .where('tenantId', '=', tenantId)
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return changedRows(r) === 1;
}

/** Ends every session of the account (but `keepId`): how many were still open. */
export async function revokeSessionsOf(db: DB, tenantId: string, accountId: string, now: number, keepId?: string): Promise<number> {
  let q = db
    .updateTable('staffSessions')
    .set({ revokedAt: now })
    .where('tenantId', '=', tenantId)
    .where('accountId', '=', accountId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now);
  if (keepId) q = q.where('id', '<>', keepId);
  return changedRows(await q.executeTakeFirst());
}

// --- Second-factor challenges -----------------------------------------------------------------

export function insertChallenge(db: DB, row: Insertable<StaffChallengeTable>) {
  return db.insertInto('staffChallenges').values(row).execute();
}

export function findChallenge(db: DB, tokenHash: string) {
  return db.selectFrom('staffChallenges').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Uses a challenge up; false when it was used already (two tabs sending one code). */
export async function useChallenge(db: DB, id: string, now: number): Promise<boolean> {
  return changedRows(await db.updateTable('staffChallenges').set({ usedAt: now }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst()) === 1;
}

export function deleteOldChallenges(db: DB, before: number) {
  return db.deleteFrom('staffChallenges').where('expiresAt', '<', before).execute();
}

// --- Invitations ------------------------------------------------------------------------------

export function insertInvitation(db: DB, row: Insertable<StaffInvitationTable>) {
  return db.insertInto('staffInvitations').values(row).execute();
}

export function findInvitationByHash(db: DB, tokenHash: string) {
  return db.selectFrom('staffInvitations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Invitations not yet used, revoked or expired, newest first. */
export function listPendingInvitations(db: DB, tenantId: string, now: number) {
  return db
    .selectFrom('staffInvitations')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(usableInvitation(now))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Uses an invitation up for the account it became; false when it is no longer usable. */
export async function useInvitation(db: DB, id: string, accountId: string, now: number): Promise<boolean> {
  const r = await db.updateTable('staffInvitations').set({ usedAt: now, accountId }).where('id', '=', id).where(usableInvitation(now)).executeTakeFirst();
  return changedRows(r) === 1;
}

export async function revokeInvitation(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staffInvitations')
    .set({ revokedAt: now })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where(usableInvitation(now))
    .executeTakeFirst();
  return changedRows(r) === 1;
}

// --- Password reset links -------------------------------------------------------------------

/** A reset link still usable at `now`: not used, not revoked, not expired (the rule of invitationState). */
const usableReset = (now: number) => (eb: ExpressionBuilder<Database, 'staffPasswordResets'>) =>
  eb.and([eb('usedAt', 'is', null), eb('revokedAt', 'is', null), eb('expiresAt', '>', now)]);

export function insertPasswordReset(db: DB, row: Insertable<StaffPasswordResetTable>) {
  return db.insertInto('staffPasswordResets').values(row).execute();
}

export function findPasswordResetByHash(db: DB, tokenHash: string) {
  return db.selectFrom('staffPasswordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Revokes the account's reset links still usable (a newer one replaces them): how many there were. */
export async function revokePasswordResetsOf(db: DB, tenantId: string, accountId: string, now: number): Promise<number> {
  const r = await db
    .updateTable('staffPasswordResets')
    .set({ revokedAt: now })
    .$call(whereEqual({ tenantId, accountId }))
    .where(usableReset(now))
    .executeTakeFirst();
  return changedRows(r);
}

/** Uses a reset link up; false when it is no longer usable (two tabs: one of them gets true). */
export async function usePasswordReset(db: DB, id: string, now: number): Promise<boolean> {
  return changedRows(await db.updateTable('staffPasswordResets').set({ usedAt: now }).where('id', '=', id).where(usableReset(now)).executeTakeFirst()) === 1;
}

// --- Sign-in failures -------------------------------------------------------------------------

/** Counts an attempt before it is checked (pending until it fails or is taken back). */
export function insertAttempt(db: DB, row: Omit<Insertable<StaffSignInFailureTable>, 'pending'>) {
  return db
    .insertInto('staffSignInFailures')
    .values({ ...row, pending: 1 })
    .execute();
}

const ledger = attemptLedger('staffSignInFailures');
export const { settleFailure, deleteFailure, deleteOldFailures } = ledger;

/** The window's failures of an attempt at a school's staff account (by its key), from its address and browser. */
export const countWindow = (db: DB, of: { tenantId: string; accountKey: string; ip: string; device: string | null }, since: number) =>
  ledger.countWindow(db, (eb) => eb.and([eb('tenantId', '=', of.tenantId), eb('accountKey', '=', of.accountKey)]), of, since);

/**
 * A successful sign-in forgives the account's failures (decision 095): out of their address's
 * budget, still counted for the account until their window ends, so a success never renews
 * anyone else's guesses at it.
 */
export function forgiveAccountFailures(db: DB, tenantId: string, accountKey: string) {
  return db
    .updateTable('staffSignInFailures')
    .set({ forgiven: 1 })
    .where('tenantId', '=', tenantId)
    .where('accountKey', '=', accountKey)
    .where('pending', '=', 0)
    .execute();
}

// --- Recovery codes -------------------------------------------------------------------------

/** Replaces the account's recovery codes with a new set (the old ones stop working). */
export async function replaceRecoveryCodes(db: DB, tenantId: string, accountId: string, rows: Insertable<StaffRecoveryCodeTable>[]): Promise<void> {
  await db.deleteFrom('staffRecoveryCodes').where('tenantId', '=', tenantId).where('accountId', '=', accountId).execute();
  if (rows.length) await db.insertInto('staffRecoveryCodes').values(rows).execute();
}

export function deleteRecoveryCodes(db: DB, tenantId: string, accountId: string) {
  return db.deleteFrom('staffRecoveryCodes').where('tenantId', '=', tenantId).where('accountId', '=', accountId).execute();
}

export async function countUnusedRecoveryCodes(db: DB, tenantId: string, accountId: string): Promise<number> {
  return countOf(db.selectFrom('staffRecoveryCodes').where(unusedCodesOf(tenantId, accountId)));
}

export async function hasUnusedRecoveryCode(db: DB, tenantId: string, accountId: string, codeHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('staffRecoveryCodes')
    .select('id')
    .where(unusedCodesOf(tenantId, accountId))
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses one unused recovery code of the account, once: of two requests with the same code, one gets true. */
export async function useRecoveryCode(db: DB, tenantId: string, accountId: string, codeHash: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staffRecoveryCodes')
    .set({ usedAt: now })
    .where(unusedCodesOf(tenantId, accountId))
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
  return changedRows(r) === 1;
}
