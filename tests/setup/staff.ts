import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createStaffAccount } from '~/server/staff/accounts/accounts.service';
import { STAFF_COOKIE, openSession } from '~/server/staff/accounts/sessions.service';
import { csrfTokenOf } from '~/server/staff/accounts/accounts.rules';
import { DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '~/dev/seed/staff';
import type { StaffRole } from '~/lib/staff/roles';
import * as staff from '~/lib/api/contracts/staff';
import type { Answer, RequestOptions, TestServer } from './server';

/**
 * Staff accounts and sessions for API tests, made through the staff services (no scrypt, no
 * sign-in call) so each test gets fresh ones quickly. A session's headers are what a browser
 * sends: the cookie and, for writes, the CSRF token.
 */

export { DEMO_STAFF_PASSWORD };

export interface TestStaff {
  id: string;
  tenantId: string;
  mobile: string;
  name: string;
  role: StaffRole;
}

export interface TestStaffSession {
  cookie: string;
  csrf: string;
  sessionId: string;
  token: string;
}

let counter = 0;

/** A mobile no other account of this run has: 136 + pid digits + a counter. */
export function freshStaffMobile(): string {
  counter += 1;
  return `136${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

/** A new active account with the demo staff password (DEMO_STAFF_PASSWORD). */
export async function makeStaff(server: TestServer, tenantId: string, role: StaffRole, name = `员工${counter + 1}`): Promise<TestStaff> {
  const mobile = freshStaffMobile();
  const id = await createStaffAccount(server.runtime.db, { tenantId, mobile, name, role, passwordHash: DEMO_STAFF_HASH, now: server.clock.value });
  return { id, tenantId, mobile, name, role };
}

/** A session of the account opened now, as a successful sign-in would. */
export async function sessionOf(server: TestServer, account: Pick<TestStaff, 'id' | 'tenantId'>, userAgent = 'Vitest'): Promise<TestStaffSession> {
  const opened = await openSession(server.runtime.db, {
    tenantId: account.tenantId,
    accountId: account.id,
    userAgent,
    ip: '127.0.0.1',
    now: server.clock.value,
  });
  return {
    cookie: `${STAFF_COOKIE}=${opened.token}`,
    csrf: csrfTokenOf(opened.tokenHash, server.runtime.config.SESSION_SECRET),
    sessionId: opened.sessionId,
    token: opened.token,
  };
}

/** The request options of a staff session (cookie and CSRF token) for the given school. */
export function asStaff(session: TestStaffSession | null, tenant: string | null, headers: Record<string, string> = {}): RequestOptions {
  return {
    tenant,
    headers: { ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } : {}), ...headers },
  };
}

/** The session cookie a Set-Cookie header sets (its value only), or null. */
export function cookieFrom(answer: Answer): string | null {
  const set = answer.headers.get('set-cookie');
  const m = set ? new RegExp(`${STAFF_COOKIE}=([^;]*)`).exec(set) : null;
  return m ? m[1]! : null;
}

/** Signs in through the API with a password (no second factor) and returns the session. */
export async function signInAs(
  server: TestServer,
  tenantId: string,
  mobile: string,
  password = DEMO_STAFF_PASSWORD,
): Promise<TestStaffSession & { me: staff.StaffMe }> {
  const a = await server.call(staff.signIn, { mobile, password }, { tenant: tenantId });
  expect(a.body, JSON.stringify(a.body)).toMatchObject({ code: 0, data: { step: 'done' } });
  const token = cookieFrom(a)!;
  const me = a.body.data.me as staff.StaffMe;
  return { cookie: `${STAFF_COOKIE}=${token}`, csrf: me.csrfToken, sessionId: me.sessionId, token, me };
}

/**
 * Ids a test made, which pick its own audit entries out of a log other tests of the file also write
 * to: the acting account, the target, the request (X-Request-Id, see freshRequestId). Never a time:
 * every test starts at the same clock value.
 */
export interface OwnAuditIds {
  actorId?: string;
  targetId?: string;
  requestId?: string;
}

/** The audit entries of a school with all the given ids (at least one), oldest first. */
export function auditOf(server: TestServer, tenantId: string, own: OwnAuditIds) {
  if (!own.actorId && !own.targetId && !own.requestId) throw new Error('auditOf: name an actor, target or request the test made');
  let query = server.runtime.db.selectFrom('staffAuditLog').selectAll().where('tenantId', '=', tenantId);
  if (own.actorId) query = query.where('actorId', '=', own.actorId);
  if (own.targetId) query = query.where('targetId', '=', own.targetId);
  if (own.requestId) query = query.where('requestId', '=', own.requestId);
  return query.orderBy('createdAt', 'asc').orderBy('id', 'asc').execute();
}

/** A request id (X-Request-Id) no other test uses: the server keeps it on the audit entries a request writes. */
export const freshRequestId = (label: string) => `${label}-${randomUUID()}`;

/**
 * Every audit entry of a school, oldest first: of a school the test made itself, or for what holds of
 * the whole log (a secret appears nowhere in it).
 */
export function auditOfSchool(server: TestServer, tenantId: string) {
  return server.runtime.db.selectFrom('staffAuditLog').selectAll().where('tenantId', '=', tenantId).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute();
}

/**
 * The entries auditOf(own) finds from now on and not now: for a test that audits its own target's
 * later step only. `const later = await auditFromNow(…); …the step…; expect(await later())…`
 */
export async function auditFromNow(server: TestServer, tenantId: string, own: OwnAuditIds) {
  const earlier = new Set((await auditOf(server, tenantId, own)).map((r) => r.id));
  return async () => (await auditOf(server, tenantId, own)).filter((r) => !earlier.has(r.id));
}
