import { randomBytes } from 'node:crypto';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_STATUS, type AuditAction } from '~/lib/staff/roles';
import { STAFF_PASSWORD_RESET_TEMPLATE } from '~/lib/sms-codes';
import type { IssuedPasswordReset, PasswordResetDone, PasswordResetPreview } from '~/lib/api/contracts/staff';
import { hashPassword } from '../../login/login.service';
import { sendSmsCode, verifySmsCode } from '../../sms/sms.service';
import { auditStaffAction } from '../audit/audit.service';
import { PASSWORD_RESET_TTL_MS, hashToken, invitationState } from './accounts.rules';
import type { StaffAccount } from './accounts.table';
import { actorOf, endSessionsOf, type StaffActor } from './sessions.service';
import * as repo from './accounts.repository';

/**
 * A forgotten staff password, two ways back in, neither of which signs anyone in: the person signs
 * in afterwards with the new password (and their second factor, which a reset never removes).
 *
 * - An administrator makes a one-time link for a colleague (never for themself: they change their
 *   own password in 我的账号 or reset it by SMS). As with an invitation, the token travels in the
 *   address's fragment (#token=…) and only its SHA-256 is stored; it works for a day, once, and a
 *   newer link for the same account revokes the older one. Making it ends the colleague's sessions
 *   at once: whoever was using the account with the old password is out.
 * - The person asks for an SMS code to the account's mobile on the sign-in page. The answer is the
 *   same whether the mobile is an active staff account of the school or not; a code is sent only
 *   when it is (otherwise its row is kept, withheld, so the limits and the code's later checks
 *   answer alike). The code's own limits (five wrong tries, five minutes, once) are the SMS
 *   mechanism's.
 *
 * Setting the new password ends every session of the account and is audited with the person as
 * the actor; nothing secret (token, code, password) is written to the audit log.
 */

/** Where a password reset link opens, on a site's origin. */
export function passwordResetUrl(origin: string, token: string): string {
  return `${origin}/admin/reset#token=${token}`;
}

/** An account of the school by id, or 404. */
async function requireAccount(db: Scope['db'], tenantId: string, id: string): Promise<StaffAccount> {
  const account = await repo.findAccount(db, tenantId, id);
  if (!account) throw AppError.notFound(t('staff.accountNotFound'));
  return account;
}

/** The audit entry of a reset step, on the account it is about. */
function auditReset(
  s: Scope,
  trx: Scope['db'],
  actor: { tenant: { id: string }; account: { id: string; name: string } },
  action: AuditAction,
  accountId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  return auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.account, id: accountId }, before, after);
}

/** An administrator's new reset link for a colleague: older unused links revoked, the colleague's sessions ended. */
export async function issuePasswordReset(s: Scope, actor: StaffActor, id: string, origin: string): Promise<IssuedPasswordReset> {
  if (id === actor.account.id) throw AppError.forbidden(t('staff.passwordResetSelf'));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = s.now + PASSWORD_RESET_TTL_MS;
  const resetId = newId(s.now);
  await s.db.transaction().execute(async (trx) => {
    // Two links made at once for one account take turns, so the later one revokes the earlier.
    if (!(await repo.lockAccount(trx, actor.tenant.id, id))) throw AppError.notFound(t('staff.accountNotFound'));
    const target = await requireAccount(trx, actor.tenant.id, id);
    if (target.status !== STAFF_STATUS.active) throw AppError.conflict(t('staff.passwordResetDisabled'));
    const revokedLinks = await repo.revokePasswordResetsOf(trx, actor.tenant.id, id, s.now);
    const by = actorOf(actor);
    await repo.insertPasswordReset(trx, {
      id: resetId,
      tenantId: actor.tenant.id,
      accountId: id,
      tokenHash: hashToken(token),
      createdById: by.id,
      createdByName: by.name,
      createdAt: s.now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    const revokedSessions = await endSessionsOf(trx, actor.tenant.id, id, s.now);
    await auditReset(s, trx, actor, AUDIT_ACTION.passwordResetIssue, id, null, { expiresAt, revokedSessions, revokedLinks });
  });
  return { url: passwordResetUrl(origin, token), expiresAt };
}

/** A usable reset link of this school by its token, with its active account; every other case is one refusal. */
async function usableReset(s: Scope, token: string) {
  const tenant = await s.tenant();
  const invalid = () => AppError.badRequest(t('staff.passwordResetInvalid'));
  const reset = await repo.findPasswordResetByHash(s.db, hashToken(token));
  if (!reset || reset.tenantId !== tenant.id || invitationState(reset, s.now) !== 'usable') throw invalid();
  const account = await repo.findAccount(s.db, tenant.id, reset.accountId);
  if (!account || account.status !== STAFF_STATUS.active) throw invalid();
  return { tenant, reset, account };
}

export async function inspectPasswordReset(s: Scope, token: string): Promise<PasswordResetPreview> {
  const { tenant, reset, account } = await usableReset(s, token);
  return { schoolName: tenant.name, name: account.name, mobile: account.mobile, expiresAt: reset.expiresAt };
}

/**
 * Sets the new password, ends every session and audits it, in one transaction; `use` is the
 * conditional write that spends what allowed it (the link), refused when another request spent it.
 */
async function setNewPassword(
  s: Scope,
  tenant: { id: string },
  account: StaffAccount,
  password: string,
  how: { withResetLink: true } | { withSmsCode: true },
  use: (trx: Scope['db']) => Promise<void> = async () => undefined,
): Promise<PasswordResetDone> {
  const passwordHash = await hashPassword(password);
  await s.db.transaction().execute(async (trx) => {
    await use(trx);
    const current = await repo.findAccount(trx, tenant.id, account.id);
    if (!current || current.status !== STAFF_STATUS.active) throw AppError.badRequest(t('staff.accountDisabled'));
    await repo.updateAccount(trx, tenant.id, account.id, { passwordHash, passwordUpdatedAt: s.now, updatedAt: s.now });
    const revokedSessions = await endSessionsOf(trx, tenant.id, account.id, s.now);
    const actor = { tenant, account: { id: account.id, name: account.name } };
    const before = { passwordUpdatedAt: current.passwordUpdatedAt };
    await auditReset(s, trx, actor, AUDIT_ACTION.passwordReset, account.id, before, { passwordUpdatedAt: s.now, revokedSessions, ...how });
  });
  return { mobile: account.mobile, secondFactor: account.totpSecret !== null };
}

/** The link's new password: once, whatever two tabs do. */
export async function acceptPasswordReset(s: Scope, input: { token: string; password: string }): Promise<PasswordResetDone> {
  const { tenant, reset, account } = await usableReset(s, input.token);
  return setNewPassword(s, tenant, account, input.password, { withResetLink: true }, async (trx) => {
    if (!(await repo.usePasswordReset(trx, reset.id, s.now))) throw AppError.badRequest(t('staff.passwordResetInvalid'));
  });
}

/** Whether a reset code may go to this mobile: an active staff account of the school has it. */
async function resettable(s: Scope, mobile: string): Promise<{ tenant: { id: string; name: string }; account: StaffAccount | null }> {
  const tenant = await s.tenant();
  const account = await repo.findAccountByMobile(s.db, tenant.id, mobile);
  return { tenant, account: account && account.status === STAFF_STATUS.active ? account : null };
}

/** Sends a reset code when the mobile is an active staff account's; the same answer (and limits) when it is not. */
export async function sendPasswordResetCode(s: Scope, mobile: string): Promise<void> {
  const { account } = await resettable(s, mobile);
  await sendSmsCode(s, { mobile, templateCode: STAFF_PASSWORD_RESET_TEMPLATE, deliver: account !== null });
}

/**
 * The SMS code's new password. The code is checked first, with the SMS mechanism's answers and
 * limits, for a mobile that is nobody's too (its withheld code), so the answers never tell.
 */
export async function resetPasswordWithCode(s: Scope, input: { mobile: string; code: string; password: string }): Promise<PasswordResetDone> {
  const tenant = await s.tenant();
  await verifySmsCode(s, { tenantId: tenant.id, mobile: input.mobile, templateCode: STAFF_PASSWORD_RESET_TEMPLATE, code: input.code });
  const { account } = await resettable(s, input.mobile);
  if (!account) throw AppError.badRequest(t('sms.codeExpired'));
  return setNewPassword(s, tenant, account, input.password, { withSmsCode: true });
}
