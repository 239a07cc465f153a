import type { DB } from '../db/database';
import type { Config } from '../config';
import { AppError } from '../errors';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { MOBILE_PATTERN } from '~/lib/sms-sign';
import { verifySmsCode } from '../sms/sms.service';
import * as identity from '../identity/identity.repository';
import {
  bindUserToTenant,
  findOrCreateUser,
  issueToken,
  userInfoOf,
  type Authenticated,
  type IssuedToken,
  type UserInfo,
} from '../identity/identity.service';
import type { User } from '../identity/identity.table';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import * as repo from './login.repository';

/**
 * Login (SMS code or password), binding to a school, the student's own profile and password.
 *
 * Every wrong credential answers the same message (login.failed), whatever was wrong: unknown
 * mobile or username, no password set, wrong password, no code, wrong, expired, used or burned
 * code. An unknown account still costs one scrypt check (against DUMMY_HASH), so the answer time
 * does not tell either. Failures are counted in login_failures: per IP address (every kind of
 * login) and per account (password logins); over the limit, logins are refused for a while
 * whatever the password.
 */

const MINUTE = 60_000;
export const LOGIN_LIMITS = {
  windowMs: 15 * MINUTE,
  /** Failed password logins of one account in the window before it is refused. */
  perAccount: 5,
  /** Failed logins (any kind) from one IP address in the window before it is refused. */
  perIp: 20,
} as const;

export const FORBIDDEN = 403;

export interface LoginContext {
  db: DB;
  config: Pick<Config, 'SESSION_SECRET' | 'SESSION_TTL_HOURS'>;
  ip: string;
  now: number;
}

const failed = () => AppError.badRequest(t('login.failed'));
const throttled = () => new AppError(ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));

/** The account key the per-account throttle counts: the text as typed, trimmed and lower-cased. */
export function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 64);
}

async function refuseWhenThrottled(ctx: LoginContext, account: string | null): Promise<void> {
  const since = ctx.now - LOGIN_LIMITS.windowMs;
  if ((await repo.countFailures(ctx.db, { ip: ctx.ip }, since)) >= LOGIN_LIMITS.perIp) throw throttled();
  if (account !== null && (await repo.countFailures(ctx.db, { account }, since)) >= LOGIN_LIMITS.perAccount) throw throttled();
}

async function recordFailure(ctx: LoginContext, account: string | null): Promise<void> {
  await repo.insertFailure(ctx.db, { id: newId(ctx.now), account, ip: ctx.ip, createdAt: ctx.now });
  // Keep the table small: rows older than the window never count again.
  await repo.deleteOldFailures(ctx.db, ctx.now - LOGIN_LIMITS.windowMs);
}

function refuseDisabled(user: User): void {
  if (user.status !== 1) throw AppError.badRequest(t('identity.userDisabled'));
}

function tokenFor(ctx: LoginContext, user: User, tenantId: string, applicationId: string | null): Promise<IssuedToken> {
  return issueToken(ctx.db, { userId: user.id, tenantId, applicationId, now: ctx.now, ttlMs: ctx.config.SESSION_TTL_HOURS * 3_600_000 });
}

export interface CodeLogin {
  tenantId: string;
  mobile: string;
  code: string;
  nickName?: string | undefined;
  applicationId?: string | null;
}

/**
 * MOBILE_LOGIN_REGISTER: the newest MOBILE_LOGIN_REGISTER code sent to the mobile for this school
 * must match; the user is created on first login (with the given nickName, if any).
 */
export async function loginWithCode(ctx: LoginContext, a: CodeLogin): Promise<IssuedToken> {
  await refuseWhenThrottled(ctx, null);
  try {
    await verifySmsCode(ctx.db, {
      tenantId: a.tenantId,
      mobile: a.mobile,
      templateCode: 'MOBILE_LOGIN_REGISTER',
      code: a.code,
      now: ctx.now,
      secret: ctx.config.SESSION_SECRET,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await recordFailure(ctx, null);
    throw failed();
  }
  let user = await findOrCreateUser(ctx.db, a.mobile, ctx.now, a.nickName);
  refuseDisabled(user);
  if (a.nickName && user.nickName !== a.nickName) {
    // The join forms send the name the student typed; it becomes their nickname.
    await repo.updateUser(ctx.db, user.id, { nickName: a.nickName, updatedAt: ctx.now });
    user = { ...user, nickName: a.nickName };
  }
  return tokenFor(ctx, user, a.tenantId, a.applicationId ?? null);
}

export interface PasswordLogin {
  tenantId: string;
  /** A mobile number or a username. */
  username: string;
  password: string;
  applicationId?: string | null;
}

export async function loginWithPassword(ctx: LoginContext, a: PasswordLogin): Promise<IssuedToken> {
  const account = accountKey(a.username);
  await refuseWhenThrottled(ctx, account);
  const name = a.username.trim();
  const user = MOBILE_PATTERN.test(name) ? await identity.findUserByMobile(ctx.db, name) : await repo.findUserByUsername(ctx.db, name);
  // Always one scrypt check, so an unknown account takes as long as a wrong password.
  const matches = await verifyPassword(a.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !matches) {
    await recordFailure(ctx, account);
    throw failed();
  }
  await repo.clearAccountFailures(ctx.db, account);
  refuseDisabled(user);
  return tokenFor(ctx, user, a.tenantId, a.applicationId ?? null);
}

/** The token's user acting on their own account only: `userId` must be theirs and `tenantId` the token's school. */
export function requireSelf(auth: Authenticated, tokenTenantId: string, a: { userId?: string | undefined; tenantId?: string | undefined }): void {
  if (a.userId !== undefined && a.userId !== auth.user.id) throw new AppError(FORBIDDEN, t('login.notSelf'));
  if (a.tenantId !== undefined && a.tenantId !== tokenTenantId) throw new AppError(ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
}

export async function bindSelf(db: DB, tenantId: string, userId: string, now: number) {
  const studentId = await bindUserToTenant(db, tenantId, userId, now);
  return { tenantId, userId, studentId };
}

export interface ProfileUpdate {
  nickName?: string | undefined;
  realName?: string | undefined;
  password?: string | undefined;
  /** The current password, when one is set… */
  oldPassword?: string | undefined;
  /** …or a MOBILE_LOGIN_REGISTER code sent to the user's mobile for this school. */
  code?: string | undefined;
}

/**
 * updateStudent: the logged-in user's nickname, real name and password. Setting the first password
 * needs only the token; changing one needs the current password or a fresh SMS code (so a stolen
 * session cannot lock the owner out), and ends every other session of the user.
 */
export async function updateProfile(ctx: LoginContext, auth: Authenticated, tenantId: string, u: ProfileUpdate): Promise<UserInfo> {
  const { user } = auth;
  const values: Parameters<typeof repo.updateUser>[2] = { updatedAt: ctx.now };
  if (u.nickName !== undefined) values.nickName = u.nickName;
  if (u.realName !== undefined) values.realName = u.realName;
  if (u.password !== undefined) {
    if (user.passwordHash) await proveOwnership(ctx, user, tenantId, u);
    values.passwordHash = await hashPassword(u.password);
    values.passwordUpdatedAt = ctx.now;
  }
  await repo.updateUser(ctx.db, user.id, values);
  if (u.password !== undefined && user.passwordHash) await repo.revokeOtherTokens(ctx.db, user.id, auth.tokenHash, ctx.now);
  const fresh = await identity.findUserById(ctx.db, user.id);
  return userInfoOf(fresh ?? user);
}

async function proveOwnership(ctx: LoginContext, user: User, tenantId: string, u: ProfileUpdate): Promise<void> {
  if (!u.oldPassword && !u.code) throw AppError.badRequest(t('login.proofRequired'));
  const account = accountKey(user.mobile);
  await refuseWhenThrottled(ctx, account);
  if (u.oldPassword) {
    if (await verifyPassword(u.oldPassword, user.passwordHash ?? DUMMY_HASH)) return;
  } else if (u.code) {
    try {
      await verifySmsCode(ctx.db, {
        tenantId,
        mobile: user.mobile,
        templateCode: 'MOBILE_LOGIN_REGISTER',
        code: u.code,
        now: ctx.now,
        secret: ctx.config.SESSION_SECRET,
      });
      return;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  await recordFailure(ctx, account);
  throw AppError.badRequest(t('login.proofWrong'));
}
