import type { DB } from '../db/database';
import type { Config } from '../config';
import { AppError } from '../errors';
import { matchHost } from './host';
import * as repo from './tenant.repository';
import type { School, ServicePoint, Tenant } from './tenant.table';
import { ID_PATTERN } from '../ids';
import { listCertificationOrganizations } from '../school/school.service';

export interface TenantLookup {
  /** An explicit tenant id (TenantId header or schoolId query) wins over the host. */
  tenantId?: string | null;
  host: string;
}

/** Resolves the tenant for a request, or null when none matches (the caller shows "school not found"). */
export async function resolveTenant(db: DB, config: Config, lookup: TenantLookup): Promise<Tenant | null> {
  if (lookup.tenantId) {
    if (!ID_PATTERN.test(lookup.tenantId)) return null;
    return (await repo.findTenantById(db, lookup.tenantId)) ?? null;
  }
  const match = matchHost(lookup.host, config.TENANT_BASE_DOMAINS, config.DEFAULT_PREDOMAIN);
  if (match.kind === 'preDomain') return (await repo.findTenantByPreDomain(db, match.preDomain)) ?? null;
  if (match.kind === 'customDomain') return (await repo.findTenantByCustomDomain(db, match.domain)) ?? null;
  return null;
}

export async function getTenantByPreDomain(db: DB, preDomain: string) {
  const tenant = await repo.findTenantByPreDomain(db, preDomain);
  if (!tenant) throw AppError.tenantNotFound();
  return { id: tenant.id, name: tenant.name, preDomain: tenant.preDomain, status: tenant.status };
}

export async function requireTenantById(db: DB, tenantId: string): Promise<Tenant> {
  const tenant = await repo.findTenantById(db, tenantId);
  if (!tenant) throw AppError.tenantNotFound();
  return tenant;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The school as the API and the header show it: the row without internal columns, id = university id. */
export type SchoolInfo = Omit<School, 'educationalInstitution' | 'enrollDistrictScope' | 'updatedAt'> & { id: string };

function toSchoolInfo(s: School): SchoolInfo {
  // Internal columns stay out; the university id doubles as the info's id.
  const { educationalInstitution: _e, enrollDistrictScope: _d, updatedAt: _u, ...info } = s;
  return { id: s.universityId, ...info };
}

/** University info (getInfoByTenantId). */
export async function getSchoolInfo(db: DB, tenantId: string): Promise<SchoolInfo> {
  const school = await repo.findSchool(db, tenantId);
  if (!school) throw AppError.notFound();
  return toSchoolInfo(school);
}

function servicePointVO(p: ServicePoint) {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    url: p.url,
    startTime: p.startTime,
    endTime: p.endTime,
    mobile: p.mobile,
    enrollDistrictScope: p.enrollDistrictScope,
    provinceName: p.provinceName,
    cityName: p.cityName,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

/** Business-school detail (getDetailByTenantId): the info plus service points and institution. */
export async function getBusinessSchool(db: DB, tenantId: string) {
  const [school, points, certificationOrganizationList] = await Promise.all([
    repo.findSchool(db, tenantId),
    repo.listServicePoints(db, tenantId),
    listCertificationOrganizations(db, tenantId),
  ]);
  if (!school) throw AppError.notFound();
  const districts = (school.enrollDistrictScope ?? '').split(/[,，]/).map((s) => s.trim()).filter(Boolean);
  return {
    ...toSchoolInfo(school),
    buSchoolServicePointList: points.map(servicePointVO),
    buSchoolEnrollDistrictList: districts.map((enrollDistrictScope) => ({ enrollDistrictScope })),
    educationalInstitution: parseJson<Record<string, string> | null>(school.educationalInstitution, null),
    certificationOrganizationList,
  };
}

export type BusinessSchool = Awaited<ReturnType<typeof getBusinessSchool>>;

export async function getDomainByDomainType(db: DB, tenantId: string, domainType: string) {
  const row = await repo.findDomain(db, tenantId, domainType);
  if (!row) throw AppError.notFound();
  return row.domain;
}
