import { z } from 'zod';
import { t } from '../i18n';

/**
 * The certificate query form rules of spec section 5, shared by the query island and the server
 * (browser-safe). Field order is the order the messages are reported in: name, number, captcha.
 */

export const CERT_QUERY_FIELDS = ['name', 'number', 'captchaCode'] as const;
export type CertQueryField = (typeof CERT_QUERY_FIELDS)[number];

export const CERT_QUERY_LIMITS = { nameMax: 8, numberMax: 64, captchaMax: 8 } as const;

/** The two lookups: vocational skill-level certificate and training graduation certificate. */
export const CERT_KINDS = ['skill', 'training'] as const;
export type CertKind = (typeof CERT_KINDS)[number];

/** Captcha keys are 16 characters of [A-Za-z0-9], made by the browser. */
export const CAPTCHA_KEY_LENGTH = 16;
export const CAPTCHA_KEY_PATTERN = /^[A-Za-z0-9]{16}$/;
/** Width of the captcha image in CSS pixels (spec section 9). */
export const CAPTCHA_WIDTH = 112;
export const CAPTCHA_HEIGHT = 38;

/**
 * Middle dots that people type for the separator in transliterated names (张·伊万): the Latin
 * middle dot, the katakana middle dot, the bullet and the full-width full stop. Stored names use '·'.
 */
const DOTS = /[·・•．]/g;
/** Chinese characters, Latin letters and the middle dot, nothing else (no spaces, no digits). */
const NAME_PATTERN = /^[\p{Script=Han}A-Za-z·]+$/u;
const NUMBER_PATTERN = /^[0-9A-Za-z-]+$/;

/** The name as stored: trimmed, every middle-dot variant written as '·'. */
export function normalizeName(value: string): string {
  return value.trim().replace(DOTS, '·');
}

/** Length in characters as a person counts them (one per Chinese character, also outside the BMP). */
export function nameLength(value: string): number {
  return Array.from(value).length;
}

/** True when a name is made of Chinese characters, letters and middle dots only (after normalising). */
export function isValidName(value: string): boolean {
  const name = normalizeName(value);
  return NAME_PATTERN.test(name) && !/^·|·$|··/.test(name);
}

/** A required text field: missing, null and blank all give the "required" message. */
function required(message: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().min(1, message),
  );
}

export const certQueryFieldSchemas = {
  name: required(t('certificates.nameRequired'))
    .pipe(
      z
        .string()
        .refine((v) => nameLength(normalizeName(v)) <= CERT_QUERY_LIMITS.nameMax, t('certificates.nameTooLong', { n: CERT_QUERY_LIMITS.nameMax }))
        .refine(isValidName, t('certificates.nameInvalid')),
    )
    .transform(normalizeName),
  number: required(t('certificates.numberRequired')).pipe(
    z
      .string()
      .max(CERT_QUERY_LIMITS.numberMax, t('certificates.numberInvalid'))
      .regex(NUMBER_PATTERN, t('certificates.numberInvalid')),
  ),
  captchaCode: required(t('certificates.captchaRequired')).pipe(
    z
      .string()
      .regex(/^\d+$/, t('certificates.captchaDigits'))
      .max(CERT_QUERY_LIMITS.captchaMax, t('certificates.captchaInvalid')),
  ),
};

export type CertQueryForm = { [F in CertQueryField]: z.infer<(typeof certQueryFieldSchemas)[F]> };

/** The message for one field's value, or null when it is valid. */
export function certQueryFieldError(field: CertQueryField, value: unknown): string | null {
  const result = certQueryFieldSchemas[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? t('validation.invalid'));
}

/** Every field's first message (only the invalid fields appear). */
export function certQueryErrors(input: Partial<Record<CertQueryField, unknown>>): Partial<Record<CertQueryField, string>> {
  const errors: Partial<Record<CertQueryField, string>> = {};
  for (const field of CERT_QUERY_FIELDS) {
    const message = certQueryFieldError(field, input[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The form's values, normalised, or the first message in field order. */
export function parseCertQuery(
  input: Partial<Record<CertQueryField, unknown>>,
): { ok: true; value: CertQueryForm } | { ok: false; field: CertQueryField; message: string } {
  const value: Partial<CertQueryForm> = {};
  for (const field of CERT_QUERY_FIELDS) {
    const result = certQueryFieldSchemas[field].safeParse(input[field]);
    if (!result.success) return { ok: false, field, message: result.error.issues[0]?.message ?? t('validation.invalid') };
    value[field] = result.data;
  }
  return { ok: true, value: value as CertQueryForm };
}
