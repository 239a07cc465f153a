import type { DB } from '../db/database';

/**
 * All SQL of login, registration and single sign-on. Users are global (one person, one mobile),
 * so the user and login-failure queries take no tenant id; everything that belongs to a school
 * (invitation codes, joins, nonces) does, or is looked up by a value and then compared with the
 * request's school by the service.
 */

export async function countFailures(db: DB, by: { ip: string } | { account: string }, since: number): Promise<number> {
  let q = db
    .selectFrom('loginFailures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('createdAt', '>', since);
  q = 'ip' in by ? q.where('ip', '=', by.ip) : q.where('account', '=', by.account);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertFailure(db: DB, row: { id: string; account: string | null; ip: string; createdAt: number }) {
  return db.insertInto('loginFailures').values(row).execute();
}

/** A successful password login forgets the account's failures (the IP's stay counted). */
export function clearAccountFailures(db: DB, account: string) {
  return db.deleteFrom('loginFailures').where('account', '=', account).execute();
}

/** Failures older than the longest window are never counted again. */
export function deleteOldFailures(db: DB, before: number) {
  return db.deleteFrom('loginFailures').where('createdAt', '<', before).execute();
}

export function findUserByUsername(db: DB, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function updateUser(
  db: DB,
  userId: string,
  values: { nickName?: string; realName?: string; passwordHash?: string; passwordUpdatedAt?: number; updatedAt: number },
) {
  return db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Every other live token of the user stops working (after a password change). */
export function revokeOtherTokens(db: DB, userId: string, keepTokenHash: string, now: number) {
  return db
    .updateTable('userTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('tokenHash', '!=', keepTokenHash)
    .where('revokedAt', 'is', null)
    .execute();
}

/** True for exactly one caller per nonce: a single-sign-on token works once. */
export async function claimNonce(db: DB, row: { nonce: string; tenantId: string; usedAt: number; expiresAt: number }): Promise<boolean> {
  const r = await db
    .insertInto('ssoNonces')
    .values(row)
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A nonce is kept until its token would have expired anyway. */
export function deleteExpiredNonces(db: DB, now: number) {
  return db.deleteFrom('ssoNonces').where('expiresAt', '<', now).execute();
}

/** An invitation code by its text (codes are unique across schools); the service checks its school. */
export function findInvitationByCode(db: DB, code: string) {
  return db.selectFrom('invitationCodes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertJoin(
  db: DB,
  row: { tenantId: string; userId: string; invitationId: string; enterpriseName: string; createdAt: number },
): Promise<boolean> {
  const r = await db
    .insertInto('invitationJoins')
    .values(row)
    .onConflict((oc) => oc.columns(['tenantId', 'userId', 'invitationId']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findJoin(db: DB, tenantId: string, userId: string, invitationId: string) {
  return db
    .selectFrom('invitationJoins')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('invitationId', '=', invitationId)
    .executeTakeFirst();
}

/** Counts one use; false when the code has no use left (a conditional update, so two joins agree). */
export async function useInvitation(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .updateTable('invitationCodes')
    .set((eb) => ({ usedCount: eb('usedCount', '+', 1) }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('usedCount', '<', eb.ref('maxUses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
