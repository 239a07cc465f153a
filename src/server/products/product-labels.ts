import { t, type MessageKey } from '~/lib/i18n';

/** Display labels of product codes. */

const PERIOD_KEYS: Record<number, MessageKey> = {
  1: 'products.periodTraining',
  2: 'products.periodExam',
  3: 'products.periodCertification',
  4: 'products.periodEvaluation',
};

/** 1 培训, 2 考试, 3 认证, 4 评价; '' otherwise. */
export function periodTypeName(code: number): string {
  const key = Object.hasOwn(PERIOD_KEYS, code) ? PERIOD_KEYS[code] : undefined;
  return key ? t(key) : '';
}

/** 1 全国联网可查, 2 学信网可查; '' for 0 (not verifiable online) or anything else. */
export function verificationName(type: number | null | undefined): string {
  if (type === 1) return t('products.verifyNational');
  if (type === 2) return t('products.verifyEducation');
  return '';
}
