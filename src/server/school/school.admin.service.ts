import type { CertificationOrgAdmin, CertificationOrgInput } from '~/lib/api/contracts/admin-school';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { PUBLICATION } from '~/lib/status';
import { t } from '~/server/i18n';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as repo from './school.repository';
import type { CertificationOrganizationTable } from './school.table';

/**
 * The staff side of certification organisations (school administrators): every organisation of
 * the school, shown or hidden, created, changed and deleted, each change audited in its
 * transaction. The public pages list the shown ones by seq (then id).
 */

function adminOf(o: CertificationOrganizationTable): CertificationOrgAdmin {
  return {
    id: o.id,
    name: o.name,
    orgType: o.orgType,
    certificationType: o.certificationType ?? '',
    serviceScope: o.serviceScope ?? '',
    features: o.features ?? '',
    seq: o.seq,
    published: o.state === PUBLICATION.PUBLISHED,
  };
}

/** The audited view of an organisation: what the form shows. */
const audited = (o: CertificationOrgAdmin) => {
  const { id: _id, ...fields } = o;
  return fields;
};

function columnsOf(input: CertificationOrgInput) {
  return {
    name: input.name,
    orgType: input.orgType,
    certificationType: input.certificationType || null,
    serviceScope: input.serviceScope || null,
    features: input.features || null,
    seq: input.seq,
    state: input.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT,
  };
}

const notFound = () => AppError.notFound(t('school.admin.notFound'));

export async function listCertificationOrgsForStaff(s: Scope, actor: StaffActor): Promise<CertificationOrgAdmin[]> {
  return (await repo.listAllCertificationOrganizations(s.db, actor.tenant.id)).map(adminOf);
}

export async function createCertificationOrg(s: Scope, actor: StaffActor, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  const id = newId(s.now);
  return s.db.transaction().execute(async (trx) => {
    await repo.insertCertificationOrganization(trx, { id, tenantId: actor.tenant.id, createdAt: s.now, ...columnsOf(input) });
    const created = adminOf((await repo.findCertificationOrganization(trx, actor.tenant.id, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgCreate, { type: AUDIT_TARGET.certOrg, id }, null, audited(created));
    return created;
  });
}

export async function updateCertificationOrg(s: Scope, actor: StaffActor, id: string, input: CertificationOrgInput): Promise<CertificationOrgAdmin> {
  return s.db.transaction().execute(async (trx) => {
    const before = await repo.findCertificationOrganization(trx, actor.tenant.id, id);
    if (!before) throw notFound();
    await repo.updateCertificationOrganization(trx, actor.tenant.id, id, columnsOf(input));
    const after = adminOf((await repo.findCertificationOrganization(trx, actor.tenant.id, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgUpdate, { type: AUDIT_TARGET.certOrg, id }, audited(adminOf(before)), audited(after));
    return after;
  });
}

export async function deleteCertificationOrg(s: Scope, actor: StaffActor, id: string): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    const before = await repo.findCertificationOrganization(trx, actor.tenant.id, id);
    if (!before || !(await repo.deleteCertificationOrganization(trx, actor.tenant.id, id))) throw notFound();
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certOrgDelete, { type: AUDIT_TARGET.certOrg, id }, audited(adminOf(before)), null);
  });
}
