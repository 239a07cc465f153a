import type { Selectable } from 'kysely';
import type { SchoolInfo, ServicePointInfo } from '~/lib/api/contracts/tenant';

export interface TenantTable {
  id: string;
  preDomain: string;
  name: string;
  status: number;
  createdAt: number;
}

/**
 * What the public header and footer show beyond the school's info (the staff's school settings):
 * its colour, short name, contact, licence and record lines, its own links.
 */
export interface SchoolBranding {
  shortName: string | null;
  /** '#rrggbb' dark enough for white text, or null for the portal's blue. */
  brandColor: string | null;
  email: string | null;
  icpNumber: string | null;
  policeRecordNumber: string | null;
  /** 增值电信业务经营许可证 number: a footer line when set. */
  telecomLicence: string | null;
  officialAccountQr: string | null;
  miniProgramQr: string | null;
  /** The school's own app download page and promotion-partner login (https), or null (src/server/school/links.ts). */
  appDownloadUrl: string | null;
  promotionLoginUrl: string | null;
}

/** A school row: what the API shows (SchoolInfo, whose id is the university id), its branding and internal columns. */
export interface SchoolTable extends Omit<SchoolInfo, 'id'>, SchoolBranding {
  enrollDistrictScope: string | null;
  /** JSON: {name, educationProperty, schoolFaculty, features, facilities} */
  educationalInstitution: string | null;
  updatedAt: number;
  /** The school's own agreement texts (sanitised HTML), or null for the portal's default. */
  serviceAgreement: string | null;
  privacyAgreement: string | null;
}

export interface SchoolDomainTable {
  id: string;
  tenantId: string;
  domainType: string;
  domain: string;
}

export interface ServicePointTable extends ServicePointInfo {
  tenantId: string;
  seq: number;
}

export type Tenant = Selectable<TenantTable>;
export type School = Selectable<SchoolTable>;
export type ServicePoint = Selectable<ServicePointTable>;

/** The school as every public page draws it: its info and its branding (kept a few seconds per school by the page layout). */
export interface SchoolPage {
  info: SchoolInfo;
  branding: SchoolBranding;
}
