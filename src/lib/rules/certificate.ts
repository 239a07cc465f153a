import { t } from '../i18n/messages/certificates';
import { fieldErrors, firstError } from './rule';

/**
 * The certificate query form rules, shared by the query island and the server
 * (browser-safe). Plain functions, so the island ships no validation library; the server wraps
 * them in its zod schemas (src/server/certificates/certificates.routes.ts). Field order is the
 * order the messages are reported in: name, number, captcha.
 */

export const CERT_QUERY_FIELDS = ['name', 'number', 'captchaCode'] as const;
export type CertQueryField = (typeof CERT_QUERY_FIELDS)[number];

export const CERT_QUERY_LIMITS = { nameMax: 8, numberMax: 64, captchaMax: 8 } as const;

/** The two lookups: vocational skill-level certificate and training graduation certificate. */
export const CERT_KINDS = ['skill', 'training'] as const;
export type CertKind = (typeof CERT_KINDS)[number];

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

/** The trimmed text of a form value; '' for missing, null and anything that is not text or a number. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The message for one field's value, or null when it is valid. */
export function certQueryFieldError(field: CertQueryField, value: unknown): string | null {
  const text = textOf(value);
  switch (field) {
    case 'name': {
      if (!text) return t('certificates.nameRequired');
      const name = normalizeName(text);
      if (nameLength(name) > CERT_QUERY_LIMITS.nameMax) return t('certificates.nameTooLong', { n: CERT_QUERY_LIMITS.nameMax });
      return isValidName(name) ? null : t('certificates.nameInvalid');
    }
    case 'number':
      if (!text) return t('certificates.numberRequired');
      return text.length <= CERT_QUERY_LIMITS.numberMax && NUMBER_PATTERN.test(text) ? null : t('certificates.numberInvalid');
    case 'captchaCode':
      if (!text) return t('certificates.captchaRequired');
      if (!/^\d+$/.test(text)) return t('certificates.captchaDigits');
      return text.length <= CERT_QUERY_LIMITS.captchaMax ? null : t('certificates.captchaInvalid');
  }
}

/** A valid field's value as sent and looked up: trimmed; a name with its middle dots written as '·'. */
export function certQueryValue(field: CertQueryField, value: unknown): string {
  const text = textOf(value);
  return field === 'name' ? normalizeName(text) : text;
}

export type CertQueryForm = Record<CertQueryField, string>;

/** Every field's first message (only the invalid fields appear). */
export function certQueryErrors(input: Partial<Record<CertQueryField, unknown>>): Partial<Record<CertQueryField, string>> {
  return fieldErrors(CERT_QUERY_FIELDS, certQueryFieldError, input);
}

/** The form's values, normalised, or the first message in field order. */
export function parseCertQuery(
  input: Partial<Record<CertQueryField, unknown>>,
): { ok: true; value: CertQueryForm } | { ok: false; field: CertQueryField; message: string } {
  const problem = firstError(CERT_QUERY_FIELDS, certQueryFieldError, input);
  if (problem) return { ok: false, ...problem };
  return {
    ok: true,
    value: {
      name: certQueryValue('name', input.name),
      number: certQueryValue('number', input.number),
      captchaCode: certQueryValue('captchaCode', input.captchaCode),
    },
  };
}
