import { formatDate } from '../time/cst';

/**
 * A school's own certificate numbers (decision 078), browser-safe and pure
 * (tests/unit/id-number.test.ts): its prefix followed by the sequence number zero-padded to six
 * digits (ZS2026000001); a sequence past 999999 shows all its digits. The whole number keeps the
 * lookup's number rule (letters, digits and '-', at most 64), so every number issued can be looked up.
 */

export const NUMBERING_LIMITS = {
  prefixMax: 16,
  seqDigits: 6,
  seqMax: 999_999_999,
} as const;

const PREFIX_PATTERN = /^[0-9A-Za-z-]+$/;

/** The prefix a school starts with: ZS (证书) and the year (China Standard Time) of the first use. */
export function defaultPrefix(now: number): string {
  return `ZS${formatDate(now).slice(0, 4)}`;
}

export function certificateNumber(prefix: string, seq: number): string {
  return prefix + String(seq).padStart(NUMBERING_LIMITS.seqDigits, '0');
}

/** Why a prefix and next sequence number are refused, or null. */
export function numberingProblem(prefix: string, nextSeq: number): 'prefix' | 'seq' | null {
  if (!prefix || prefix.length > NUMBERING_LIMITS.prefixMax || !PREFIX_PATTERN.test(prefix)) return 'prefix';
  if (!Number.isInteger(nextSeq) || nextSeq < 1 || nextSeq > NUMBERING_LIMITS.seqMax) return 'seq';
  return null;
}
