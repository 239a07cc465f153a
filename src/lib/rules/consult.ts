import { t } from '../i18n/messages/consult';
import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '../sms-codes';
import { check, fieldErrors, matches, maxLength, parseFields, requiredText, type Rule } from './rule';

/**
 * The consult form (留言咨询) rules, shared by the modal and the server
 * (browser-safe). Field order is the order the messages are reported in.
 */

export const CONSULT_FIELDS = ['name', 'mobile', 'code', 'content'] as const;
export type ConsultField = (typeof CONSULT_FIELDS)[number];
export type ConsultForm = Record<ConsultField, string>;

export const CONSULT_LIMITS = { nameMax: 30, mobileMax: 11, codeMax: SMS_CODE_LENGTH, contentMax: 500 } as const;

/** Chinese letters, English letters or dots (including the middle dot of transliterated names). */
const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z.·．•]+$/;

const consultRules: Record<ConsultField, Rule> = {
  name: requiredText(
    t('consult.nameRequired'),
    maxLength(CONSULT_LIMITS.nameMax, t('consult.nameTooLong', { n: CONSULT_LIMITS.nameMax })),
    matches(NAME_PATTERN, t('consult.nameInvalid')),
  ),
  mobile: requiredText(t('consult.mobileRequired'), matches(MOBILE_PATTERN, t('consult.mobileInvalid'))),
  code: requiredText(t('consult.codeRequired'), maxLength(CONSULT_LIMITS.codeMax, t('consult.codeTooLong', { n: CONSULT_LIMITS.codeMax }))),
  content: requiredText(t('consult.contentRequired'), maxLength(CONSULT_LIMITS.contentMax, t('consult.contentTooLong', { n: CONSULT_LIMITS.contentMax }))),
};

/** The message for one field's value, or null when it is valid. */
export function consultFieldError(field: ConsultField, value: unknown): string | null {
  return check(consultRules[field], value);
}

/** Every field's first message (only the invalid fields appear). */
export function consultErrors(input: Partial<Record<ConsultField, unknown>>): Partial<Record<ConsultField, string>> {
  return fieldErrors(CONSULT_FIELDS, consultFieldError, input);
}

/** The form's values, trimmed, or the first message in field order. */
export function parseConsult(input: unknown): { ok: true; value: ConsultForm } | { ok: false; field: ConsultField; message: string } {
  return parseFields(consultRules, CONSULT_FIELDS, input && typeof input === 'object' ? (input as Partial<Record<ConsultField, unknown>>) : {});
}
