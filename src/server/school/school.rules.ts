import { t, type MessageKey } from '~/server/i18n';
import type { CertificationLevel } from './school.table';

/** Labels of certification organisations (pure). */

const LEVEL_KEYS: Record<CertificationLevel, MessageKey> = {
  INTERNATIONAL: 'school.levelInternational',
  COUNTRY: 'school.levelCountry',
  COMPANY: 'school.levelCompany',
  INDUSTRY: 'school.levelIndustry',
  PROVINCE: 'school.levelProvince',
  CITY: 'school.levelCity',
};

const isLevel = (code: string): code is CertificationLevel => Object.hasOwn(LEVEL_KEYS, code);

/** 国际级, 国家级, 企业级, 行业级, 省级, 市级; '' for an unknown or missing level. */
export function certificationLevelName(code: string | null | undefined): string {
  return code && isLevel(code) ? t(LEVEL_KEYS[code]) : '';
}

/** 认证机构 for CERTIFICATION, 评价机构 for EVALUATION, 其他机构 otherwise. */
export function organizationTypeName(orgType: string | null | undefined): string {
  if (orgType === 'CERTIFICATION') return t('school.orgTypeCertification');
  if (orgType === 'EVALUATION') return t('school.orgTypeEvaluation');
  return t('school.orgTypeOther');
}

/**
 * The views of /school-info: a tab (0 this project, 1 training institution, 2 organisations), and
 * for 'evaluation' the organisations tab with evaluation first.
 */
export interface SchoolInfoView {
  index: 0 | 1 | 2;
  evaluation: boolean;
}

const VIEWS: Record<string, SchoolInfoView> = {
  '0': { index: 0, evaluation: false },
  project: { index: 0, evaluation: false },
  '1': { index: 1, evaluation: false },
  institution: { index: 1, evaluation: false },
  '2': { index: 2, evaluation: false },
  certification: { index: 2, evaluation: false },
  evaluation: { index: 2, evaluation: true },
};

/** ?index of /school-info: 0, 1, 2 or their names (project, institution, certification, evaluation); anything else is the first tab. */
export function schoolInfoView(index: string | null | undefined): SchoolInfoView {
  const key = (index ?? '').trim().toLowerCase();
  return Object.hasOwn(VIEWS, key) ? VIEWS[key]! : VIEWS['0']!;
}
