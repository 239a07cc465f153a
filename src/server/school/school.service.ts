import type { Scope } from '../http/scope';
import type { CertificationOrganizationVO, InformationBlock, InformationType } from '~/lib/api/contracts/school';
import type { BusinessSchool } from '~/lib/api/contracts/tenant';
import { getBusinessSchoolDetail } from '../tenant/tenant.service';
import { certificationLevelName, organizationTypeName } from './school.rules';
import * as repo from './school.repository';

/** Information content blocks (types 0, 1, 2) and certification organisations of a school. */

function blockVO(s: Scope, r: { id: string; title: string; name: string | null; content: string }, school: string): InformationBlock {
  return { id: r.id, title: r.title, name: r.name ?? r.title, content: s.lookups.richText.sanitize(r.content, school) };
}

/**
 * The published blocks of one type, ascending seq. universityId names the owner (the school's
 * university id for types 0 and 1, a certification organisation id for type 2); without it every
 * block of that type of the school is returned.
 */
export async function listInformation(s: Scope, informationType: InformationType, universityId?: string): Promise<InformationBlock[]> {
  const tenant = await s.tenant();
  const rows = await repo.listInformation(s.db, tenant.id, { informationType, universityIds: universityId ? [universityId] : undefined });
  return rows.map((r) => blockVO(s, r, tenant.id));
}

/** Published certification organisations of the named school (else the request's), ascending seq, each with its detail blocks. */
export async function listCertificationOrganizations(s: Scope, tenantId?: string): Promise<CertificationOrganizationVO[]> {
  const tenant = await s.tenant(tenantId);
  const orgs = await repo.listCertificationOrganizations(s.db, tenant.id);
  if (orgs.length === 0) return [];
  const blocks = await repo.listInformation(s.db, tenant.id, { informationType: 2, universityIds: orgs.map((o) => o.id) });
  return orgs.map((o) => ({
    id: o.id,
    name: o.name,
    orgType: o.orgType,
    orgTypeName: organizationTypeName(o.orgType),
    certificationType: o.certificationType,
    certificationTypeName: certificationLevelName(o.certificationType),
    serviceScope: o.serviceScope,
    features: o.features,
    informationList: blocks.filter((b) => b.universityId === o.id).map((b) => blockVO(s, b, tenant.id)),
  }));
}

/** Business-school detail (getDetailByTenantId): the school's detail (tenant/) with its published certification organisations. */
export async function getBusinessSchool(s: Scope, tenantId?: string): Promise<BusinessSchool> {
  const [detail, certificationOrganizationList] = await Promise.all([getBusinessSchoolDetail(s, tenantId), listCertificationOrganizations(s, tenantId)]);
  return { ...detail, certificationOrganizationList };
}
