import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { qrSvg } from '../../qr';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_STATUS, type AuditAction, type StaffRole, type StaffStatus } from '~/lib/staff/roles';
import type { PasswordChange, RecoveryCodes, SecondFactorEnrolment, StaffAccountInfo } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { pageOf } from '~/lib/paging';
import type { SecondStepCode } from '~/lib/rules/staff';
import { windowOf } from '../../db/paging';
import { hashPassword, verifyPassword } from '../../login/login.service';
import { auditStaffAction } from '../audit/audit.service';
import { leavesAnActiveAdmin, newRecoveryCodes, RECOVERY_CODES } from './accounts.rules';
import type { StaffAccount } from './accounts.table';
import { newTotpSecret, otpauthUrl, sealSecret } from './second-factor';
import { endSessionsOf, type StaffActor } from './sessions.service';
import { proveCode, provePassword, proveSecondStep } from './sign-in.service';
import * as repo from './accounts.repository';

/**
 * Staff accounts: what administrators do to their school's accounts (roles, disabling, resetting
 * a lost second factor) and what each person does to their own (password, second factor). Every
 * change is written to the audit log with the changed fields, in the same transaction. A school
 * always keeps at least one active administrator, and nobody changes their own role or status
 * (another administrator does), so nobody locks themselves or the school out by a slip.
 */

export function infoOf(a: StaffAccount, selfId: string): StaffAccountInfo {
  return {
    id: a.id,
    name: a.name,
    mobile: a.mobile,
    role: a.role,
    status: a.status,
    secondFactor: a.totpSecret !== null,
    createdAt: a.createdAt,
    lastSignInAt: a.lastSignInAt,
    self: a.id === selfId,
  };
}

/** The school's active accounts with one of the roles (who may be linked to a class), by name. */
export function activeAccountsWithRoles(db: DB, tenantId: string, roles: readonly StaffRole[]): Promise<{ id: string; name: string; role: StaffRole }[]> {
  return repo.activeAccountsWithRoles(db, tenantId, roles);
}

/** Names of the school's accounts by id (any state; ids of another school are left out). */
export async function accountNames(db: DB, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.accountsByIds(db, tenantId, ids)).map((a) => [a.id, a.name]));
}

/** Makes an account with a password (an accepted invitation, the development seed, tests). */
export async function createStaffAccount(
  db: DB,
  a: { tenantId: string; mobile: string; name: string; role: StaffRole; password?: string; passwordHash?: string; now: number; id?: string },
): Promise<string> {
  const id = a.id ?? newId(a.now);
  const passwordHash = a.passwordHash ?? (await hashPassword(a.password ?? ''));
  await repo.insertAccount(db, {
    id,
    tenantId: a.tenantId,
    mobile: a.mobile,
    name: a.name,
    role: a.role,
    status: STAFF_STATUS.active,
    passwordHash,
    passwordUpdatedAt: a.now,
    totpSecret: null,
    totpPendingSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    lastSignInAt: null,
    createdAt: a.now,
    updatedAt: a.now,
  });
  return id;
}

/** Whether the school has an account with this mobile (invitations refuse one that has). */
export async function mobileTaken(db: DB, tenantId: string, mobile: string): Promise<boolean> {
  return (await repo.findAccountByMobile(db, tenantId, mobile)) !== undefined;
}

export interface AccountPageQuery {
  current: number;
  size: number;
  /** Part of the name or the mobile. */
  text?: string | undefined;
  role?: StaffRole | undefined;
}

/** A page of the school's accounts, oldest first (the first administrator on top). */
export async function pageAccounts(s: Scope, actor: StaffActor, q: AccountPageQuery): Promise<Page<StaffAccountInfo>> {
  const w = windowOf({ current: q.current, size: q.size, order: 'asc' });
  const { rows, total } = await repo.pageAccounts(s.db, actor.tenant.id, { text: q.text, role: q.role }, w);
  return pageOf(
    rows.map((a) => infoOf(a, actor.account.id)),
    total,
    q.current,
    q.size,
  );
}

async function requireAccount(db: DB, tenantId: string, id: string): Promise<StaffAccount> {
  const account = await repo.findAccount(db, tenantId, id);
  if (!account) throw AppError.notFound(t('staff.accountNotFound'));
  return account;
}

function audit(
  s: Scope,
  trx: DB,
  actor: StaffActor,
  action: AuditAction,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.account, id: targetId }, before, after);
}

/**
 * A role or status change by an administrator, checked against the last active administrator
 * inside the transaction that makes it (the school's admin rows are locked first).
 */
async function changeAccount(s: Scope, actor: StaffActor, id: string, change: { role: StaffRole } | { status: StaffStatus }): Promise<StaffAccountInfo> {
  if (id === actor.account.id) throw AppError.forbidden(t('staff.notSelf'));
  const updated = await s.db.transaction().execute(async (trx) => {
    await repo.lockActiveAdmins(trx, actor.tenant.id);
    const target = await requireAccount(trx, actor.tenant.id, id);
    const others = await repo.countOtherActiveAdmins(trx, actor.tenant.id, target.id);
    if (!leavesAnActiveAdmin(target, change, others)) throw AppError.conflict(t('staff.lastAdmin'));
    const field = 'role' in change ? 'role' : 'status';
    if (target[field] === change[field as keyof typeof change]) return target;
    await repo.updateAccount(trx, actor.tenant.id, target.id, { ...change, updatedAt: s.now });
    // A disabled account is out at once, on every device, and its unused reset links die with it
    // (enabled again, it does not get back a link made before).
    if ('status' in change && change.status === STAFF_STATUS.disabled) {
      await endSessionsOf(trx, actor.tenant.id, target.id, s.now);
      await repo.revokePasswordResetsOf(trx, actor.tenant.id, target.id, s.now);
    }
    const action = 'role' in change ? AUDIT_ACTION.roleChange : AUDIT_ACTION.statusChange;
    await audit(s, trx, actor, action, target.id, { [field]: target[field] }, { [field]: change[field as keyof typeof change] });
    return (await repo.findAccount(trx, actor.tenant.id, target.id))!;
  });
  return infoOf(updated, actor.account.id);
}

export function changeRole(s: Scope, actor: StaffActor, id: string, role: StaffRole): Promise<StaffAccountInfo> {
  return changeAccount(s, actor, id, { role });
}

export function changeStatus(s: Scope, actor: StaffActor, id: string, status: StaffStatus): Promise<StaffAccountInfo> {
  return changeAccount(s, actor, id, { status });
}

/**
 * An administrator turns off another person's second factor (a lost phone): they then sign in
 * with the password alone and may set it up again. Their sessions stay; the reset is audited.
 */
export async function resetSecondFactor(s: Scope, actor: StaffActor, id: string): Promise<StaffAccountInfo> {
  if (id === actor.account.id) throw AppError.forbidden(t('staff.resetSelf'));
  const updated = await s.db.transaction().execute(async (trx) => {
    const target = await requireAccount(trx, actor.tenant.id, id);
    if (target.totpSecret === null && target.totpPendingSecret === null) return target;
    await repo.updateAccount(trx, actor.tenant.id, id, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: s.now });
    await repo.deleteRecoveryCodes(trx, actor.tenant.id, id);
    await audit(s, trx, actor, AUDIT_ACTION.secondFactorReset, id, { secondFactor: target.totpSecret !== null }, { secondFactor: false });
    return (await repo.findAccount(trx, actor.tenant.id, id))!;
  });
  return infoOf(updated, actor.account.id);
}

/** The person's own account as stored (their session proved it exists and is active). */
async function own(s: Scope, actor: StaffActor): Promise<StaffAccount> {
  return requireAccount(s.db, actor.tenant.id, actor.account.id);
}

/**
 * A new password needs the current one (a session left open is not enough to take the account)
 * and ends the person's other sessions.
 */
export async function changePassword(s: Scope, actor: StaffActor, input: PasswordChange): Promise<void> {
  const account = await own(s, actor);
  if (!(await provePassword(s, account, input.oldPassword))) throw AppError.badRequest(t('staff.passwordWrong'));
  if (await verifyPassword(input.newPassword, account.passwordHash)) throw AppError.badRequest(t('staff.passwordSame'));
  const passwordHash = await hashPassword(input.newPassword);
  await s.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, actor.tenant.id, account.id, { passwordHash, passwordUpdatedAt: s.now, updatedAt: s.now });
    await endSessionsOf(trx, actor.tenant.id, account.id, s.now, actor.session.id);
    await audit(s, trx, actor, AUDIT_ACTION.passwordChange, account.id, { passwordUpdatedAt: account.passwordUpdatedAt }, { passwordUpdatedAt: s.now });
  });
}

/** Starts setting up a second factor: a new secret, kept aside until a code of it is confirmed. */
export async function startSecondFactor(s: Scope, actor: StaffActor): Promise<SecondFactorEnrolment> {
  const account = await own(s, actor);
  if (account.totpSecret !== null) throw AppError.conflict(t('staff.secondFactorOn'));
  const secret = newTotpSecret();
  const url = otpauthUrl({ issuer: actor.tenant.name, label: `${account.name} ${account.mobile}`, secret });
  await s.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, actor.tenant.id, account.id, { totpPendingSecret: sealSecret(secret, s.config.SESSION_SECRET), updatedAt: s.now });
    await audit(
      s,
      trx,
      actor,
      AUDIT_ACTION.secondFactorStart,
      account.id,
      { secondFactorPending: account.totpPendingSecret !== null },
      { secondFactorPending: true },
    );
  });
  return { secret, otpauthUrl: url, qrImage: `data:image/svg+xml;base64,${Buffer.from(await qrSvg(url)).toString('base64')}` };
}

/** Stores a new set of recovery codes for the account (the old set is deleted) and answers them, once. */
async function issueRecoveryCodes(s: Scope, trx: DB, tenantId: string, accountId: string): Promise<RecoveryCodes> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    trx,
    tenantId,
    accountId,
    codes.map((c) => ({ id: newId(s.now), tenantId, accountId, codeHash: c.hash, createdAt: s.now, usedAt: null })),
  );
  return { codes: codes.map((c) => c.shown) };
}

/**
 * Turns the second factor on with a code of the secret being set up (used up like any code), and
 * gives the account its first recovery codes, shown this once.
 */
export async function confirmSecondFactor(s: Scope, actor: StaffActor, code: string): Promise<RecoveryCodes> {
  const account = await own(s, actor);
  if (account.totpSecret !== null) throw AppError.conflict(t('staff.secondFactorOn'));
  if (account.totpPendingSecret === null) throw AppError.badRequest(t('staff.secondFactorNotStarted'));
  const pending = account.totpPendingSecret;
  const step = await proveCode(s, account, pending, code);
  if (step === null) throw AppError.badRequest(t('staff.codeWrong'));
  return s.db.transaction().execute(async (trx) => {
    if (!(await repo.claimTotpStep(trx, actor.tenant.id, account.id, step, s.now))) throw AppError.badRequest(t('staff.codeWrong'));
    await repo.updateAccount(trx, actor.tenant.id, account.id, { totpSecret: pending, totpPendingSecret: null, totpEnabledAt: s.now, updatedAt: s.now });
    const codes = await issueRecoveryCodes(s, trx, actor.tenant.id, account.id);
    await audit(
      s,
      trx,
      actor,
      AUDIT_ACTION.secondFactorEnable,
      account.id,
      { secondFactor: false },
      { secondFactor: true, recoveryCodesLeft: RECOVERY_CODES.count },
    );
    return codes;
  });
}

/** How many of the person's recovery codes are still unused (0 without a second factor). */
export async function recoveryCodesLeft(s: Scope, actor: StaffActor): Promise<{ left: number }> {
  return { left: await repo.countUnusedRecoveryCodes(s.db, actor.tenant.id, actor.account.id) };
}

/**
 * A new set of recovery codes for the person's own account (the old ones stop working at once).
 * It takes the current password, not an authenticator code: whoever lost the phone and signed in
 * with a recovery code can still get a fresh set.
 */
export async function renewRecoveryCodes(s: Scope, actor: StaffActor, password: string): Promise<RecoveryCodes> {
  const account = await own(s, actor);
  if (account.totpSecret === null) throw AppError.badRequest(t('staff.recoveryCodesNeedSecondFactor'));
  if (!(await provePassword(s, account, password))) throw AppError.badRequest(t('staff.passwordWrong'));
  return s.db.transaction().execute(async (trx) => {
    const left = await repo.countUnusedRecoveryCodes(trx, actor.tenant.id, account.id);
    const codes = await issueRecoveryCodes(s, trx, actor.tenant.id, account.id);
    await audit(
      s,
      trx,
      actor,
      AUDIT_ACTION.recoveryCodesRenew,
      account.id,
      { recoveryCodesLeft: left },
      { recoveryCodesLeft: RECOVERY_CODES.count, newRecoveryCodes: true },
    );
    return codes;
  });
}

/**
 * Turns the person's own second factor off: the password and a current code, both (a recovery code
 * does as the code: a lost phone is the usual reason). Its recovery codes go with it.
 */
export async function disableSecondFactor(s: Scope, actor: StaffActor, input: { password: string; code: SecondStepCode }): Promise<void> {
  const account = await own(s, actor);
  if (account.totpSecret === null) throw AppError.badRequest(t('staff.secondFactorOff'));
  if (!(await provePassword(s, account, input.password))) throw AppError.badRequest(t('staff.passwordWrong'));
  const useCode = await proveSecondStep(s, account, input.code);
  await s.db.transaction().execute(async (trx) => {
    await useCode(trx);
    await repo.deleteRecoveryCodes(trx, actor.tenant.id, account.id);
    await repo.updateAccount(trx, actor.tenant.id, account.id, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: s.now });
    await audit(s, trx, actor, AUDIT_ACTION.secondFactorDisable, account.id, { secondFactor: true }, { secondFactor: false });
  });
}
