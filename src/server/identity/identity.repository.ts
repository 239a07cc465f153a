import type { DB } from '../db/database';

/**
 * Users are global (a person is one mobile number); their link to a school is user_tenants.
 * Token look-ups go by the token's hash and return its tenant, which the caller compares.
 */
export function findUserById(db: DB, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByMobile(db: DB, mobile: string) {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export function insertUser(db: DB, user: { id: string; mobile: string; nickName: string | null; now: number }) {
  return db
    .insertInto('users')
    .values({ id: user.id, mobile: user.mobile, nickName: user.nickName, status: 1, createdAt: user.now, updatedAt: user.now })
    .execute();
}

export function findBinding(db: DB, tenantId: string, userId: string) {
  return db.selectFrom('userTenants').selectAll().where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst();
}

export function insertBinding(db: DB, tenantId: string, userId: string, studentId: string, now: number) {
  return db
    .insertInto('userTenants')
    .values({ tenantId, userId, studentId, createdAt: now })
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doNothing())
    .execute();
}

export function insertToken(
  db: DB,
  token: { id: string; tokenHash: string; userId: string; tenantId: string; applicationId: string | null; createdAt: number; expiresAt: number },
) {
  return db.insertInto('userTokens').values({ ...token, revokedAt: null }).execute();
}

export function findTokenByHash(db: DB, tokenHash: string) {
  return db.selectFrom('userTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export function revokeToken(db: DB, tenantId: string, tokenHash: string, now: number) {
  return db
    .updateTable('userTokens')
    .set({ revokedAt: now })
    .where('tenantId', '=', tenantId)
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
}
