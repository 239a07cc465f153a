import { get } from '../contract';
import type { CertificationOrganizationVO } from './school';

/** The school of a tenant (university info, business-school detail, domains) and tenant look-up. */

/** The school as the API and the header show it; id is the university id. */
export interface SchoolInfo {
  id: string;
  tenantId: string;
  projectName: string;
  universityName: string;
  universityId: string;
  logo: string | null;
  /** The logo's own size in pixels (read when it was saved), or null: the pages keep its proportions. */
  logoWidth: number | null;
  logoHeight: number | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  contactMobile: string | null;
  website: string | null;
  crowd: string | null;
  schoolType: string | null;
  schoolTypeName: string | null;
  schoolParentType: string | null;
  serviceAttribute: string | null;
  certificateAttribute: string | null;
  institutionProperty: string | null;
  institutionGrade: string | null;
  trainingMode: string | null;
  trainingInstitutionsName: string | null;
  certificationOrganizationTypeName: string | null;
  browseCount: number;
}

export type ServicePointType = 'TEACHING' | 'EXAM' | 'EVALUATE';

export interface ServicePointInfo {
  id: string;
  name: string;
  type: ServicePointType;
  url: string | null;
  /** 'HH:mm:ss' opening hours. */
  startTime: string | null;
  endTime: string | null;
  mobile: string | null;
  enrollDistrictScope: string | null;
  provinceName: string | null;
  cityName: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Business-school detail: the info plus service points, enrolment districts and institution. */
export interface BusinessSchool extends SchoolInfo {
  buSchoolServicePointList: ServicePointInfo[];
  buSchoolEnrollDistrictList: { enrollDistrictScope: string }[];
  /** {name, educationProperty, schoolFaculty, features, facilities}, or null. */
  educationalInstitution: Record<string, string> | null;
  certificationOrganizationList: CertificationOrganizationVO[];
}

export interface TenantSummary {
  id: string;
  name: string;
  preDomain: string;
  status: number;
}

export const schoolInfo = get<{ tenantId?: string }, SchoolInfo>('/universityAdvertise/anyUser/university/info/getInfoByTenantId');
export const businessSchool = get<{ tenantId?: string }, BusinessSchool>('/universityAdvertise/anyBiz/buSchool/getDetailByTenantId');
/** The school's domain of a type (PC, H5, ONLINE_SCHOOL…; any case). */
export const domainByType = get<{ domainType: string; tenantId?: string }, string>('/universityAdvertise/anyBiz/buSchool/getDomainByDomainType');
export const tenantByPreDomain = get<{ predomain: string }, TenantSummary>('/system/anyTenant/defTenant/getTenantByPreDomain');
