import { randomBytes } from 'node:crypto';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_STATUS } from '~/lib/staff/roles';
import type { SignInAnswer, SignInRequest, StaffMe } from '~/lib/api/contracts/staff';
import { DUMMY_HASH, attemptVerdict, enforceVerdict, newDeviceToken, trustedDevice, verifyPassword } from '../../login/login.service';
import { auditStaffAction } from '../audit/audit.service';
import type { SecondStepCode } from '~/lib/rules/staff';
import { CHALLENGE_TTL_MS, STAFF_THROTTLE, accountKey, hashToken, recoveryCodeHash } from './accounts.rules';
import type { StaffAccount } from './accounts.table';
import { acceptedStep, openSecret } from './second-factor';
import { meOf, openSession, type IssuedSession } from './sessions.service';
import * as repo from './accounts.repository';

/**
 * Signing in to the staff side: the mobile and password, then, for an account with a second
 * factor, the authenticator's code. Every wrong mobile or password answers one message, and an
 * unknown mobile still costs one scrypt check, so neither the words nor the time tell whether an
 * account exists. Passwords and codes are counted before they are checked (STAFF_THROTTLE,
 * reserveAttempt); over a limit the answer is "too many attempts", or a captcha is asked for. A correct
 * password with a second factor opens no session: it gives a five-minute challenge that the code
 * turns into one, once.
 */

export interface SignInMeta {
  userAgent: string | null;
}

const ipOf = (s: Scope) => s.ip.slice(0, 64);

/** The browser of a sign-in: its staff device cookie and, after CAPTCHA_REQUIRED, a captcha's answer. */
export interface SignInClient {
  deviceToken: string | null;
  captcha?: { key: string; code: string } | undefined;
}

/** A proof asked of someone already past the password (a second step, a signed-in change): no address budget. */
const PROVEN_CLIENT = { client: { deviceToken: null }, checkAddress: false } as const;

/**
 * Counts the attempt before anything is checked (decision 053): writes its row, counts the window
 * with it and refuses (taking the row back) when a limit is over: 429, or CAPTCHA_REQUIRED when only
 * the address's budget is, unless a captcha comes along and passes. Returns the row's id: taken
 * back by a success, left as the failure otherwise.
 */
export async function reserveAttempt(s: Scope, tenantId: string, key: string, client: SignInClient, checkAddress: boolean): Promise<string> {
  const ip = ipOf(s);
  const since = s.now - STAFF_THROTTLE.windowMs;
  const device = trustedDevice(s.config.SESSION_SECRET, 'staff', `${tenantId}:${key}`, client.deviceToken);
  const id = newId(s.now);
  await repo.insertAttempt(s.db, { id, tenantId, accountKey: key, ip, device, createdAt: s.now });
  const counts = await repo.countWindow(s.db, { tenantId, accountKey: key, ip, device }, since);
  const verdict = attemptVerdict(
    {
      trusted: device !== null,
      ...counts,
      addressBudget: checkAddress ? STAFF_THROTTLE.perIp : null,
      captchaGiven: client.captcha !== undefined,
    },
    STAFF_THROTTLE,
  );
  await enforceVerdict(s, tenantId, verdict, client.captcha, () => repo.deleteFailure(s.db, id), {
    captcha: 'staff.captchaRequired',
    tooMany: 'staff.tooManyAttempts',
  });
  return id;
}

/** A failed attempt's row stays as the failure; rows older than the window never count again. */
async function recordFailure(s: Scope, attemptId: string): Promise<void> {
  await repo.settleFailure(s.db, attemptId);
  await repo.deleteOldFailures(s.db, s.now - STAFF_THROTTLE.windowMs);
}

/** Whether the password is the account's; a wrong one counts against the account's budget. */
export async function provePassword(s: Scope, account: StaffAccount, password: string): Promise<boolean> {
  const attempt = await reserveAttempt(s, account.tenantId, accountKey(account.mobile, account.id), PROVEN_CLIENT.client, PROVEN_CLIENT.checkAddress);
  if (await verifyPassword(password, account.passwordHash)) {
    await repo.deleteFailure(s.db, attempt);
    return true;
  }
  await recordFailure(s, attempt);
  return false;
}

/**
 * The time step of a correct, unused code of the account's second factor, or null (a wrong code
 * counts like a wrong password). `sealed` is the secret to check against (the one in use or the
 * one being set up).
 */
export async function proveCode(s: Scope, account: StaffAccount, sealed: string, code: string): Promise<number | null> {
  const attempt = await reserveAttempt(s, account.tenantId, accountKey(account.mobile, account.id), PROVEN_CLIENT.client, PROVEN_CLIENT.checkAddress);
  const secret = openSecret(sealed, s.config.SESSION_SECRET);
  if (secret === null) {
    await repo.deleteFailure(s.db, attempt);
    throw AppError.badRequest(t('staff.secondFactorUnreadable'));
  }
  const step = await acceptedStep(secret, code, s.now, account.totpLastStep);
  if (step === null) await recordFailure(s, attempt);
  else await repo.deleteFailure(s.db, attempt);
  return step;
}

/**
 * Whether `code` is one of the account's unused recovery codes; a wrong one counts like a wrong
 * TOTP code. Using it up is the caller's conditional write (useRecoveryCodeOnce), in the
 * transaction of what it unlocks.
 */
export async function proveRecoveryCode(s: Scope, account: StaffAccount, code: string): Promise<boolean> {
  const attempt = await reserveAttempt(s, account.tenantId, accountKey(account.mobile, account.id), PROVEN_CLIENT.client, PROVEN_CLIENT.checkAddress);
  if (await repo.hasUnusedRecoveryCode(s.db, account.tenantId, account.id, recoveryCodeHash(code))) {
    await repo.deleteFailure(s.db, attempt);
    return true;
  }
  await recordFailure(s, attempt);
  return false;
}

/** Uses the code up, once: of two requests with one code, the second is refused. */
export async function useRecoveryCodeOnce(trx: Scope['db'], account: StaffAccount, code: string, now: number): Promise<void> {
  if (!(await repo.useRecoveryCode(trx, account.tenantId, account.id, recoveryCodeHash(code), now))) throw AppError.badRequest(t('staff.recoveryCodeWrong'));
}

/**
 * Proves a second-step code of either kind and returns the write that uses it up (the TOTP time
 * step claimed, or the recovery code used), for the caller's transaction.
 */
export async function proveSecondStep(s: Scope, account: StaffAccount, code: SecondStepCode): Promise<(trx: Scope['db']) => Promise<void>> {
  if (account.totpSecret === null) throw AppError.badRequest(t('staff.secondFactorOff'));
  if (code.kind === 'recovery') {
    if (!(await proveRecoveryCode(s, account, code.code))) throw AppError.badRequest(t('staff.recoveryCodeWrong'));
    return (trx) => useRecoveryCodeOnce(trx, account, code.code, s.now);
  }
  const step = await proveCode(s, account, account.totpSecret, code.code);
  if (step === null) throw AppError.badRequest(t('staff.codeWrong'));
  return async (trx) => {
    if (!(await repo.claimTotpStep(trx, account.tenantId, account.id, step, s.now))) throw AppError.badRequest(t('staff.codeWrong'));
  };
}

/** Opens the session of a proven account and writes the sign-in to the audit log, together. */
async function completeSignIn(
  s: Scope,
  tenant: { id: string; name: string },
  account: StaffAccount,
  meta: SignInMeta,
  secondFactor: boolean | 'recoveryCode',
  beforeOpening?: (trx: Scope['db']) => Promise<void>,
): Promise<{ me: StaffMe; session: IssuedSession }> {
  const session = await s.db.transaction().execute(async (trx) => {
    await beforeOpening?.(trx);
    const opened = await openSession(trx, { tenantId: tenant.id, accountId: account.id, userAgent: meta.userAgent, ip: s.ip, now: s.now });
    const after = secondFactor === 'recoveryCode' ? { secondFactor: true, withRecoveryCode: true } : { secondFactor };
    await auditStaffAction(trx, s, { tenant, account }, AUDIT_ACTION.signIn, { type: AUDIT_TARGET.session, id: opened.sessionId }, null, after);
    return opened;
  });
  await repo.forgiveAccountFailures(s.db, tenant.id, accountKey(account.mobile, account.id));
  const me = meOf(s, {
    tenant,
    account: { id: account.id, name: account.name, mobile: account.mobile, role: account.role, secondFactor: account.totpSecret !== null },
    session: { id: session.sessionId, tokenHash: session.tokenHash },
  });
  return { me, session };
}

export async function signIn(
  s: Scope,
  input: SignInRequest,
  meta: SignInMeta,
  client: SignInClient,
): Promise<{ answer: SignInAnswer; session: IssuedSession | null; deviceToken: string | null }> {
  const tenant = await s.tenant();
  const account = await repo.findAccountByMobile(s.db, tenant.id, input.mobile);
  const key = accountKey(input.mobile, account?.id ?? null);
  const attempt = await reserveAttempt(s, tenant.id, key, client, true);
  // Always one scrypt check, so an unknown mobile takes as long as a wrong password.
  const matches = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !matches) {
    await recordFailure(s, attempt);
    throw AppError.badRequest(t('staff.signInFailed'));
  }
  await repo.deleteFailure(s.db, attempt);
  if (account.status !== STAFF_STATUS.active) throw AppError.badRequest(t('staff.accountDisabled'));
  if (account.totpSecret !== null) {
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = s.now + CHALLENGE_TTL_MS;
    await repo.deleteOldChallenges(s.db, s.now);
    await repo.insertChallenge(s.db, {
      id: newId(s.now),
      tenantId: tenant.id,
      accountId: account.id,
      tokenHash: hashToken(challenge),
      createdAt: s.now,
      expiresAt,
      usedAt: null,
    });
    return { answer: { step: 'secondFactor', challenge, expiresAt }, session: null, deviceToken: null };
  }
  const { me, session } = await completeSignIn(s, tenant, account, meta, false);
  return { answer: { step: 'done', me }, session, deviceToken: staffDeviceToken(s, account) };
}

/** The device cookie value that makes this browser known to the account (given once it signed in). */
export function staffDeviceToken(s: Scope, account: StaffAccount): string {
  return newDeviceToken(s.config.SESSION_SECRET, 'staff', `${account.tenantId}:${accountKey(account.mobile, account.id)}`);
}

export async function passSecondFactor(
  s: Scope,
  input: { challenge: string; code: SecondStepCode },
  meta: SignInMeta,
): Promise<{ me: StaffMe; session: IssuedSession; deviceToken: string }> {
  const tenant = await s.tenant();
  const expired = () => AppError.badRequest(t('staff.challengeExpired'));
  const challenge = await repo.findChallenge(s.db, hashToken(input.challenge));
  if (!challenge || challenge.tenantId !== tenant.id || challenge.usedAt !== null || challenge.expiresAt <= s.now) throw expired();
  const account = await repo.findAccount(s.db, tenant.id, challenge.accountId);
  if (!account || account.totpSecret === null) throw expired();
  const useCode = await proveSecondStep(s, account, input.code);
  if (account.status !== STAFF_STATUS.active) throw AppError.badRequest(t('staff.accountDisabled'));
  const signedIn = await completeSignIn(s, tenant, account, meta, input.code.kind === 'recovery' ? 'recoveryCode' : true, async (trx) => {
    // Both once: two tabs sending the same code get one session between them.
    if (!(await repo.useChallenge(trx, challenge.id, s.now))) throw expired();
    await useCode(trx);
  });
  return { ...signedIn, deviceToken: staffDeviceToken(s, account) };
}
