import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/database';
import type { PageWindow } from '../db/paging';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { Authenticated, Scope, Student } from '../http/scope';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { MOBILE_PATTERN } from '~/lib/sms-codes';
import type { IssuedToken, UserInfo } from '~/lib/api/contracts/identity';
import * as repo from './identity.repository';
import type { User } from './identity.table';
import { decryptTokenParam } from './token-param';
import { ACCOUNT_STATUS } from '~/lib/status';

export type { Authenticated, Student, User };
export type UserChanges = repo.UserChanges;

/**
 * Users, their schools and their sessions: the one domain that writes users, user_tenants and
 * user_tokens. The functions that take a database and explicit ids serve the request scope, the
 * login domain, the seed and the tests alike (a session may be for another school than the
 * request's: single sign-on names its own); the calls of the routes take the scope.
 */

/** Tokens: 256 random bits, handed out once, stored only as SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  db: DB,
  args: { userId: string; tenantId: string; applicationId?: string | null; now: number; ttlMs: number },
): Promise<IssuedToken> {
  // A school's disabled student gets no new session there (every way in issues its token here).
  if ((await repo.schoolStatus(db, args.tenantId, args.userId)) === ACCOUNT_STATUS.DISABLED) throw AppError.badRequest(t('identity.schoolDisabled'));
  const token = randomBytes(32).toString('base64url');
  const expiration = args.now + args.ttlMs;
  await repo.insertToken(db, {
    id: newId(args.now),
    tokenHash: hashToken(token),
    userId: args.userId,
    tenantId: args.tenantId,
    applicationId: args.applicationId ?? null,
    createdAt: args.now,
    expiresAt: expiration,
  });
  return { userId: args.userId, token, expiration };
}

const tokenInvalid = () => new AppError(ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));

/**
 * The user of a token for this tenant, or the login-invalid code that tells the browser to log
 * in again: 40001 missing, unknown or expired; 40005 revoked; 40009 issued for another school.
 */
export async function authenticate(db: DB, token: string | null, tenantId: string, now: number): Promise<Authenticated> {
  if (!token) throw tokenInvalid();
  const tokenHash = hashToken(token);
  const row = await repo.findTokenWithUser(db, tokenHash);
  if (!row || row.expiresAt <= now) throw tokenInvalid();
  if (row.revokedAt !== null) throw new AppError(ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
  if (row.tenantId !== tenantId) throw new AppError(ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  if (row.id === null) throw tokenInvalid();
  const user: User = {
    id: row.id,
    mobile: row.mobile!,
    username: row.username,
    passwordHash: row.passwordHash,
    passwordUpdatedAt: row.passwordUpdatedAt,
    nickName: row.nickName,
    realName: row.realName,
    avatar: row.avatar,
    status: row.status!,
    createdAt: row.createdAt!,
    updatedAt: row.updatedAt!,
  };
  if (user.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError(ErrorCode.TOKEN_REVOKED, t('identity.userDisabled'));
  if (row.schoolStatus === ACCOUNT_STATUS.DISABLED) throw new AppError(ErrorCode.TOKEN_REVOKED, t('identity.schoolDisabled'));
  return { user, tokenHash };
}

/**
 * The student of a logged-in user in this school. The client binds right after every login; a
 * user who reaches a student call first is bound here (idempotent), as that call would have.
 */
export async function studentOf(db: DB, tenantId: string, auth: Authenticated, now: number): Promise<Student> {
  const studentId = await bindUserToTenant(db, tenantId, auth.user.id, now);
  return { tenantId, studentId, user: auth.user };
}

/** The user with this mobile, created on first use (code login registers). */
export async function findOrCreateUser(db: DB, mobile: string, now: number, nickName?: string | null): Promise<User> {
  const existing = await repo.findUser(db, 'mobile', mobile);
  if (existing) return existing;
  const id = newId(now);
  try {
    await repo.insertUser(db, { id, mobile, nickName: nickName ?? t('identity.defaultNickName', { tail: mobile.slice(-4) }), now });
  } catch (error) {
    // Two first logins of one mobile at once: the other insert won.
    const raced = await repo.findUser(db, 'mobile', mobile);
    if (raced) return raced;
    throw error;
  }
  return (await repo.findUser(db, 'id', id))!;
}

/**
 * Tries of a binding whose 学号 another binding took at the same moment. A try that loses waits for
 * the winner's commit (the unique key) and the next one reads it, so each try lets one more binding
 * of the school through: enough for every connection of several instances binding at once (each
 * instance's pool is far smaller).
 */
const BIND_TRIES = 64;

/** Binds a user to a school (idempotent) with the school's next 学号, and returns the student id there. */
export async function bindUserToTenant(db: DB, tenantId: string, userId: string, now: number): Promise<string> {
  for (let i = 0; i < BIND_TRIES; i++) {
    const existing = await repo.findBinding(db, tenantId, userId);
    if (existing) return existing.studentId;
    await repo.insertBinding(db, tenantId, userId, newId(now), now);
  }
  const bound = await repo.findBinding(db, tenantId, userId);
  if (!bound) throw new Error(`no 学号 could be allocated for user ${userId} in school ${tenantId}`);
  return bound.studentId;
}

/**
 * A school's student by mobile, for staff enrolling them: the user of the mobile (created with the
 * name given when the mobile is new; an existing user's own names are left alone) bound to the
 * school with a student id there. Safe inside a transaction and under concurrency: the inserts
 * do nothing when another one won, so it never fails on a unique key.
 */
export async function ensureSchoolStudent(
  db: DB,
  input: { tenantId: string; mobile: string; realName: string | null; now: number },
): Promise<{ userId: string; studentId: string; created: boolean }> {
  const created = await repo.insertUserIfNew(db, {
    id: newId(input.now),
    mobile: input.mobile,
    nickName: input.realName || t('identity.defaultNickName', { tail: input.mobile.slice(-4) }),
    realName: input.realName || null,
    now: input.now,
  });
  const user = (await repo.findUser(db, 'mobile', input.mobile))!;
  const studentId = await bindUserToTenant(db, input.tenantId, user.id, input.now);
  return { userId: user.id, studentId, created };
}

export function findUser(db: DB, id: string): Promise<User | undefined> {
  return repo.findUser(db, 'id', id);
}

/** The user of the name typed at a password login: a mobile number or a username. */
export function findUserByAccount(db: DB, account: string): Promise<User | undefined> {
  return repo.findUser(db, MOBILE_PATTERN.test(account) ? 'mobile' : 'username', account);
}

export function updateUser(db: DB, userId: string, changes: UserChanges): Promise<unknown> {
  return repo.updateUser(db, userId, changes);
}

/** Every other live session of the user ends (after a password change); `keepTokenHash` goes on. */
export function endOtherSessions(db: DB, userId: string, keepTokenHash: string, now: number): Promise<unknown> {
  return repo.revokeTokens(db, { userId, keepTokenHash }, now);
}

export function userInfoOf(user: User): UserInfo {
  return {
    id: user.id,
    userId: user.id,
    type: 'user',
    avatar: user.avatar,
    realName: user.realName,
    nickName: user.nickName,
    username: user.username,
    mobile: user.mobile,
  };
}

// --- A school's students, for its staff (学员管理) ----------------------------------------------

export type { SchoolUserFilter, SchoolUserRow } from './identity.repository';

/** The student's 证件号码 in the school (null clears it); false when not bound to it. */
export function setSchoolIdNumber(db: DB, tenantId: string, userId: string, idNumber: string | null): Promise<boolean> {
  return repo.setIdNumber(db, tenantId, userId, idNumber);
}

export function pageSchoolUsers(db: DB, tenantId: string, f: repo.SchoolUserFilter, w: PageWindow) {
  return repo.pageSchoolUsers(db, tenantId, f, w);
}

export function listSchoolUsers(db: DB, tenantId: string, f: repo.SchoolUserFilter, limit: number) {
  return repo.listSchoolUsers(db, tenantId, f, limit);
}

/** The school's student (a user bound to it) among those the filter lets through, or undefined. */
export function findSchoolUser(db: DB, tenantId: string, userId: string, f?: repo.SchoolUserFilter) {
  return repo.findSchoolUser(db, tenantId, userId, f);
}

/** Disables or enables the student in one school only; false when it was not in the state `from` any more. */
export function setSchoolStatus(db: DB, tenantId: string, userId: string, from: number, to: number): Promise<boolean> {
  return repo.setSchoolStatus(db, tenantId, userId, from, to);
}

/** Ends every live session of the user in the school; the number ended. */
export async function endSchoolSessions(db: DB, tenantId: string, userId: string, now: number): Promise<number> {
  return Number((await repo.revokeSchoolTokens(db, tenantId, userId, now)).numUpdatedRows);
}

/** Whether another user has the mobile (a person is one mobile number across the portal). */
export async function mobileTakenByOther(db: DB, mobile: string, userId: string): Promise<boolean> {
  const other = await repo.findUser(db, 'mobile', mobile);
  return !!other && other.id !== userId;
}

/** A user's mobile and real name. Throws the database's unique-key error when another user took the mobile meanwhile (see isUniqueViolation). */
export function updateMobileAndName(db: DB, userId: string, changes: { mobile: string; realName: string; now: number }): Promise<unknown> {
  return repo.updateMobileAndName(db, userId, { mobile: changes.mobile, realName: changes.realName, updatedAt: changes.now });
}

/** PostgreSQL's unique_violation and SQLite's unique constraint failure: another write took the key first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === PG_UNIQUE_VIOLATION || code === SQLITE_UNIQUE_VIOLATION;
}
const PG_UNIQUE_VIOLATION = '23505';
const SQLITE_UNIQUE_VIOLATION = 'SQLITE_CONSTRAINT_UNIQUE';

// --- The calls ------------------------------------------------------------------------------

/** The token inside a link's encrypted token parameter (made with TOKEN_PARAM_SECRET). */
export function readTokenParam(s: Scope, param: string): { token: string } {
  const token = decryptTokenParam(param, s.config.TOKEN_PARAM_SECRET);
  if (!token) throw AppError.badRequest(t('identity.badTokenParam'));
  return { token };
}

export async function currentUserInfo(s: Scope): Promise<UserInfo> {
  return userInfoOf((await s.user()).user);
}

/**
 * Ends the session of the token presented, whichever school it was issued for and whichever
 * school's site sends it (a visitor who switched schools with ?schoolId= logs out with the other
 * school's TenantId): the token is the authority, and ending it is the least its holder may do.
 * Refusing would leave a live session behind a browser that has already forgotten it. No token,
 * an unknown, expired or already ended one is fine: nothing is live to end. Decision 017.
 */
export async function logout(s: Scope): Promise<null> {
  const token = s.headers.token;
  if (token) await repo.revokeTokens(s.db, { tokenHash: hashToken(token) }, s.now);
  return null;
}

export interface UserContact {
  id: string;
  mobile: string;
  /** The real name, else the nickname, else ''. */
  name: string;
}

/** How to reach each user (their mobile and name), by id; ids of no user are left out. */
export async function contactsOf(db: DB, userIds: readonly string[]): Promise<Map<string, UserContact>> {
  const out = new Map<string, UserContact>();
  const CHUNK = 500;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    for (const r of await repo.contactsOf(db, userIds.slice(i, i + CHUNK)))
      out.set(r.id, { id: r.id, mobile: r.mobile ?? '', name: r.realName || r.nickName || '' });
  }
  return out;
}
