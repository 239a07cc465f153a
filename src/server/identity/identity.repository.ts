import { prepared } from '../db/prepared';
import type { DB } from '../db/database';
import type { UserTable } from './identity.table';
import { ACCOUNT_STATUS } from '~/lib/status';

/**
 * All SQL of users, their schools and their tokens; no other domain writes these tables. Users
 * are global (a person is one mobile number); their link to a school is user_tenants. Token
 * look-ups go by the token's hash and return its tenant, which the caller compares.
 */

export function findUser(db: DB, by: 'id' | 'mobile' | 'username', value: string) {
  return db.selectFrom('users').selectAll().where(by, '=', value).executeTakeFirst();
}

export function insertUser(db: DB, user: { id: string; mobile: string; nickName: string | null; now: number }) {
  return db
    .insertInto('users')
    .values({ id: user.id, mobile: user.mobile, nickName: user.nickName, status: ACCOUNT_STATUS.ACTIVE, createdAt: user.now, updatedAt: user.now })
    .execute();
}

/** Inserts the user unless the mobile is taken (a concurrent insert waits, then does nothing); true when inserted. */
export async function insertUserIfNew(db: DB, user: { id: string; mobile: string; nickName: string | null; realName: string | null; now: number }) {
  const rows = await db
    .insertInto('users')
    .values({
      id: user.id,
      mobile: user.mobile,
      nickName: user.nickName,
      realName: user.realName,
      status: ACCOUNT_STATUS.ACTIVE,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export type UserChanges = Partial<Pick<UserTable, 'nickName' | 'realName' | 'passwordHash' | 'passwordUpdatedAt'>> & { updatedAt: number };

export function updateUser(db: DB, userId: string, changes: UserChanges) {
  return db.updateTable('users').set(changes).where('id', '=', userId).execute();
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
  return db
    .insertInto('userTokens')
    .values({ ...token, revokedAt: null })
    .execute();
}

/**
 * A token by its hash with its user, in one query (every authenticated call starts here); the
 * user's columns are null when the user no longer exists.
 */
const tokenWithUser = prepared(1, (db: DB, tokenHash: string) =>
  db
    .selectFrom('userTokens as t')
    .leftJoin('users as u', 'u.id', 't.userId')
    .select(['t.userId', 't.tenantId', 't.expiresAt', 't.revokedAt'])
    .select([
      'u.id',
      'u.mobile',
      'u.username',
      'u.passwordHash',
      'u.passwordUpdatedAt',
      'u.nickName',
      'u.realName',
      'u.avatar',
      'u.status',
      'u.createdAt',
      'u.updatedAt',
    ])
    .where('t.tokenHash', '=', tokenHash),
);

export function findTokenWithUser(db: DB, tokenHash: string) {
  return tokenWithUser.first(db, tokenHash);
}

/**
 * Live tokens stop working: one token by its hash (logout), or every other token of a user. The
 * hash alone names the token in any school: it is unique, and whoever presents the token may end it.
 */
export function revokeTokens(db: DB, which: { tokenHash: string } | { userId: string; keepTokenHash: string }, now: number) {
  const live = db.updateTable('userTokens').set({ revokedAt: now }).where('revokedAt', 'is', null);
  const q =
    'userId' in which ? live.where('userId', '=', which.userId).where('tokenHash', '!=', which.keepTokenHash) : live.where('tokenHash', '=', which.tokenHash);
  return q.execute();
}
