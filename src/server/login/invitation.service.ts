import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { t } from '~/server/i18n';
import type { InvitationInfo, JoinRequest } from '~/lib/api/contracts/login';
import { invitationUsable } from './login.rules';
import { self } from './login.service';
import * as repo from './login.repository';

/**
 * Enterprise invitation codes. A code belongs to one school and works only on that school's site:
 * any other school answers the same "invalid" message as an unknown, disabled, expired or
 * used-up code, so nothing tells another school's codes apart from made-up ones.
 */

const invalid = () => AppError.badRequest(t('register.invitationInvalid'));

/** The first call (userId '0'): which school and enterprise a code invites to. */
export async function checkInvitation(s: Scope, qrCode: string): Promise<InvitationInfo> {
  const tenant = await s.tenant();
  const code = await repo.findInvitationByCode(s.db, qrCode);
  if (!invitationUsable(code, tenant.id, s.now)) throw invalid();
  return { tenantId: code.tenantId, enterpriseName: code.enterpriseName };
}

/** The same, with the school's name. */
export async function defaultTenantOf(s: Scope, qrCode: string): Promise<InvitationInfo & { tenantName: string }> {
  const info = await checkInvitation(s, qrCode);
  return { ...info, tenantName: (await s.tenant()).name };
}

/**
 * The second call: the logged-in user joins the school through the code (bound to the school and
 * recorded with the enterprise name they typed). Joining again with the same code changes
 * nothing and uses nothing up.
 */
export async function joinByInvitation(s: Scope, b: JoinRequest): Promise<InvitationInfo & { studentId: string }> {
  const auth = await self(s, b);
  const tenantId = b.tenantId;
  const code = await repo.findInvitationByCode(s.db, b.qrCode);
  if (!code || code.tenantId !== tenantId) throw invalid();
  const join = { tenantId, userId: auth.user.id, invitationId: code.id };
  if (!(await repo.findJoin(s.db, join))) {
    if (!invitationUsable(code, tenantId, s.now)) throw invalid();
    await s.db.transaction().execute(async (trx) => {
      if (!(await repo.useInvitation(trx, tenantId, code.id))) throw invalid();
      await repo.insertJoin(trx, { ...join, enterpriseName: b.enterpriseName ?? code.enterpriseName, createdAt: s.now });
    });
  }
  const { studentId } = await s.student();
  return { tenantId: code.tenantId, enterpriseName: code.enterpriseName, studentId };
}
