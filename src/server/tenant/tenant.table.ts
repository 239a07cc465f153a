import type { Selectable } from 'kysely';
import type { SchoolInfo, ServicePointInfo } from '~/lib/api/contracts/tenant';

export interface TenantTable {
  id: string;
  preDomain: string;
  name: string;
  status: number;
  createdAt: number;
}

/** A school row: what the API shows (SchoolInfo, whose id is the university id) and internal columns. */
export interface SchoolTable extends Omit<SchoolInfo, 'id'> {
  enrollDistrictScope: string | null;
  /** JSON: {name, educationProperty, schoolFaculty, features, facilities} */
  educationalInstitution: string | null;
  updatedAt: number;
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
