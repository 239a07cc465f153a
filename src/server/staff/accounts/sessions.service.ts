import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_STATUS } from '~/lib/staff/roles';
import type { StaffMe, StaffSessionInfo } from '~/lib/api/contracts/staff';
import { auditStaffAction, auditStaffChange } from '../audit/audit.service';
import { STAFF_SESSION, csrfTokenOf, hashToken, sessionEndsAt, sessionState, shouldTouch, userAgentOf } from './accounts.rules';
import type { StaffActor } from './accounts.table';
import * as repo from './accounts.repository';

/**
 * Staff sessions: an HttpOnly cookie holding 256 random bits, of which the database keeps only the
 * SHA-256. A session belongs to one account of one school; it ends after an hour unused, twelve
 * hours after signing in, on signing out, when its owner ends it from another device, when the
 * password changes, or when an administrator disables the account.
 */

/** The cookie's name. Path=/ so the /admin pages can see who is there; HttpOnly, SameSite=Strict. */
export const STAFF_COOKIE = 'szyx_staff';

export type { StaffActor };

/** A session just opened: the token goes into the cookie and nowhere else. */
export interface IssuedSession {
  sessionId: string;
  token: string;
  tokenHash: string;
  expiresAt: number;
}

const signInRequired = () => new AppError(ErrorCode.TOKEN_INVALID, t('staff.signInRequired'));

/**
 * The staff member of a session token for this school, or the refusal the staff screens answer by
 * going to the sign-in page: 40001 no token, unknown, idle or expired; 40005 ended or the account
 * disabled; 40009 a session of another school. A session in use is noted at most once a minute.
 */
export async function authenticateStaff(db: DB, token: string | null, tenant: { id: string; name: string }, now: number): Promise<StaffActor> {
  if (!token) throw signInRequired();
  const tokenHash = hashToken(token);
  const row = await repo.findSessionWithAccount(db, tokenHash);
  if (!row) throw signInRequired();
  if (row.tenantId !== tenant.id || row.accountTenantId !== tenant.id) throw new AppError(ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
  const state = sessionState(row, now);
  if (state === 'revoked') throw new AppError(ErrorCode.TOKEN_REVOKED, t('staff.sessionRevoked'));
  if (state !== 'active') throw new AppError(ErrorCode.TOKEN_INVALID, t('staff.sessionExpired'));
  if (row.status !== STAFF_STATUS.active) throw new AppError(ErrorCode.TOKEN_REVOKED, t('staff.accountDisabled'));
  if (shouldTouch(row.lastSeenAt, now)) await repo.touchSession(db, row.sessionId, now);
  return {
    tenant: { id: tenant.id, name: tenant.name },
    account: { id: row.accountId, name: row.name, mobile: row.mobile, role: row.role, secondFactor: row.totpSecret !== null },
    session: { id: row.sessionId, tokenHash },
  };
}

/** Opens a session for an account that has just proven who it is. */
export async function openSession(
  db: DB,
  a: { tenantId: string; accountId: string; userAgent: string | null; ip: string; now: number },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const sessionId = newId(a.now);
  const expiresAt = a.now + STAFF_SESSION.absoluteMs;
  await repo.insertSession(db, {
    id: sessionId,
    tenantId: a.tenantId,
    accountId: a.accountId,
    tokenHash,
    userAgent: userAgentOf(a.userAgent),
    ip: a.ip.slice(0, 64),
    createdAt: a.now,
    lastSeenAt: a.now,
    expiresAt,
    revokedAt: null,
  });
  await repo.updateAccount(db, a.tenantId, a.accountId, { lastSignInAt: a.now });
  await repo.deleteEndedSessions(db, a.now - STAFF_SESSION.keepEndedMs);
  return { sessionId, token, tokenHash, expiresAt };
}

/** The Set-Cookie value of a new session (Secure when the site is on https). */
export function sessionCookie(session: IssuedSession, now: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
  return `${STAFF_COOKIE}=${session.token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the cookie. */
export function clearedCookie(secure: boolean): string {
  return `${STAFF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** What the browser learns about itself (the /admin pages and GET /api/admin/session/me). */
export function meOf(s: Scope, actor: StaffActor): StaffMe {
  return {
    account: { ...actor.account },
    school: { id: actor.tenant.id, name: actor.tenant.name },
    sessionId: actor.session.id,
    csrfToken: csrfTokenOf(actor.session.tokenHash, s.config.SESSION_SECRET),
  };
}

/** The CSRF token of a session given by its hash (the gate compares it with the request's header). */
export function csrfTokenFor(actor: StaffActor, config: Pick<Config, 'SESSION_SECRET'>): string {
  return csrfTokenOf(actor.session.tokenHash, config.SESSION_SECRET);
}

export const actorOf = (actor: StaffActor) => ({ id: actor.account.id, name: actor.account.name });

export async function listMySessions(s: Scope, actor: StaffActor): Promise<StaffSessionInfo[]> {
  const rows = await repo.listLiveSessions(s.db, actor.tenant.id, actor.account.id, s.now);
  return rows.map((r) => ({
    id: r.id,
    current: r.id === actor.session.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    expiresAt: sessionEndsAt(r),
  }));
}

/** Ends one of the person's own sessions (the current one too: that is signing out there). */
export async function revokeMySession(s: Scope, actor: StaffActor, sessionId: string): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.revokeSession(trx, actor.tenant.id, actor.account.id, sessionId, s.now))) throw AppError.notFound(t('staff.sessionNotFound'));
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.sessionRevoke, { type: AUDIT_TARGET.session, id: sessionId }, { revoked: [false, true] });
  });
}

/** Ends every other session of the person: how many were open. */
export async function revokeOtherSessions(s: Scope, actor: StaffActor): Promise<number> {
  return s.db.transaction().execute(async (trx) => {
    const revoked = await repo.revokeSessionsOf(trx, actor.tenant.id, actor.account.id, s.now, actor.session.id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.sessionRevokeOthers, { type: AUDIT_TARGET.account, id: actor.account.id }, null, {
      revokedSessions: revoked,
    });
    return revoked;
  });
}

export async function signOut(s: Scope, actor: StaffActor): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    await repo.revokeSession(trx, actor.tenant.id, actor.account.id, actor.session.id, s.now);
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.signOut, { type: AUDIT_TARGET.session, id: actor.session.id }, { revoked: [false, true] });
  });
}

/** Ends every session of an account (disabled, password changed elsewhere): how many were open. */
export function endSessionsOf(db: DB, tenantId: string, accountId: string, now: number, keepId?: string): Promise<number> {
  return repo.revokeSessionsOf(db, tenantId, accountId, now, keepId);
}
