import { type SelectQueryBuilder, sql } from 'kysely';
import { prepared } from '../db/prepared';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
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

// Every learner request in a school reads its binding: printed once (decision 071).
const bindingOf = prepared(2, (db: DB, tenantId: string, userId: string) =>
  db.selectFrom('userTenants').selectAll().where('tenantId', '=', tenantId).where('userId', '=', userId),
);

export function findBinding(db: DB, tenantId: string, userId: string) {
  return bindingOf.first(db, tenantId, userId);
}

/**
 * Binds the user to the school with the school's next 学号 (its largest + 1), unless bound already.
 * Does nothing on either unique key: the binding (already bound) or (tenant, 学号) (another student
 * bound at the same moment took that number): the caller reads the binding and tries again if
 * there is none. The number is a subquery of the one statement, the same SQL on SQLite and PostgreSQL.
 */
export function insertBinding(db: DB, tenantId: string, userId: string, studentId: string, now: number) {
  return db
    .insertInto('userTenants')
    .values((eb) => ({
      tenantId,
      userId,
      studentId,
      createdAt: now,
      studentNo: eb.selectFrom('userTenants').select(sql<number>`coalesce(max(student_no), 0) + 1`.as('next')).where('tenantId', '=', tenantId),
    }))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The student's 证件号码 in the school (null clears it); false when the user is not bound to it. */
export async function setIdNumber(db: DB, tenantId: string, userId: string, idNumber: string | null): Promise<boolean> {
  const r = await db.updateTable('userTenants').set({ idNumber }).where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
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
    .leftJoin('userTenants as ut', (j) => j.onRef('ut.userId', '=', 't.userId').onRef('ut.tenantId', '=', 't.tenantId'))
    .select(['t.userId', 't.tenantId', 't.expiresAt', 't.revokedAt', 'ut.status as schoolStatus'])
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

/** Every live token of the user in one school stops working (a school's 强制下线 or 停用); the user's other schools keep theirs. */
export function revokeSchoolTokens(db: DB, tenantId: string, userId: string, now: number) {
  return db
    .updateTable('userTokens')
    .set({ revokedAt: now })
    .where('revokedAt', 'is', null)
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

// --- A school's students, for its staff -----------------------------------------------------

/** Which of a school's students a list holds: part of a name or mobile, and (a teacher's) only the users a subquery names. */
export interface SchoolUserFilter {
  text?: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: a one-column subquery of user ids from another domain's statement (any tables)
  onlyUsers?: SelectQueryBuilder<any, any, { userId: string }> | undefined;
}

function schoolUsers(db: DB, tenantId: string, f: SchoolUserFilter) {
  let q = db.selectFrom('userTenants as ut').innerJoin('users as u', 'u.id', 'ut.userId').where('ut.tenantId', '=', tenantId);
  if (f.text) {
    const like = containing(f.text);
    q = q.where((eb) => eb.or([eb('u.mobile', 'like', like), eb('u.realName', 'like', like), eb('u.nickName', 'like', like)]));
  }
  if (f.onlyUsers) q = q.where('ut.userId', 'in', f.onlyUsers);
  return q;
}

const SCHOOL_USER_COLUMNS = [
  'u.id',
  'u.mobile',
  'u.realName',
  'u.nickName',
  'ut.studentId',
  'ut.studentNo',
  'ut.idNumber',
  'ut.status',
  'ut.createdAt',
] as const;

/** One page of the school's students, newest first. */
export function pageSchoolUsers(db: DB, tenantId: string, f: SchoolUserFilter, w: PageWindow) {
  const filtered = schoolUsers(db, tenantId, f);
  return pageFrom(w, filtered.select(SCHOOL_USER_COLUMNS).orderBy('ut.createdAt', 'desc').orderBy('u.id', 'desc'), filtered);
}

/** At most `limit` of the school's students, newest first (the CSV file). */
export function listSchoolUsers(db: DB, tenantId: string, f: SchoolUserFilter, limit: number) {
  return schoolUsers(db, tenantId, f).select(SCHOOL_USER_COLUMNS).orderBy('ut.createdAt', 'desc').orderBy('u.id', 'desc').limit(limit).execute();
}

export function findSchoolUser(db: DB, tenantId: string, userId: string, f: SchoolUserFilter = {}) {
  return schoolUsers(db, tenantId, f).select(SCHOOL_USER_COLUMNS).where('ut.userId', '=', userId).executeTakeFirst();
}
export type SchoolUserRow = NonNullable<Awaited<ReturnType<typeof findSchoolUser>>>;

/** The student's state in the school, changed only from `from` (two staff changing it at once: one does). */
export async function setSchoolStatus(db: DB, tenantId: string, userId: string, from: number, to: number): Promise<boolean> {
  const r = await db
    .updateTable('userTenants')
    .set({ status: to })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The user's state in the school, or undefined when not bound to it. */
export async function schoolStatus(db: DB, tenantId: string, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('userTenants').select('status').where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst();
  return row?.status;
}

/** A user's mobile and real name; the mobile's unique key refuses a taken one (the caller maps the error). */
export function updateMobileAndName(db: DB, userId: string, changes: { mobile: string; realName: string; updatedAt: number }) {
  return db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Users by id: who they are and how to reach them (a school's notifications). */
export function contactsOf(db: DB, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'mobile', 'realName', 'nickName']).where('id', 'in', userIds).execute();
}
