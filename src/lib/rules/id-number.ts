/**
 * A person's 证件号码 (mainland resident ID number), browser-safe and pure
 * (tests/unit/id-number.test.ts): what a school student's record may hold, how it is stored and the
 * one masking rule every screen, list, CSV file, audit entry and public page uses (decision 078).
 */

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_DIGITS = '10X98765432';
/** The first-generation card's birth year is two digits of the 1900s. */
const FIRST_GENERATION_CENTURY = '19';

/** A real calendar date written YYYY-MM-DD (no time zone: a date printed on a document). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/**
 * A second-generation resident ID number (GB 11643-1999): 18 characters, a real birth date in
 * positions 7-14, and the last character the ISO 7064 MOD 11-2 check of the first 17 (X for 10).
 */
export function isResidentIdNumber(text: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(text)) return false;
  if (!isCalendarDate(`${text.slice(6, 10)}-${text.slice(10, 12)}-${text.slice(12, 14)}`)) return false;
  const sum = CHECK_WEIGHTS.reduce((acc, w, i) => acc + w * Number(text[i]), 0);
  return CHECK_DIGITS[sum % 11] === text[17]!.toUpperCase();
}

/** A first-generation number: 15 digits with a real birth date (YYMMDD of the 1900s) in positions 7-12; it has no check digit. */
function isFirstGenerationIdNumber(text: string): boolean {
  if (!/^\d{15}$/.test(text)) return false;
  return isCalendarDate(`${FIRST_GENERATION_CENTURY}${text.slice(6, 8)}-${text.slice(8, 10)}-${text.slice(10, 12)}`);
}

/** An ID number as stored: without spaces around it, a trailing x written X. */
export function normalizeIdNumber(text: string): string {
  return text.trim().toUpperCase();
}

/** A 证件号码 a student's record may hold (after normalizeIdNumber): 15 digits, or 17 digits and a check digit or X. */
export function isNationalIdNumber(text: string): boolean {
  return isFirstGenerationIdNumber(text) || isResidentIdNumber(text);
}

/**
 * Masking (pure): at most the first `head` and last `tail` characters show, fewer on short values,
 * so that at least `minHidden(n)` of n characters are always hidden. Each hidden character becomes
 * one '*'; blank is null.
 */
export function maskMiddle(value: string | null | undefined, head: number, tail: number, minHidden: (n: number) => number): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const chars = Array.from(text);
  const n = chars.length;
  const visible = Math.max(0, n - Math.max(1, minHidden(n)));
  let h = head;
  let t = tail;
  // The tail gives way first while it is the longer part; both reach 0 only when nothing may show.
  while (h + t > visible) {
    if (t >= h) t--;
    else h--;
  }
  return chars.slice(0, h).join('') + '*'.repeat(n - h - t) + chars.slice(n - t).join('');
}

/** Of an ID number at most the first 6 and last 4 characters show, and at least 40% is hidden. */
const ID_HEAD = 6;
const ID_TAIL = 4;
const ID_HIDDEN_SHARE = 0.4;

/** 110101199001011234 -> 110101********1234; a 15-digit one 11010*******1234 (40% hidden); blank -> null. */
export function maskIdNumber(value: string | null | undefined): string | null {
  return maskMiddle(value, ID_HEAD, ID_TAIL, (n) => Math.ceil(n * ID_HIDDEN_SHARE));
}
