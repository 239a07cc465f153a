import { get, post } from '../contract';

/** Information content blocks of a school and its certification organisations. */

/** 0 project background, value, features; 1 institution intro, faculty, services; 2 service scope, results. */
export type InformationType = 0 | 1 | 2;

export interface InformationBlock {
  id: string;
  title: string;
  name: string;
  /** Sanitised HTML. */
  content: string;
}

export interface CertificationOrganizationVO {
  id: string;
  name: string;
  orgType: string;
  orgTypeName: string;
  certificationType: string | null;
  /** The level label, e.g. 国家级. */
  certificationTypeName: string;
  serviceScope: string | null;
  features: string | null;
  /** Detail tabs: the organisation's information blocks of type 2. */
  informationList: InformationBlock[];
}

/**
 * The published blocks of one type, ascending seq. universityId names the owner (the school's
 * university id for types 0 and 1, a certification organisation id for type 2); without it every
 * block of that type of the school. informationType may travel as text.
 */
export const informationQuery = post<{ informationType: InformationType | `${InformationType}`; universityId?: string }, InformationBlock[]>(
  '/universityAdvertise/anyBiz/universityInformation/query',
);
export const certificationOrganizations = get<{ tenantId?: string }, CertificationOrganizationVO[]>(
  '/universityAdvertise/anyBiz/certificationOrganization/list',
);
