import type { DB } from '../db/database';
import { t, type MessageKey } from '~/lib/i18n';
import { sanitizeRichText } from '../content/sanitize';
import * as repo from './school.repository';

/** Information content blocks (types 0, 1, 2) and certification organisations of a school. */

/** 0 project background, value, features; 1 institution intro, faculty, services; 2 service scope, results. */
export const INFORMATION_TYPES = [0, 1, 2] as const;
export type InformationType = (typeof INFORMATION_TYPES)[number];

export interface InformationBlock {
  id: string;
  title: string;
  name: string;
  /** Sanitised HTML. */
  content: string;
}

/**
 * The published blocks of one type, ascending seq. universityId names the owner (the school's
 * university id for types 0 and 1, a certification organisation id for type 2); without it every
 * block of that type of the tenant is returned.
 */
export async function listInformation(db: DB, tenantId: string, informationType: InformationType, universityId?: string): Promise<InformationBlock[]> {
  const rows = await repo.listInformation(db, tenantId, { informationType, universityIds: universityId ? [universityId] : undefined });
  return rows.map(blockVO);
}

function blockVO(r: { id: string; title: string; name: string | null; content: string }): InformationBlock {
  return { id: r.id, title: r.title, name: r.name ?? r.title, content: sanitizeRichText(r.content) };
}

const LEVEL_KEYS: Record<string, MessageKey> = {
  INTERNATIONAL: 'school.levelInternational',
  COUNTRY: 'school.levelCountry',
  COMPANY: 'school.levelCompany',
  INDUSTRY: 'school.levelIndustry',
  PROVINCE: 'school.levelProvince',
  CITY: 'school.levelCity',
};

/** 国际级, 国家级, 企业级, 行业级, 省级, 市级; '' for an unknown or missing level. */
export function certificationLevelName(code: string | null | undefined): string {
  const key = code && Object.hasOwn(LEVEL_KEYS, code) ? LEVEL_KEYS[code] : undefined;
  return key ? t(key) : '';
}

/** 认证机构 for CERTIFICATION, 评价机构 for EVALUATION, 其他机构 otherwise. */
export function organizationTypeName(orgType: string | null | undefined): string {
  if (orgType === 'CERTIFICATION') return t('school.orgTypeCertification');
  if (orgType === 'EVALUATION') return t('school.orgTypeEvaluation');
  return t('school.orgTypeOther');
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

/** Published certification organisations of the tenant, ascending seq, each with its detail blocks. */
export async function listCertificationOrganizations(db: DB, tenantId: string): Promise<CertificationOrganizationVO[]> {
  const orgs = await repo.listCertificationOrganizations(db, tenantId);
  if (orgs.length === 0) return [];
  const blocks = await repo.listInformation(db, tenantId, { informationType: 2, universityIds: orgs.map((o) => o.id) });
  return orgs.map((o) => ({
    id: o.id,
    name: o.name,
    orgType: o.orgType,
    orgTypeName: organizationTypeName(o.orgType),
    certificationType: o.certificationType,
    certificationTypeName: certificationLevelName(o.certificationType),
    serviceScope: o.serviceScope,
    features: o.features,
    informationList: blocks.filter((b) => b.universityId === o.id).map(blockVO),
  }));
}
