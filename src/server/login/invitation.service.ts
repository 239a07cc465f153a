import type { DB } from '../db/database';
import { AppError } from '../errors';
import { t } from '~/lib/i18n';
import { bindUserToTenant } from '../identity/identity.service';
import * as repo from './login.repository';
import type { InvitationCode } from './login.table';

/**
 * Enterprise invitation codes. A code belongs to one school and works only on that school's site:
 * any other school answers the same "invalid" message as an unknown, disabled, expired or
 * used-up code, so nothing tells another school's codes apart from made-up ones.
 */

export interface InvitationInfo {
  tenantId: string;
  enterpriseName: string;
}

function usable(code: InvitationCode | undefined, tenantId: string, now: number): code is InvitationCode {
  return (
    !!code &&
    code.tenantId === tenantId &&
    code.status === 1 &&
    (code.expiresAt === null || code.expiresAt > now) &&
    (code.maxUses === null || code.usedCount < code.maxUses)
  );
}

const invalid = () => AppError.badRequest(t('register.invitationInvalid'));

/** The first call (userId '0'): which school and enterprise a code invites to. */
export async function checkInvitation(db: DB, tenantId: string, qrCode: string, now: number): Promise<InvitationInfo> {
  const code = await repo.findInvitationByCode(db, qrCode);
  if (!usable(code, tenantId, now)) throw invalid();
  return { tenantId: code.tenantId, enterpriseName: code.enterpriseName };
}

/**
 * The second call: the logged-in user joins the school through the code (bound to the school and
 * recorded with the enterprise name they typed). Joining again with the same code changes
 * nothing and uses nothing up.
 */
export async function joinByInvitation(
  db: DB,
  a: { tenantId: string; userId: string; qrCode: string; enterpriseName: string | undefined; now: number },
): Promise<InvitationInfo & { studentId: string }> {
  const code = await repo.findInvitationByCode(db, a.qrCode);
  if (!code || code.tenantId !== a.tenantId) throw invalid();
  const already = await repo.findJoin(db, a.tenantId, a.userId, code.id);
  if (!already) {
    if (!usable(code, a.tenantId, a.now)) throw invalid();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.useInvitation(trx, a.tenantId, code.id))) throw invalid();
      await repo.insertJoin(trx, {
        tenantId: a.tenantId,
        userId: a.userId,
        invitationId: code.id,
        enterpriseName: a.enterpriseName ?? code.enterpriseName,
        createdAt: a.now,
      });
    });
  }
  const studentId = await bindUserToTenant(db, a.tenantId, a.userId, a.now);
  return { tenantId: code.tenantId, enterpriseName: code.enterpriseName, studentId };
}
