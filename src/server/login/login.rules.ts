import { createHash } from 'node:crypto';
import { MINUTE } from '~/lib/time/cst';
import type { InvitationCode } from './login.table';
import { ACCOUNT_STATUS } from '~/lib/status';
import type { AttemptLimits } from './attempts.rules';

/** The pure rules of login, invitation codes and single sign-on (tests/unit/login-rules.test.ts). */

/**
 * The password throttle (decisions 017, 030, 053): failures counted in a window. Every limit counts
 * the attempt being made, before its password is checked (attempts.rules.ts).
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * MINUTE,
  /** Failed logins of an account (mobile and username together) from a browser that logged in to it before. */
  perDevice: 5,
  /** Failed password logins of an account from one address, by browsers it does not know. */
  perAccountAddress: 5,
  /**
   * Failed password logins of an account from every address together, by browsers it does not know:
   * an outsider at one address uses up only that address's five, someone guessing from many
   * addresses is still bound.
   */
  perAccount: 10,
  /**
   * Failed logins (any kind) from one address in the window, by browsers their accounts do not know,
   * before its logins need a captcha, when nobody logged in from there.
   */
  perIp: 20,
  /** What each distinct account that logged in from the address in the window adds to the address's budget. */
  perIpPerAccountIn: 5,
} as const satisfies AttemptLimits & Record<string, number>;

/**
 * How many failed logins an address may have in the window before its logins need a captcha:
 * LOGIN_THROTTLE.perIp, plus perIpPerAccountIn for each distinct account that logged in
 * successfully from it in the window. A classroom or an office behind one address proves itself
 * by its members logging in, so a few typos each never lock the room out; a spray from one address
 * knows no passwords, so its budget stays at perIp (plus perIpPerAccountIn for each account of its
 * own, which it had to own first). A success also forgives its account's failures for the address
 * (they keep counting for the account, decision 095), so only unresolved failures use the budget.
 */
export function addressFailureBudget(accountsLoggedIn: number): number {
  return LOGIN_THROTTLE.perIp + LOGIN_THROTTLE.perIpPerAccountIn * Math.max(0, accountsLoggedIn);
}

/**
 * The key the per-account throttle counts (login_failures.account, at most 64 characters).
 * A name that is an account's mobile or username counts against that account, `user:<id>`, so
 * its mobile and its username share one budget. A name that matches no account counts against
 * itself, `name:` + a digest of the text as typed (trimmed, lower-cased): an unknown name is
 * throttled exactly like an account's, and the table never keeps what was typed (people type
 * passwords into the name field).
 */
export function throttleKey(typed: string, userId: string | null): string {
  if (userId !== null) return `user:${userId}`;
  return `name:${createHash('sha256').update(typed.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** A code that may be used now in this school: its own school, active, unexpired, uses left. */
export function invitationUsable(code: InvitationCode | undefined, tenantId: string, now: number): code is InvitationCode {
  return (
    !!code &&
    code.tenantId === tenantId &&
    code.status === ACCOUNT_STATUS.ACTIVE &&
    (code.expiresAt === null || code.expiresAt > now) &&
    (code.maxUses === null || code.usedCount < code.maxUses)
  );
}

export const SSO_MAX_LIFETIME_S = 300;
/** Tolerated clock difference between the signing system and the portal. */
export const SSO_CLOCK_SKEW_S = 60;

/**
 * A single-sign-on token's times (epoch seconds) at `nowS`: not expired, living at most
 * SSO_MAX_LIFETIME_S, and not issued later than the tolerated clock difference.
 */
export function ssoTimesValid(p: { iat: number; exp: number }, nowS: number): boolean {
  return p.exp > nowS && p.exp >= p.iat && p.exp - p.iat <= SSO_MAX_LIFETIME_S && p.iat <= nowS + SSO_CLOCK_SKEW_S;
}

/** The partner's address with the ticket added to its query. */
export function partnerUrl(base: string, ticket: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}ticket=${ticket}`;
}
