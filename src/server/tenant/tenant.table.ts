import type { Insertable, Selectable } from 'kysely';

export interface TenantTable {
  id: string;
  preDomain: string;
  name: string;
  status: number;
  createdAt: number;
}

export interface SchoolTable {
  tenantId: string;
  projectName: string;
  universityName: string;
  universityId: string;
  logo: string | null;
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
  enrollDistrictScope: string | null;
  /** JSON: {name, educationProperty, schoolFaculty, features, facilities} */
  educationalInstitution: string | null;
  browseCount: number;
  updatedAt: number;
}

export interface SchoolDomainTable {
  id: string;
  tenantId: string;
  domainType: string;
  domain: string;
}

export interface ServicePointTable {
  id: string;
  tenantId: string;
  name: string;
  type: 'TEACHING' | 'EXAM' | 'EVALUATE';
  url: string | null;
  startTime: string | null;
  endTime: string | null;
  mobile: string | null;
  enrollDistrictScope: string | null;
  provinceName: string | null;
  cityName: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  seq: number;
}

export type Tenant = Selectable<TenantTable>;
export type School = Selectable<SchoolTable>;
export type ServicePoint = Selectable<ServicePointTable>;
export type NewTenant = Insertable<TenantTable>;
export type NewSchool = Insertable<SchoolTable>;
