import type {
  AgreementInput,
  AgreementKind,
  AgreementText,
  InstitutionInfo,
  SchoolDomainInfo,
  SchoolDomainInput,
  SchoolSettings,
  SchoolSettingsInput,
  ServicePointAdmin,
  ServicePointInput,
} from '~/lib/api/contracts/admin-school';
import { AGREEMENT_KINDS } from '~/lib/api/contracts/admin-school';
import { FILES_PATH } from '~/lib/uploads';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { t, type MessageKey } from '~/server/i18n';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { sanitizeRichText } from '../sanitize';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import { isPlatformHost } from '~/lib/school/settings';
import * as repo from './school-settings.repository';
import type { School, ServicePoint } from './tenant.table';
import type { DB } from '../db/database';

/**
 * The staff side of a school's own settings (its administrators): the profile and branding the
 * public pages draw, the host names it answers at, its service points and its agreement texts.
 * Every change is audited in its transaction and, once committed, published as a change of the
 * school itself: every instance forgets its look-ups and drops the school's cached pages, and the
 * CDN is asked to drop them too (docs/operations.md, "Changes by staff and caches").
 */

const EMPTY_INSTITUTION: InstitutionInfo = { name: '', educationProperty: '', schoolFaculty: '', features: '', facilities: '' };

function institutionOf(json: string | null): InstitutionInfo {
  if (!json) return { ...EMPTY_INSTITUTION };
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    const text = (k: keyof InstitutionInfo) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : '');
    return {
      name: text('name'),
      educationProperty: text('educationProperty'),
      schoolFaculty: text('schoolFaculty'),
      features: text('features'),
      facilities: text('facilities'),
    };
  } catch {
    return { ...EMPTY_INSTITUTION };
  }
}

const coordinate = (n: number | null) => (n === null ? '' : String(n));

function inputOf(s: School): SchoolSettingsInput {
  return {
    projectName: s.projectName,
    universityName: s.universityName,
    shortName: s.shortName ?? '',
    trainingInstitutionsName: s.trainingInstitutionsName ?? '',
    logo: s.logo ?? '',
    brandColor: s.brandColor ?? '',
    contactMobile: s.contactMobile ?? '',
    email: s.email ?? '',
    address: s.address ?? '',
    longitude: coordinate(s.longitude),
    latitude: coordinate(s.latitude),
    website: s.website ?? '',
    crowd: s.crowd ?? '',
    schoolTypeName: s.schoolTypeName ?? '',
    institutionProperty: s.institutionProperty ?? '',
    institutionGrade: s.institutionGrade ?? '',
    trainingMode: s.trainingMode ?? '',
    enrollDistrictScope: s.enrollDistrictScope ?? '',
    icpNumber: s.icpNumber ?? '',
    policeRecordNumber: s.policeRecordNumber ?? '',
    telecomLicence: s.telecomLicence ?? '',
    officialAccountQr: s.officialAccountQr ?? '',
    miniProgramQr: s.miniProgramQr ?? '',
    appDownloadUrl: s.appDownloadUrl ?? '',
    promotionLoginUrl: s.promotionLoginUrl ?? '',
    institution: institutionOf(s.educationalInstitution),
  };
}

async function schoolOf(db: DB, tenantId: string): Promise<School> {
  const school = await repo.findSchoolForUpdate(db, tenantId);
  if (!school) throw AppError.notFound();
  return school;
}

async function preDomainHost(s: Scope, tenantId: string): Promise<string> {
  const row = await repo.findPreDomain(s.db, tenantId);
  return `${row?.preDomain ?? ''}.${s.config.TENANT_BASE_DOMAINS[0] ?? 'localhost'}`;
}

/** Publishes a committed change of the school itself: every page of it shows its names, branding and host names. */
function publish(s: Scope, tenantId: string): Promise<void> {
  return s.pageChanges.publish({ schoolId: tenantId, kinds: 'all' });
}

// --- Profile and branding ----------------------------------------------------------------------

export async function getSettings(s: Scope, actor: StaffActor): Promise<SchoolSettings> {
  const school = await schoolOf(s.db, actor.tenant.id);
  return { ...inputOf(school), preDomainHost: await preDomainHost(s, actor.tenant.id), updatedAt: school.updatedAt };
}

/** Validated settings: the coordinates as numbers (or null). */
export type CheckedSettings = Omit<SchoolSettingsInput, 'longitude' | 'latitude'> & { longitude: number | null; latitude: number | null };

const PICTURES = ['logo', 'officialAccountQr', 'miniProgramQr'] as const;

/** A picture must be the school's own upload (or what it already shows): never an address from elsewhere. */
function checkPicture(tenantId: string, value: string, current: string | null): boolean {
  if (value === '' || value === (current ?? '')) return true;
  // The shape of a stored file's address (src/server/storage: /files/<school>/<yyyymm>/<id>.<ext>), this school's.
  const rest = value.startsWith(`${FILES_PATH}${tenantId}/`) ? value.slice(FILES_PATH.length + tenantId.length + 1) : '';
  return /^\d{6}\/[\w-]{1,32}\.(?:png|jpg|gif|webp)$/.test(rest);
}

export async function saveSettings(s: Scope, actor: StaffActor, input: CheckedSettings): Promise<SchoolSettings> {
  const tenantId = actor.tenant.id;
  if ((input.longitude === null) !== (input.latitude === null)) throw AppError.badRequest(t('school.admin.coordinatesPair'));
  await s.db.transaction().execute(async (trx) => {
    const before = await schoolOf(trx, tenantId);
    for (const field of PICTURES) {
      if (!checkPicture(tenantId, input[field], before[field])) throw AppError.badRequest(t('school.admin.badPicture'));
    }
    const opt = (v: string) => (v === '' ? null : v);
    const institution = Object.values(input.institution).some(Boolean) ? JSON.stringify(input.institution) : null;
    await repo.updateSchool(trx, tenantId, {
      projectName: input.projectName,
      universityName: input.universityName,
      shortName: opt(input.shortName),
      trainingInstitutionsName: opt(input.trainingInstitutionsName),
      logo: opt(input.logo),
      brandColor: opt(input.brandColor),
      contactMobile: opt(input.contactMobile),
      email: opt(input.email),
      address: opt(input.address),
      longitude: input.longitude,
      latitude: input.latitude,
      website: opt(input.website),
      crowd: opt(input.crowd),
      schoolTypeName: opt(input.schoolTypeName),
      institutionProperty: opt(input.institutionProperty),
      institutionGrade: opt(input.institutionGrade),
      trainingMode: opt(input.trainingMode),
      enrollDistrictScope: opt(input.enrollDistrictScope),
      icpNumber: opt(input.icpNumber),
      policeRecordNumber: opt(input.policeRecordNumber),
      telecomLicence: opt(input.telecomLicence),
      officialAccountQr: opt(input.officialAccountQr),
      miniProgramQr: opt(input.miniProgramQr),
      appDownloadUrl: opt(input.appDownloadUrl),
      promotionLoginUrl: opt(input.promotionLoginUrl),
      educationalInstitution: institution,
      updatedAt: s.now,
    });
    if (input.universityName !== before.universityName) await repo.updateTenantName(trx, tenantId, input.universityName);
    const after = await schoolOf(trx, tenantId);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.schoolUpdate,
      { type: AUDIT_TARGET.school, id: tenantId },
      { ...inputOf(before) },
      { ...inputOf(after) },
    );
  });
  await publish(s, tenantId);
  return getSettings(s, actor);
}

// --- Host names --------------------------------------------------------------------------------

export async function listDomains(s: Scope, actor: StaffActor): Promise<SchoolDomainInfo[]> {
  return repo.listDomains(s.db, actor.tenant.id);
}

/**
 * Adds a host name (already lower-cased and checked by its rule). A platform host resolves by
 * pre-domain, never as a school's own, so it is refused; one another school has is refused without
 * naming that school. The unique key decides a race between two administrators.
 */
export async function addDomain(s: Scope, actor: StaffActor, input: SchoolDomainInput): Promise<SchoolDomainInfo> {
  if (isPlatformHost(input.domain, s.config.TENANT_BASE_DOMAINS) || input.domain === 'localhost') throw AppError.badRequest(t('school.domains.platform'));
  const id = newId(s.now);
  const added = await s.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertDomain(trx, { id, tenantId: actor.tenant.id, domainType: input.domainType, domain: input.domain });
    if (!inserted) return false;
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.domainAdd, { type: AUDIT_TARGET.domain, id }, null, {
      domain: input.domain,
      domainType: input.domainType,
    });
    return true;
  });
  if (!added) {
    const owner = await repo.findDomainOwner(s.db, input.domain);
    throw AppError.conflict(t(owner?.tenantId === actor.tenant.id ? 'school.domains.mine' : 'school.domains.taken'));
  }
  await publish(s, actor.tenant.id);
  return { id, domain: input.domain, domainType: input.domainType };
}

export async function removeDomain(s: Scope, actor: StaffActor, id: string): Promise<void> {
  const before = await repo.findDomainById(s.db, actor.tenant.id, id);
  await s.db.transaction().execute(async (trx) => {
    if (!before || !(await repo.deleteDomain(trx, actor.tenant.id, id))) throw AppError.notFound(t('school.admin.notFound'));
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.domainRemove,
      { type: AUDIT_TARGET.domain, id },
      { domain: before.domain, domainType: before.domainType },
      null,
    );
  });
  // The removed host's pages go too (they carry the school's tag), and so does its look-up: it no longer names this school.
  await publish(s, actor.tenant.id);
}

// --- Service points ----------------------------------------------------------------------------

/** Validated service point: coordinates as numbers (or null). */
export type CheckedServicePoint = Omit<ServicePointInput, 'longitude' | 'latitude'> & { longitude: number | null; latitude: number | null };

function pointOf(p: ServicePoint): ServicePointAdmin {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    startTime: p.startTime ?? '',
    endTime: p.endTime ?? '',
    mobile: p.mobile ?? '',
    provinceName: p.provinceName ?? '',
    cityName: p.cityName ?? '',
    address: p.address ?? '',
    url: p.url ?? '',
    longitude: coordinate(p.longitude),
    latitude: coordinate(p.latitude),
    seq: p.seq,
  };
}

const auditedPoint = (p: ServicePointAdmin) => {
  const { id: _id, ...fields } = p;
  return fields;
};

function pointColumns(input: CheckedServicePoint) {
  if ((input.longitude === null) !== (input.latitude === null)) throw AppError.badRequest(t('school.admin.coordinatesPair'));
  if ((input.startTime === '') !== (input.endTime === '')) throw AppError.badRequest(t('school.points.hoursPair'));
  const opt = (v: string) => (v === '' ? null : v);
  return {
    name: input.name,
    type: input.type,
    startTime: opt(input.startTime),
    endTime: opt(input.endTime),
    mobile: opt(input.mobile),
    provinceName: opt(input.provinceName),
    cityName: opt(input.cityName),
    address: opt(input.address),
    url: opt(input.url),
    longitude: input.longitude,
    latitude: input.latitude,
    seq: input.seq,
  };
}

export async function listServicePoints(s: Scope, actor: StaffActor): Promise<ServicePointAdmin[]> {
  return (await repo.listServicePoints(s.db, actor.tenant.id)).map(pointOf);
}

export async function createServicePoint(s: Scope, actor: StaffActor, input: CheckedServicePoint): Promise<ServicePointAdmin> {
  const columns = pointColumns(input);
  const id = newId(s.now);
  const created = await s.db.transaction().execute(async (trx) => {
    await repo.insertServicePoint(trx, { id, tenantId: actor.tenant.id, enrollDistrictScope: null, ...columns });
    const point = pointOf((await repo.findServicePoint(trx, actor.tenant.id, id))!);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.servicePointCreate, { type: AUDIT_TARGET.servicePoint, id }, null, auditedPoint(point));
    return point;
  });
  await publish(s, actor.tenant.id);
  return created;
}

export async function updateServicePoint(s: Scope, actor: StaffActor, id: string, input: CheckedServicePoint): Promise<ServicePointAdmin> {
  const columns = pointColumns(input);
  const updated = await s.db.transaction().execute(async (trx) => {
    const before = await repo.findServicePoint(trx, actor.tenant.id, id);
    if (!before) throw AppError.notFound(t('school.admin.notFound'));
    await repo.updateServicePoint(trx, actor.tenant.id, id, columns);
    const after = pointOf((await repo.findServicePoint(trx, actor.tenant.id, id))!);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.servicePointUpdate,
      { type: AUDIT_TARGET.servicePoint, id },
      auditedPoint(pointOf(before)),
      auditedPoint(after),
    );
    return after;
  });
  await publish(s, actor.tenant.id);
  return updated;
}

export async function deleteServicePoint(s: Scope, actor: StaffActor, id: string): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    const before = await repo.findServicePoint(trx, actor.tenant.id, id);
    if (!before || !(await repo.deleteServicePoint(trx, actor.tenant.id, id))) throw AppError.notFound(t('school.admin.notFound'));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.servicePointDelete, { type: AUDIT_TARGET.servicePoint, id }, auditedPoint(pointOf(before)), null);
  });
  await publish(s, actor.tenant.id);
}

// --- Agreements --------------------------------------------------------------------------------

/** The longest agreement text kept (HTML characters): a long privacy policy is about 30,000. */
export const AGREEMENT_MAX_CHARS = 100_000;

const AGREEMENT_COLUMN = { service: 'serviceAgreement', privacy: 'privacyAgreement' } as const;

/** The portal's default text of an agreement with the school's name, as HTML paragraphs. */
export function defaultAgreementHtml(kind: AgreementKind, name: string): string {
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [1, 2, 3, 4, 5].map((n) => `<p>${escapeHtml(t(`login.${kind}P${n}` as MessageKey, { name }))}</p>`).join('\n');
}

function agreementOf(school: School, kind: AgreementKind): AgreementText {
  const html = school[AGREEMENT_COLUMN[kind]];
  return { kind, html: html ? sanitizeRichText(html, school.tenantId) : null, defaultHtml: defaultAgreementHtml(kind, school.universityName) };
}

export async function listAgreements(s: Scope, actor: StaffActor): Promise<AgreementText[]> {
  const school = await schoolOf(s.db, actor.tenant.id);
  return AGREEMENT_KINDS.map((kind) => agreementOf(school, kind));
}

/** Saves an agreement's text, sanitised as the public page will show it ('' or nothing left: back to the default). */
export async function saveAgreement(s: Scope, actor: StaffActor, input: AgreementInput): Promise<AgreementText> {
  const clean = sanitizeRichText(input.html, actor.tenant.id).trim();
  const html = clean === '' ? null : clean;
  const column = AGREEMENT_COLUMN[input.kind];
  const saved = await s.db.transaction().execute(async (trx) => {
    const before = await schoolOf(trx, actor.tenant.id);
    await repo.updateSchool(trx, actor.tenant.id, { [column]: html, updatedAt: s.now });
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.agreementUpdate, { type: AUDIT_TARGET.agreement, id: input.kind }, { html: before[column] }, { html });
    return agreementOf(await schoolOf(trx, actor.tenant.id), input.kind);
  });
  await publish(s, actor.tenant.id);
  return saved;
}
