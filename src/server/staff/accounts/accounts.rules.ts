import { createHash, createHmac, randomBytes } from 'node:crypto';
import { HOUR, MINUTE } from '~/lib/time/cst';
import { STAFF_ROLE, STAFF_STATUS, type StaffRole, type StaffStatus } from '~/lib/staff/roles';

/** The pure rules of staff accounts, sessions, invitations and the second factor (tests/unit/staff-rules.test.ts). */

/**
 * A staff session ends after an hour without use (idle) and twelve hours after signing in
 * (absolute), whichever comes first: a workday at the office without signing in again, and a
 * desk left alone is closed within the hour. Use is recorded at most once a minute (one write a
 * minute, not one a request), so the idle end may come up to a minute early, never late.
 */
export const STAFF_SESSION = {
  idleMs: 60 * MINUTE,
  absoluteMs: 12 * HOUR,
  touchEveryMs: MINUTE,
  /** Rows of sessions that ended longer ago than this are deleted (at the next sign-in of anyone). */
  keepEndedMs: 30 * 24 * HOUR,
} as const;

export type SessionState = 'active' | 'idle' | 'expired' | 'revoked';

export function sessionState(s: { lastSeenAt: number; expiresAt: number; revokedAt: number | null }, now: number): SessionState {
  if (s.revokedAt !== null) return 'revoked';
  if (now >= s.expiresAt) return 'expired';
  if (now - s.lastSeenAt >= STAFF_SESSION.idleMs) return 'idle';
  return 'active';
}

/** When the session ends if it is not used again. */
export function sessionEndsAt(s: { lastSeenAt: number; expiresAt: number }): number {
  return Math.min(s.lastSeenAt + STAFF_SESSION.idleMs, s.expiresAt);
}

/** Whether this use is worth writing down (the last one written is a minute old or more). */
export function shouldTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= STAFF_SESSION.touchEveryMs;
}

/**
 * The sign-in throttle (decision 053, attempts.rules.ts): failures in the last 15 minutes, wrong
 * passwords and wrong second-factor codes together, each counted before it is checked. A browser
 * that signed in to the account before counts against itself alone; others per account and
 * address, per account from every address, and per client address (every school together), where
 * over the budget a captcha is asked instead of a refusal.
 */
export const STAFF_THROTTLE = {
  windowMs: 15 * MINUTE,
  perDevice: 5,
  perAccountAddress: 5,
  perAccount: 10,
  perIp: 20,
} as const;

/**
 * What the per-account throttle counts: the account (`staff:<id>`), or, for a mobile that is
 * nobody's in the school, `name:` + a digest of what was typed, so unknown names are throttled
 * like real ones and the table never keeps what was typed.
 */
export function accountKey(typed: string, accountId: string | null): string {
  if (accountId !== null) return `staff:${accountId}`;
  return `name:${createHash('sha256').update(typed.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** An invitation link works for three days; a second-factor step for five minutes after the password. */
export const INVITATION_TTL_MS = 72 * HOUR;
export const CHALLENGE_TTL_MS = 5 * MINUTE;

/**
 * A password reset link works for a day: long enough to reach a colleague who is away from their
 * desk, shorter than an invitation because the account it opens exists already.
 */
export const PASSWORD_RESET_TTL_MS = 24 * HOUR;

export type InvitationState = 'usable' | 'used' | 'revoked' | 'expired';

/** The state of a one-time link (an invitation or a password reset link): used, revoked, or usable until it expires. */
export function invitationState(inv: { usedAt: number | null; revokedAt: number | null; expiresAt: number }, now: number): InvitationState {
  if (inv.usedAt !== null) return 'used';
  if (inv.revokedAt !== null) return 'revoked';
  return now < inv.expiresAt ? 'usable' : 'expired';
}

/**
 * TOTP as authenticator apps make it (RFC 6238: SHA-1, 6 digits, 30-second steps). A code of the
 * step before or after the server's is accepted too (a phone's clock a little off, a code typed
 * as it changed), and a step is accepted at most once per account: a code seen over a shoulder,
 * or sent twice, does not work again.
 */
export const TOTP = { periodS: 30, digits: 6, toleranceSteps: 1 } as const;

export function totpStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP.periodS);
}

/** Whether a code of `step` may be accepted now, after `lastStep` was (null: never). */
export function totpStepAcceptable(step: number, nowMs: number, lastStep: number | null): boolean {
  const current = totpStepAt(nowMs);
  return Math.abs(step - current) <= TOTP.toleranceSteps && (lastStep === null || step > lastStep);
}

/** Session and invitation tokens are 256 random bits handed out once and stored only as SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token: an HMAC of the session's token hash with the server's secret, so it
 * needs no storage, differs per session, and cannot be made without the secret or the cookie.
 */
export function csrfTokenOf(tokenHash: string, secret: string): string {
  return createHmac('sha256', secret).update(`staff-csrf:${tokenHash}`).digest('base64url');
}

/**
 * Whether a change to one account leaves the school at least one active administrator: it does
 * when the account is not an active administrator now, stays one after the change, or another
 * active administrator exists.
 */
export function leavesAnActiveAdmin(
  target: { role: StaffRole; status: StaffStatus },
  change: { role?: StaffRole; status?: StaffStatus },
  otherActiveAdmins: number,
): boolean {
  const isAdmin = (a: { role: StaffRole; status: StaffStatus }) => a.role === STAFF_ROLE.admin && a.status === STAFF_STATUS.active;
  if (!isAdmin(target)) return true;
  if (isAdmin({ role: change.role ?? target.role, status: change.status ?? target.status })) return true;
  return otherActiveAdmins > 0;
}

/** A user agent as kept and shown: one line, 256 characters at most. */
export function userAgentOf(header: string | undefined | null): string {
  return (header ?? '')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, 256);
}

/**
 * Recovery codes for a lost phone: ten at a time, each 80 random bits as 16 base-32 characters
 * (far beyond guessing, so a SHA-256 of each is enough to keep), shown once in four groups of four.
 */
export const RECOVERY_CODES = { count: 10, bytes: 10 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 10 bytes as 16 base-32 characters (RFC 4648 alphabet, no padding: 80 bits fill 16 characters). */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A new set of codes: what is shown (ABCD-EFGH-JKLM-NPQR) and what is kept (the hash of the 16 characters). */
export function newRecoveryCodes(): { shown: string; hash: string }[] {
  return Array.from({ length: RECOVERY_CODES.count }, () => {
    const code = base32(randomBytes(RECOVERY_CODES.bytes));
    return { shown: code.match(/.{4}/g)!.join('-'), hash: recoveryCodeHash(code) };
  });
}

/** The kept form of a recovery code given as its 16 characters (normalRecoveryCode). */
export function recoveryCodeHash(code: string): string {
  return hashToken(`staff-recovery:${code}`);
}
