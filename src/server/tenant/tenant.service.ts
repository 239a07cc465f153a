import type { DB } from '../db/database';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { ID_PATTERN, newId } from '../ids';
import type { BusinessSchool, SchoolInfo, ServicePointInfo, TenantSummary } from '~/lib/api/contracts/tenant';
import { matchHost } from './host';
import { checkNewSchool } from './school-setup.rules';
import * as repo from './tenant.repository';
import type { School, SchoolBranding, SchoolPage, ServicePoint, Tenant } from './tenant.table';

export type { SchoolBranding, SchoolPage };

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

export type CreateSchoolResult = { ok: true; tenant: Tenant } | { ok: false; problems: string[] };

/**
 * Opens a new school (the operator's `npm run school:create`): checked by the rules first, then
 * refused if its pre-domain or a domain belongs to another school; written in one transaction.
 */
export async function createSchool(
  db: DB,
  input: { preDomain?: string | undefined; name?: string | undefined; domains?: readonly string[] | undefined },
  now: number,
): Promise<CreateSchoolResult> {
  const check = checkNewSchool(input);
  if (!check.ok) return check;
  const { preDomain, name, domains } = check.school;
  const taken = await repo.findTakenAddresses(db, preDomain, domains);
  if (taken.length) return { ok: false, problems: taken.map((a) => `${a}: already used by another school`) };
  const id = newId(now);
  await repo.insertSchool(db, { id, universityId: newId(now), preDomain, name, domains: domains.map((domain) => ({ id: newId(now), domain })), now });
  return { ok: true, tenant: (await repo.findTenantById(db, id))! };
}

/** A school's id from its pre-domain or its id (operators' commands), or null. */
export async function getTenantIdByPreDomainOrId(db: DB, key: string): Promise<string | null> {
  const tenant = (await repo.findTenantByPreDomain(db, key)) ?? (ID_PATTERN.test(key) ? await repo.findTenantById(db, key) : undefined);
  return tenant?.id ?? null;
}

/** Whether any school exists: the "school not found" page then says no school is set up yet. */
export function hasAnySchool(db: DB): Promise<boolean> {
  return repo.anyTenant(db);
}

export async function requireTenantById(db: DB, tenantId: string): Promise<Tenant> {
  const tenant = await repo.findTenantById(db, tenantId);
  if (!tenant) throw AppError.tenantNotFound();
  return tenant;
}

export async function getTenantByPreDomain(s: Scope, preDomain: string): Promise<TenantSummary> {
  const tenant = await repo.findTenantByPreDomain(s.db, preDomain);
  if (!tenant) throw AppError.tenantNotFound();
  return { id: tenant.id, name: tenant.name, preDomain: tenant.preDomain, status: tenant.status };
}

/** The active schools among some tenant ids, in the order given (the join form's fixed list). */
export async function listTenantNames(s: Scope, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  const found = await Promise.all(ids.map((id) => repo.findTenantById(s.db, id)));
  return found.filter((t) => t !== undefined).map((t) => ({ id: t.id, name: t.name }));
}

/** The school's browse count (counted visits, platform/), or null for a tenant without a school profile. */
export function schoolBrowseCount(db: DB, tenantId: string): Promise<number | null> {
  return repo.findSchoolBrowseCount(db, tenantId);
}

/** Counts one more visit of the school: one statement, so concurrent visits all count (on `db`, the caller's transaction if any). */
export async function countSchoolVisit(db: DB, tenantId: string): Promise<void> {
  await repo.incrementSchoolBrowseCount(db, tenantId);
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toSchoolInfo(s: School): SchoolInfo {
  // Internal columns stay out; the university id doubles as the info's id.
  return {
    id: s.universityId,
    tenantId: s.tenantId,
    projectName: s.projectName,
    universityName: s.universityName,
    universityId: s.universityId,
    logo: s.logo,
    logoWidth: s.logoWidth,
    logoHeight: s.logoHeight,
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    contactMobile: s.contactMobile,
    website: s.website,
    crowd: s.crowd,
    schoolType: s.schoolType,
    schoolTypeName: s.schoolTypeName,
    schoolParentType: s.schoolParentType,
    serviceAttribute: s.serviceAttribute,
    certificateAttribute: s.certificateAttribute,
    institutionProperty: s.institutionProperty,
    institutionGrade: s.institutionGrade,
    trainingMode: s.trainingMode,
    trainingInstitutionsName: s.trainingInstitutionsName,
    certificationOrganizationTypeName: s.certificationOrganizationTypeName,
    browseCount: s.browseCount,
  };
}

async function schoolOf(s: Scope, tenantId: string): Promise<School> {
  const school = await repo.findSchool(s.db, tenantId);
  if (!school) throw AppError.notFound();
  return school;
}

/** University info (getInfoByTenantId) of the named school, else the request's. */
export async function getSchoolInfo(s: Scope, tenantId?: string): Promise<SchoolInfo> {
  const tenant = await s.tenant(tenantId);
  return toSchoolInfo(await schoolOf(s, tenant.id));
}

function servicePointInfo(p: ServicePoint): ServicePointInfo {
  const { tenantId: _t, seq: _s, ...info } = p;
  return info;
}

/**
 * The school's own part of the business-school detail (getDetailByTenantId): the info plus service
 * points and institution. school/ adds the certification organisations it owns.
 */
export async function getBusinessSchoolDetail(s: Scope, tenantId?: string): Promise<Omit<BusinessSchool, 'certificationOrganizationList'>> {
  const tenant = await s.tenant(tenantId);
  const [school, points] = await Promise.all([schoolOf(s, tenant.id), repo.listServicePoints(s.db, tenant.id)]);
  const districts = (school.enrollDistrictScope ?? '')
    .split(/[,，]/)
    .map((d) => d.trim())
    .filter(Boolean);
  return {
    ...toSchoolInfo(school),
    buSchoolServicePointList: points.map(servicePointInfo),
    buSchoolEnrollDistrictList: districts.map((enrollDistrictScope) => ({ enrollDistrictScope })),
    educationalInstitution: parseJson<Record<string, string> | null>(school.educationalInstitution, null),
  };
}

export async function getDomainByDomainType(s: Scope, domainType: string, tenantId?: string): Promise<string> {
  const tenant = await s.tenant(tenantId);
  const row = await repo.findDomain(s.db, tenant.id, domainType);
  if (!row) throw AppError.notFound();
  return row.domain;
}

export function brandingOf(s: School): SchoolBranding {
  return {
    shortName: s.shortName,
    brandColor: s.brandColor,
    email: s.email,
    icpNumber: s.icpNumber,
    policeRecordNumber: s.policeRecordNumber,
    telecomLicence: s.telecomLicence,
    officialAccountQr: s.officialAccountQr,
    miniProgramQr: s.miniProgramQr,
    appDownloadUrl: s.appDownloadUrl,
    promotionLoginUrl: s.promotionLoginUrl,
  };
}

export async function getSchoolPage(s: Scope): Promise<SchoolPage> {
  const tenant = await s.tenant();
  const school = await schoolOf(s, tenant.id);
  return { info: toSchoolInfo(school), branding: brandingOf(school) };
}

/** The school's own text of an agreement (sanitised HTML as shown), or null: the page shows the portal's default. */
export async function getAgreementHtml(s: Scope, kind: 'service' | 'privacy'): Promise<string | null> {
  const tenant = await s.tenant();
  const school = await schoolOf(s, tenant.id);
  const html = kind === 'service' ? school.serviceAgreement : school.privacyAgreement;
  return html ? s.lookups.richText.sanitize(html, tenant.id) : null;
}
