import { get, post } from '../contract';
import type { ServicePointType } from './tenant';

/**
 * The school's settings on the staff side (/api/admin/school/...), for its administrators: the
 * profile and branding the public header, footer, home and school-info pages show; the host names
 * the site answers at; service points; certification organisations; the user agreement and
 * privacy policy. Saving publishes at once (docs/operations.md, "Changes by staff and caches").
 */

/** The institution block of /school-info (training institution tab). */
export interface InstitutionInfo {
  name: string;
  educationProperty: string;
  schoolFaculty: string;
  features: string;
  facilities: string;
}

/** What the administrator edits; '' is "not set" for every optional text. */
export interface SchoolSettingsInput {
  projectName: string;
  universityName: string;
  shortName: string;
  trainingInstitutionsName: string;
  logo: string;
  /** '#rrggbb', or '' for the portal's blue. */
  brandColor: string;
  contactMobile: string;
  email: string;
  address: string;
  /** Decimal degrees as typed ('' when not set). */
  longitude: string;
  latitude: string;
  website: string;
  crowd: string;
  schoolTypeName: string;
  institutionProperty: string;
  institutionGrade: string;
  trainingMode: string;
  /** Enrolment districts, separated by commas. */
  enrollDistrictScope: string;
  icpNumber: string;
  policeRecordNumber: string;
  /** 增值电信业务经营许可证 number. */
  telecomLicence: string;
  officialAccountQr: string;
  miniProgramQr: string;
  /** The school's app download page and promotion-partner login: https addresses, '' for none. */
  appDownloadUrl: string;
  promotionLoginUrl: string;
  institution: InstitutionInfo;
}

export interface SchoolSettings extends SchoolSettingsInput {
  /** The address the school always answers at (its pre-domain under the platform's base domain). */
  preDomainHost: string;
  updatedAt: number;
}

export const DOMAIN_TYPES = ['PC', 'H5'] as const;
export type SchoolDomainType = (typeof DOMAIN_TYPES)[number];

export interface SchoolDomainInfo {
  id: string;
  domain: string;
  /** PC, H5, or a type the platform set (ONLINE_SCHOOL…). */
  domainType: string;
}

export interface SchoolDomainInput {
  domain: string;
  domainType: SchoolDomainType;
}

export interface ServicePointInput {
  name: string;
  type: ServicePointType;
  /** 'HH:mm' or 'HH:mm:ss'; both empty: no opening hours (shown as resting). */
  startTime: string;
  endTime: string;
  mobile: string;
  provinceName: string;
  cityName: string;
  address: string;
  url: string;
  longitude: string;
  latitude: string;
  seq: number;
}

export interface ServicePointAdmin extends ServicePointInput {
  id: string;
}

export interface CertificationOrgInput {
  name: string;
  orgType: string;
  /** INTERNATIONAL, COUNTRY, COMPANY, INDUSTRY, PROVINCE, CITY or ''. */
  certificationType: string;
  serviceScope: string;
  features: string;
  seq: number;
  /** Shown on the public pages. */
  published: boolean;
}

export interface CertificationOrgAdmin extends CertificationOrgInput {
  id: string;
}

export const AGREEMENT_KINDS = ['service', 'privacy'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export interface AgreementText {
  kind: AgreementKind;
  /** The school's own text (sanitised HTML), or null: the portal's default text is shown. */
  html: string | null;
  /** The portal's default text with the school's name, as HTML (a starting point). */
  defaultHtml: string;
}

export interface AgreementInput {
  kind: AgreementKind;
  /** '' returns to the portal's default text. */
  html: string;
}

/** A block of /school-info's project introduction (本项目: background, value, features…), a tab of its details. */
export interface ProjectBlockInput {
  /** The heading over the text (plain text). */
  title: string;
  /** The tab's label ('' shows the title). */
  name: string;
  /** Rich HTML from the staff editor, sanitised when saved and when shown. */
  content: string;
  /** Shown on /school-info. */
  published: boolean;
}

export interface ProjectBlockAdmin extends ProjectBlockInput {
  id: string;
  /** Position on the page (1 first). */
  seq: number;
}

export interface ProjectBlockOrder {
  /** Every block of the school, in the new order. */
  ids: string[];
}

export const schoolSettings = get<Record<string, never>, SchoolSettings>('/admin/school');
export const saveSchoolSettings = post<SchoolSettingsInput, SchoolSettings>('/admin/school/save');
export const schoolDomains = get<Record<string, never>, SchoolDomainInfo[]>('/admin/school/domains');
export const addSchoolDomain = post<SchoolDomainInput, SchoolDomainInfo>('/admin/school/domains/create');
export const removeSchoolDomain = post<Record<string, never>, null>('/admin/school/domains/:id/remove');
export const adminServicePoints = get<Record<string, never>, ServicePointAdmin[]>('/admin/school/servicePoints');
export const createServicePoint = post<ServicePointInput, ServicePointAdmin>('/admin/school/servicePoints/create');
export const updateServicePoint = post<ServicePointInput, ServicePointAdmin>('/admin/school/servicePoints/:id/update');
export const deleteServicePoint = post<Record<string, never>, null>('/admin/school/servicePoints/:id/delete');
export const adminCertificationOrgs = get<Record<string, never>, CertificationOrgAdmin[]>('/admin/school/certificationOrganizations');
export const createCertificationOrg = post<CertificationOrgInput, CertificationOrgAdmin>('/admin/school/certificationOrganizations/create');
export const updateCertificationOrg = post<CertificationOrgInput, CertificationOrgAdmin>('/admin/school/certificationOrganizations/:id/update');
export const deleteCertificationOrg = post<Record<string, never>, null>('/admin/school/certificationOrganizations/:id/delete');
export const adminProjectBlocks = get<Record<string, never>, ProjectBlockAdmin[]>('/admin/school/projectBlocks');
export const createProjectBlock = post<ProjectBlockInput, ProjectBlockAdmin>('/admin/school/projectBlocks/create');
export const updateProjectBlock = post<ProjectBlockInput, ProjectBlockAdmin>('/admin/school/projectBlocks/:id/update');
export const orderProjectBlocks = post<ProjectBlockOrder, ProjectBlockAdmin[]>('/admin/school/projectBlocks/order');
export const deleteProjectBlock = post<Record<string, never>, null>('/admin/school/projectBlocks/:id/delete');
export const agreements = get<Record<string, never>, AgreementText[]>('/admin/school/agreements');
export const saveAgreement = post<AgreementInput, AgreementText>('/admin/school/agreements/save');
