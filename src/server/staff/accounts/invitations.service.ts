import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, type StaffRole } from '~/lib/staff/roles';
import type { InvitationAcceptance, InvitationPreview, InvitationRequest, IssuedInvitation, PendingInvitation, StaffMe } from '~/lib/api/contracts/staff';
import { hashPassword } from '../../login/login.service';
import { auditStaffAction, auditStaffChange, recordAudit } from '../audit/audit.service';
import { INVITATION_TTL_MS, hashToken, invitationState } from './accounts.rules';
import { createStaffAccount, mobileTaken } from './accounts.service';
import { actorOf, meOf, openSession, type IssuedSession, type StaffActor } from './sessions.service';
import type { SignInMeta } from './sign-in.service';
import * as repo from './accounts.repository';

/**
 * Invitations: an administrator (or the operator's `school:create`, for a school's first
 * administrator) names a person and a role and gets a one-time link, valid three days. The link's
 * token is in the address's fragment (#token=…), so it is never sent to a server, a log or a
 * Referer; the /admin/accept page reads it and posts it. Only its SHA-256 is stored. Accepting
 * sets the person's password, makes the account, uses the invitation up (once, whatever two tabs
 * do) and signs them in.
 */

/** Where an invitation's link opens, on a site's origin. */
export function invitationUrl(origin: string, token: string): string {
  return `${origin}/admin/accept#token=${token}`;
}

async function issue(
  db: DB,
  a: {
    tenantId: string;
    name: string;
    mobile: string | null;
    role: StaffRole;
    by: { id: string | null; name: string };
    now: number;
    ip: string;
    requestId: string;
  },
): Promise<{ id: string; token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const id = newId(a.now);
  const expiresAt = a.now + INVITATION_TTL_MS;
  await repo.insertInvitation(db, {
    id,
    tenantId: a.tenantId,
    tokenHash: hashToken(token),
    name: a.name,
    mobile: a.mobile,
    role: a.role,
    createdById: a.by.id,
    createdByName: a.by.name,
    createdAt: a.now,
    expiresAt,
    usedAt: null,
    revokedAt: null,
    accountId: null,
  });
  await recordAudit(db, {
    tenantId: a.tenantId,
    actor: a.by,
    action: AUDIT_ACTION.invitationCreate,
    target: { type: AUDIT_TARGET.invitation, id },
    after: { name: a.name, mobile: a.mobile, role: a.role, expiresAt },
    ip: a.ip,
    requestId: a.requestId,
    at: a.now,
  });
  return { id, token, expiresAt };
}

export async function invite(s: Scope, actor: StaffActor, req: InvitationRequest, origin: string): Promise<IssuedInvitation> {
  const mobile = req.mobile ?? null;
  if (mobile && (await mobileTaken(s.db, actor.tenant.id, mobile))) throw AppError.conflict(t('staff.mobileTaken'));
  const issued = await s.db
    .transaction()
    .execute((trx) =>
      issue(trx, { tenantId: actor.tenant.id, name: req.name, mobile, role: req.role, by: actorOf(actor), now: s.now, ip: s.ip, requestId: s.requestId }),
    );
  return { id: issued.id, url: invitationUrl(origin, issued.token), expiresAt: issued.expiresAt };
}

/**
 * The operator's invitation (`npm run school:create`, `npm run school:invite-admin`): made by
 * nobody of the school, so the audit log names the command line. Refused when the mobile already
 * has an account in the school.
 */
export async function inviteByOperator(
  db: DB,
  a: { tenantId: string; name: string; mobile: string; role: StaffRole; now: number },
): Promise<{ ok: true; id: string; token: string; expiresAt: number } | { ok: false; problem: string }> {
  if (await mobileTaken(db, a.tenantId, a.mobile)) return { ok: false, problem: t('staff.mobileTaken') };
  const issued = await db.transaction().execute((trx) => issue(trx, { ...a, by: { id: null, name: t('staff.operator') }, ip: '', requestId: 'command-line' }));
  return { ok: true, ...issued };
}

export async function listInvitations(s: Scope, actor: StaffActor): Promise<PendingInvitation[]> {
  const rows = await repo.listPendingInvitations(s.db, actor.tenant.id, s.now);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mobile: r.mobile,
    role: r.role,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    createdByName: r.createdByName,
  }));
}

export async function revokeInvitation(s: Scope, actor: StaffActor, id: string): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.revokeInvitation(trx, actor.tenant.id, id, s.now))) throw AppError.notFound(t('staff.invitationNotFound'));
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.invitationRevoke, { type: AUDIT_TARGET.invitation, id }, { revoked: [false, true] });
  });
}

/** A usable invitation of this school by its token; every other case is one refusal. */
async function usable(s: Scope, token: string) {
  const tenant = await s.tenant();
  const inv = await repo.findInvitationByHash(s.db, hashToken(token));
  if (!inv || inv.tenantId !== tenant.id || invitationState(inv, s.now) !== 'usable') throw AppError.badRequest(t('staff.invitationInvalid'));
  return { tenant, inv };
}

export async function inspectInvitation(s: Scope, token: string): Promise<InvitationPreview> {
  const { tenant, inv } = await usable(s, token);
  return { schoolName: tenant.name, name: inv.name, mobile: inv.mobile, role: inv.role, expiresAt: inv.expiresAt };
}

export async function acceptInvitation(s: Scope, input: InvitationAcceptance, meta: SignInMeta): Promise<{ me: StaffMe; session: IssuedSession }> {
  const { tenant, inv } = await usable(s, input.token);
  if (inv.mobile && input.mobile && input.mobile !== inv.mobile) throw AppError.badRequest(t('staff.mobileMismatch'));
  const mobile = inv.mobile ?? input.mobile;
  if (!mobile) throw AppError.badRequest(t('admin.mobileRequired'));
  if (await mobileTaken(s.db, tenant.id, mobile)) throw AppError.conflict(t('staff.mobileTaken'));
  const passwordHash = await hashPassword(input.password);
  const accountId = newId(s.now);
  let session: IssuedSession;
  try {
    session = await s.db.transaction().execute(async (trx) => {
      if (!(await repo.useInvitation(trx, inv.id, accountId, s.now))) throw AppError.badRequest(t('staff.invitationInvalid'));
      await createStaffAccount(trx, { id: accountId, tenantId: tenant.id, mobile, name: inv.name, role: inv.role, passwordHash, now: s.now });
      const actor = { tenant, account: { id: accountId, name: inv.name } };
      const accepted = { name: inv.name, mobile, role: inv.role, invitationId: inv.id };
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.invitationAccept, { type: AUDIT_TARGET.account, id: accountId }, null, accepted);
      const opened = await openSession(trx, { tenantId: tenant.id, accountId, userAgent: meta.userAgent, ip: s.ip, now: s.now });
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.signIn, { type: AUDIT_TARGET.session, id: opened.sessionId }, null, { secondFactor: false });
      return opened;
    });
  } catch (error) {
    // Two invitations of one mobile accepted at once: the other one made the account.
    if (!(error instanceof AppError) && (await mobileTaken(s.db, tenant.id, mobile))) throw AppError.conflict(t('staff.mobileTaken'));
    throw error;
  }
  const me = meOf(s, {
    tenant: { id: tenant.id, name: tenant.name },
    account: { id: accountId, name: inv.name, mobile, role: inv.role, secondFactor: false },
    session: { id: session.sessionId, tokenHash: session.tokenHash },
  });
  return { me, session };
}
