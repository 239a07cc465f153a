import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import * as repo from './identity.repository';
import type { User } from './identity.table';
import type { Authenticated, Student } from '../http/scope';

export type { Authenticated, Student };

/** Tokens: 256 random bits, handed out once, stored only as SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  userId: string;
  token: string;
  /** Epoch ms when the token stops working. */
  expiration: number;
}

export async function issueToken(
  db: DB,
  args: { userId: string; tenantId: string; applicationId?: string | null; now: number; ttlMs: number },
): Promise<IssuedToken> {
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


/**
 * The user of a token for this tenant, or the login-invalid code that tells the browser to log
 * in again: 40001 missing, unknown or expired; 40005 revoked; 40009 issued for another school.
 */
export async function authenticate(db: DB, token: string | null, tenantId: string, now: number): Promise<Authenticated> {
  if (!token) throw new AppError(ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  const tokenHash = hashToken(token);
  const row = await repo.findTokenByHash(db, tokenHash);
  if (!row || row.expiresAt <= now) throw new AppError(ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  if (row.revokedAt !== null) throw new AppError(ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
  if (row.tenantId !== tenantId) throw new AppError(ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  const user = await repo.findUserById(db, row.userId);
  if (!user) throw new AppError(ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  if (user.status !== 1) throw new AppError(ErrorCode.TOKEN_REVOKED, t('identity.userDisabled'));
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

export async function revoke(db: DB, tenantId: string, token: string, now: number): Promise<void> {
  await repo.revokeToken(db, tenantId, hashToken(token), now);
}

/** The user with this mobile, created on first use (code login registers). */
export async function findOrCreateUser(db: DB, mobile: string, now: number, nickName?: string | null): Promise<User> {
  const existing = await repo.findUserByMobile(db, mobile);
  if (existing) return existing;
  const id = newId(now);
  try {
    await repo.insertUser(db, { id, mobile, nickName: nickName ?? `学员${mobile.slice(-4)}`, now });
  } catch (error) {
    // Two first logins of one mobile at once: the other insert won.
    const raced = await repo.findUserByMobile(db, mobile);
    if (raced) return raced;
    throw error;
  }
  return (await repo.findUserById(db, id))!;
}

/** Binds a user to a school (idempotent) and returns the student id there. */
export async function bindUserToTenant(db: DB, tenantId: string, userId: string, now: number): Promise<string> {
  const existing = await repo.findBinding(db, tenantId, userId);
  if (existing) return existing.studentId;
  await repo.insertBinding(db, tenantId, userId, newId(now), now);
  return (await repo.findBinding(db, tenantId, userId))!.studentId;
}

export interface UserInfo {
  id: string;
  userId: string;
  type: 'user';
  avatar: string | null;
  realName: string | null;
  nickName: string | null;
  username: string | null;
  mobile: string;
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
