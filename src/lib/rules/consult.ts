import { z } from 'zod';
import { t } from '../i18n';
import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '../sms-sign';
import { requiredText as required } from './library';

/**
 * The consult form (留言咨询) rules of spec section 5, shared by the modal and the server
 * (browser-safe). Field order is the order the messages are reported in.
 */

export const CONSULT_FIELDS = ['name', 'mobile', 'code', 'content'] as const;
export type ConsultField = (typeof CONSULT_FIELDS)[number];

export const CONSULT_LIMITS = { nameMax: 30, mobileMax: 11, codeMax: SMS_CODE_LENGTH, contentMax: 500 } as const;

/** Chinese letters, English letters or dots (including the middle dot of transliterated names). */
const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z.·．•]+$/;

export const consultFieldSchemas = {
  name: required(t('consult.nameRequired')).pipe(
    z
      .string()
      .max(CONSULT_LIMITS.nameMax, t('consult.nameTooLong', { n: CONSULT_LIMITS.nameMax }))
      .regex(NAME_PATTERN, t('consult.nameInvalid')),
  ),
  mobile: required(t('consult.mobileRequired')).pipe(z.string().regex(MOBILE_PATTERN, t('consult.mobileInvalid'))),
  code: required(t('consult.codeRequired')).pipe(z.string().max(CONSULT_LIMITS.codeMax, t('consult.codeTooLong', { n: CONSULT_LIMITS.codeMax }))),
  content: required(t('consult.contentRequired')).pipe(
    z.string().max(CONSULT_LIMITS.contentMax, t('consult.contentTooLong', { n: CONSULT_LIMITS.contentMax })),
  ),
};

export const consultSchema = z.object(consultFieldSchemas);
export type ConsultForm = z.infer<typeof consultSchema>;

/** The message for one field's value, or null when it is valid. */
export function consultFieldError(field: ConsultField, value: unknown): string | null {
  const result = consultFieldSchemas[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? t('validation.invalid'));
}

/** Every field's first message (only the invalid fields appear). */
export function consultErrors(input: Partial<Record<ConsultField, unknown>>): Partial<Record<ConsultField, string>> {
  const errors: Partial<Record<ConsultField, string>> = {};
  for (const field of CONSULT_FIELDS) {
    const message = consultFieldError(field, input[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The form's values, trimmed, or the first message in field order. */
export function parseConsult(
  input: unknown,
): { ok: true; value: ConsultForm } | { ok: false; field: ConsultField; message: string } {
  const source = (input && typeof input === 'object' ? input : {}) as Partial<Record<ConsultField, unknown>>;
  for (const field of CONSULT_FIELDS) {
    const message = consultFieldError(field, source[field]);
    if (message) return { ok: false, field, message };
  }
  return { ok: true, value: consultSchema.parse(source) };
}
