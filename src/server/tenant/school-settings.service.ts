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
import { buffer } from 'node:stream/consumers';
import { imageSize } from 'image-size';
import { openFile } from '../storage/files.service';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditAction } from '~/lib/staff/roles';
import { t, type MessageKey } from '~/server/i18n';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { sanitizeRichText } from '../sanitize';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditedCreate, auditedDelete, auditedUpdate, auditStaffAction, auditStaffChange, type AuditedRecord } from '../staff/audit/audit.service';
import { isPlatformHost } from '~/lib/school/settings';
import * as repo from './school-settings.repository';
import { columnsOf, formOf, type FieldKind } from '../form-columns';
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

/** The settings form's fields but the institution block, in the order the API answers them. */
const SETTINGS_FIELDS = {
  projectName: 'same',
  universityName: 'same',
  shortName: 'optional',
  trainingInstitutionsName: 'optional',
  logo: 'optional',
  brandColor: 'optional',
  contactMobile: 'optional',
  email: 'optional',
  address: 'optional',
  longitude: 'coordinate',
  latitude: 'coordinate',
  website: 'optional',
  crowd: 'optional',
  schoolTypeName: 'optional',
  institutionProperty: 'optional',
  institutionGrade: 'optional',
  trainingMode: 'optional',
  enrollDistrictScope: 'optional',
  icpNumber: 'optional',
  policeRecordNumber: 'optional',
  telecomLicence: 'optional',
  officialAccountQr: 'optional',
  miniProgramQr: 'optional',
  appDownloadUrl: 'optional',
  promotionLoginUrl: 'optional',
} as const satisfies Record<keyof Omit<SchoolSettingsInput, 'institution'>, FieldKind>;

function inputOf(s: School): SchoolSettingsInput {
  return { ...formOf(SETTINGS_FIELDS, s), institution: institutionOf(s.educationalInstitution) };
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

/**
 * The logo's own size, read from its file once when another logo is saved (the pages keep its
 * proportions and reserve its place); the saved logo keeps the size it has. A file that is not a
 * picture whose size can be read is refused as a bad picture.
 */
async function logoSizeOf(s: Scope, logo: string, current: School): Promise<Pick<School, 'logoWidth' | 'logoHeight'>> {
  if (logo === '') return { logoWidth: null, logoHeight: null };
  if (logo === current.logo) return { logoWidth: current.logoWidth, logoHeight: current.logoHeight };
  const stream = await (await openFile(s, logo.slice(FILES_PATH.length)))?.open();
  if (!stream) throw AppError.badRequest(t('school.admin.badPicture'));
  try {
    const { width, height } = imageSize(await buffer(stream));
    if (!(width > 0 && height > 0)) throw new Error('no size');
    return { logoWidth: width, logoHeight: height };
  } catch {
    throw AppError.badRequest(t('school.admin.badPicture'));
  }
}

export async function saveSettings(s: Scope, actor: StaffActor, input: CheckedSettings): Promise<SchoolSettings> {
  const tenantId = actor.tenant.id;
  if ((input.longitude === null) !== (input.latitude === null)) throw AppError.badRequest(t('school.admin.coordinatesPair'));
  // Read before the transaction (the file may be in a bucket); the transaction checks the picture again.
  const current = await schoolOf(s.db, tenantId);
  if (!checkPicture(tenantId, input.logo, current.logo)) throw AppError.badRequest(t('school.admin.badPicture'));
  const logoSize = await logoSizeOf(s, input.logo, current);
  await s.db.transaction().execute(async (trx) => {
    const before = await schoolOf(trx, tenantId);
    for (const field of PICTURES) {
      if (!checkPicture(tenantId, input[field], before[field])) throw AppError.badRequest(t('school.admin.badPicture'));
    }
    const institution = Object.values(input.institution).some(Boolean) ? JSON.stringify(input.institution) : null;
    await repo.updateSchool(trx, tenantId, {
      ...columnsOf(SETTINGS_FIELDS, input),
      // The size of the logo saved: a file's bytes never change under its address, so it holds whatever was saved meanwhile.
      ...logoSize,
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

/** A service point's form fields between its id and its place in the list, in the order the API answers them. */
const POINT_FIELDS = {
  name: 'same',
  type: 'same',
  startTime: 'optional',
  endTime: 'optional',
  mobile: 'optional',
  provinceName: 'optional',
  cityName: 'optional',
  address: 'optional',
  url: 'optional',
  longitude: 'coordinate',
  latitude: 'coordinate',
} as const satisfies Record<keyof Omit<ServicePointInput, 'seq'>, FieldKind>;

function pointOf(p: ServicePoint): ServicePointAdmin {
  return { id: p.id, ...formOf(POINT_FIELDS, p), seq: p.seq };
}

const auditedPoint = (p: ServicePointAdmin) => {
  const { id: _id, ...fields } = p;
  return fields;
};

function pointColumns(input: CheckedServicePoint) {
  if ((input.longitude === null) !== (input.latitude === null)) throw AppError.badRequest(t('school.admin.coordinatesPair'));
  if ((input.startTime === '') !== (input.endTime === '')) throw AppError.badRequest(t('school.points.hoursPair'));
  return { ...columnsOf(POINT_FIELDS, input), seq: input.seq };
}

export async function listServicePoints(s: Scope, actor: StaffActor): Promise<ServicePointAdmin[]> {
  return (await repo.listServicePoints(s.db, actor.tenant.id)).map(pointOf);
}

/** A service point of the school as the audit log records a change of it. */
function pointRecord(tenantId: string, id: string, action: AuditAction): AuditedRecord<ServicePointAdmin> {
  return {
    action,
    target: { type: AUDIT_TARGET.servicePoint, id },
    read: async (db) => {
      const row = await repo.findServicePoint(db, tenantId, id);
      return row && pointOf(row);
    },
    audited: auditedPoint,
    notFound: () => AppError.notFound(t('school.admin.notFound')),
  };
}

export async function createServicePoint(s: Scope, actor: StaffActor, input: CheckedServicePoint): Promise<ServicePointAdmin> {
  const tenantId = actor.tenant.id;
  const columns = pointColumns(input);
  const id = newId(s.now);
  const record = pointRecord(tenantId, id, AUDIT_ACTION.servicePointCreate);
  const created = await auditedCreate(s, actor, record, (trx) => repo.insertServicePoint(trx, { id, tenantId, enrollDistrictScope: null, ...columns }));
  await publish(s, tenantId);
  return created;
}

export async function updateServicePoint(s: Scope, actor: StaffActor, id: string, input: CheckedServicePoint): Promise<ServicePointAdmin> {
  const tenantId = actor.tenant.id;
  const columns = pointColumns(input);
  const updated = await auditedUpdate(s, actor, pointRecord(tenantId, id, AUDIT_ACTION.servicePointUpdate), (trx) =>
    repo.updateServicePoint(trx, tenantId, id, columns),
  );
  await publish(s, tenantId);
  return updated;
}

export async function deleteServicePoint(s: Scope, actor: StaffActor, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  await auditedDelete(s, actor, pointRecord(tenantId, id, AUDIT_ACTION.servicePointDelete), (trx) => repo.deleteServicePoint(trx, tenantId, id));
  await publish(s, tenantId);
}

// --- Agreements --------------------------------------------------------------------------------

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
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.agreementUpdate, { type: AUDIT_TARGET.agreement, id: input.kind }, { html: [before[column], html] });
    return agreementOf(await schoolOf(trx, actor.tenant.id), input.kind);
  });
  await publish(s, actor.tenant.id);
  return saved;
}
