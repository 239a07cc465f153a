import { MINUTE } from '~/lib/time/cst';
import type { InvitationCode } from './login.table';

/** The pure rules of login, invitation codes and single sign-on (tests/unit/login-rules.test.ts). */

/** The password throttle: failures counted in a window, per account and per address. */
export const LOGIN_THROTTLE = {
  windowMs: 15 * MINUTE,
  /** Failed password logins of one account in the window before it is refused. */
  perAccount: 5,
  /** Failed logins (any kind) from one IP address in the window before it is refused. */
  perIp: 20,
} as const;

/** The account key the per-account throttle counts: the text as typed, trimmed and lower-cased. */
export function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 64);
}

/** A code that may be used now in this school: its own school, active, unexpired, uses left. */
export function invitationUsable(code: InvitationCode | undefined, tenantId: string, now: number): code is InvitationCode {
  return (
    !!code &&
    code.tenantId === tenantId &&
    code.status === 1 &&
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
