/**
 * Information content blocks. informationType 0: project background, value, features (owner: the
 * school's university id); 1: institution intro, teaching faculty, teaching services (owner: the
 * school's university id); 2: service scope, service results (owner: a certification organisation id).
 */
export interface UniversityInformationTable {
  id: string;
  tenantId: string;
  universityId: string;
  informationType: number;
  title: string;
  name: string | null;
  /** Rich HTML, sanitised before it is shown. */
  content: string;
  seq: number;
  state: number;
  createdAt: number;
}

/** INTERNATIONAL, COUNTRY, COMPANY, INDUSTRY, PROVINCE or CITY. */
export type CertificationLevel = 'INTERNATIONAL' | 'COUNTRY' | 'COMPANY' | 'INDUSTRY' | 'PROVINCE' | 'CITY';

export interface CertificationOrganizationTable {
  id: string;
  tenantId: string;
  name: string;
  /** CERTIFICATION or another organisation type (EVALUATION, …). */
  orgType: string;
  certificationType: string | null;
  serviceScope: string | null;
  features: string | null;
  seq: number;
  state: number;
  createdAt: number;
}
