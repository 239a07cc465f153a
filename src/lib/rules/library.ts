import { t } from '../i18n/messages/rules';
import { MOBILE_PATTERN } from '../sms-codes';
import type { MessageParams } from '../i18n/translate';
import { all, fail, pass, typedText, type Rule } from './rule';

export { all, check, required, type Rule } from './rule';

/**
 * The shared rule library: every rule with its exact message, browser-safe, for
 * the forms in the browser and for the server on the same fields (plain functions: see rule.ts).
 *
 * Every rule passes an empty value (undefined, null, '' or blanks only): whether a field is
 * required is a separate rule, `required(message)`, combined with `all(...)`:
 *
 *   all(required(t('consult.mobileRequired')), rules.mobile)
 *
 * Numbers may arrive as numbers or strings; they are checked on their text as typed.
 */

/** A rule from a predicate on the non-empty text; the empty value always passes. */
export function rule(test: (value: string) => boolean, key: Parameters<typeof t>[0], params?: MessageParams): Rule {
  return (v) => {
    const s = typedText(v);
    if (s.trim() === '' || test(s)) return pass(s);
    return fail(t(key, params));
  };
}

// --- Patterns -------------------------------------------------------------------------------

const HAN = '\\u4e00-\\u9fa5';
const cls = (chars: string) => new RegExp(`^[${chars}]+$`);
const NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;
/** Common punctuation allowed by the "common characters" variant, full and half width. */
const PUNCTUATION = '-_.,，。、:：;；!！?？()（）《》“”"\'‘’·@#&/\\s';

const num = (s: string) => Number(s);

/** The six comparisons with zero, for numbers (eq0…) and integers (integerEq0…). */
const ZERO = {
  eq0: (n: number) => n === 0,
  ne0: (n: number) => n !== 0,
  gt0: (n: number) => n > 0,
  ge0: (n: number) => n >= 0,
  lt0: (n: number) => n < 0,
  le0: (n: number) => n <= 0,
} as const;
type ZeroComparison = keyof typeof ZERO;
const capitalize = <S extends string>(s: S) => `${s.charAt(0).toUpperCase()}${s.slice(1)}` as Capitalize<S>;

/** One rule per comparison: the text matches the pattern and its number compares with zero; message rules.<name>. */
function zeroComparisons<N extends string>(pattern: RegExp, name: (c: ZeroComparison) => N): Record<N, Rule> {
  const entries = (Object.keys(ZERO) as ZeroComparison[]).map((c) => {
    const key = name(c);
    return [key, rule((s) => pattern.test(s) && ZERO[c](num(s)), `rules.${key}` as Parameters<typeof t>[0])] as const;
  });
  return Object.fromEntries(entries) as Record<N, Rule>;
}
const decimals = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);

/** Chinese resident ID: 15 digits (first generation), or 17 digits plus a check digit or X. */
function nationalId(s: string): boolean {
  const v = s.toUpperCase();
  if (/^\d{15}$/.test(v)) return validDate(`19${v.slice(6, 12)}`);
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  if (!validDate(v.slice(6, 14))) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17];
}

function validDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** National organisation code (GB 11714): 8 characters, hyphen, check character. */
function organisationCode(s: string): boolean {
  const v = s.toUpperCase();
  if (!/^[0-9A-Z]{8}-[0-9X]$/.test(v)) return false;
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  const value = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const sum = weights.reduce((acc, w, i) => acc + w * value(v[i]!), 0);
  const c = 11 - (sum % 11);
  const expected = c === 10 ? 'X' : c === 11 ? '0' : String(c);
  return v[9] === expected;
}

/** Unified social credit code (GB 32100): 18 characters of its alphabet with a check character. */
const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
function socialCreditCode(s: string): boolean {
  const v = s.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(v)) return false;
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = weights.reduce((acc, w, i) => acc + w * CREDIT_ALPHABET.indexOf(v[i]!), 0);
  const c = (31 - (sum % 31)) % 31;
  return v[17] === CREDIT_ALPHABET[c];
}

function ipv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function url(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    return !!new URL(s).hostname;
  } catch {
    return false;
  }
}

const MOBILE = MOBILE_PATTERN;
/** Landline: optional area code 0xx(x)- then 7-8 digits, optional extension. */
const LANDLINE = /^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Province abbreviation + letter + 5 (ordinary) or 6 (new energy) letters/digits. */
const PLATE = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/;

const MONEY_BOUNDS = [100, 1000, 10000, 100000, 1000000, 10000000, 100000000] as const;

/** A money amount: a non-negative number with at most `places` decimals. */
const money = (s: string, places = 2) => /^\d+(\.\d+)?$/.test(s) && decimals(s) <= places;

// --- The rules ------------------------------------------------------------------------------

export const rules = {
  // Whitespace
  noBlank: rule((s) => !/\s/.test(s), 'rules.noBlank'),

  // Character classes
  chinese: rule((s) => cls(HAN).test(s), 'rules.chinese'),
  english: rule((s) => /^[A-Za-z]+$/.test(s), 'rules.english'),
  digits: rule((s) => /^\d+$/.test(s), 'rules.digits'),
  positiveDigits: rule((s) => /^\d+$/.test(s) && /[1-9]/.test(s), 'rules.positiveDigits'),
  chineseEnglish: rule((s) => cls(`${HAN}A-Za-z`).test(s), 'rules.chineseEnglish'),
  chineseDigits: rule((s) => cls(`${HAN}0-9`).test(s), 'rules.chineseDigits'),
  englishDigits: rule((s) => /^[A-Za-z0-9]+$/.test(s), 'rules.englishDigits'),
  chineseEnglishDigits: rule((s) => cls(`${HAN}A-Za-z0-9`).test(s), 'rules.chineseEnglishDigits'),
  englishDigitsHyphen: rule((s) => /^[A-Za-z0-9-]+$/.test(s), 'rules.englishDigitsHyphen'),
  englishDigitsUnderscore: rule((s) => /^[A-Za-z0-9_]+$/.test(s), 'rules.englishDigitsUnderscore'),
  chineseEnglishDigitsHyphen: rule((s) => cls(`${HAN}A-Za-z0-9-`).test(s), 'rules.chineseEnglishDigitsHyphen'),
  chineseEnglishDigitsUnderscore: rule((s) => cls(`${HAN}A-Za-z0-9_`).test(s), 'rules.chineseEnglishDigitsUnderscore'),
  chineseEnglishDigitsPeriod: rule((s) => cls(`${HAN}A-Za-z0-9.`).test(s), 'rules.chineseEnglishDigitsPeriod'),
  commonCharacters: rule((s) => cls(`${HAN}A-Za-z0-9${PUNCTUATION}`).test(s), 'rules.commonCharacters'),

  // Numbers
  number: rule((s) => NUMBER.test(s), 'rules.number'),
  ...zeroComparisons(NUMBER, (c) => c),
  integer: rule((s) => INTEGER.test(s), 'rules.integer'),
  ...zeroComparisons(INTEGER, (c) => `integer${capitalize(c)}` as const),
  integerBetween0And100: rule((s) => INTEGER.test(s) && num(s) > 0 && num(s) < 100, 'rules.integerBetween0And100'),
  oneDecimal: rule((s) => /^[+-]?\d+\.\d$/.test(s), 'rules.oneDecimal'),
  twoDecimals: rule((s) => /^[+-]?\d+\.\d{2}$/.test(s), 'rules.twoDecimals'),
  atMostOneDecimal: rule((s) => NUMBER.test(s) && decimals(s) <= 1, 'rules.atMostOneDecimal'),
  atMostTwoDecimals: rule((s) => NUMBER.test(s) && decimals(s) <= 2, 'rules.atMostTwoDecimals'),
  digitsHyphen: rule((s) => /^[0-9-]+$/.test(s), 'rules.digitsHyphen'),

  // Identity and contact
  password: all(
    rule((s) => s.length >= 6, 'rules.passwordTooShort'),
    rule((s) => s.length <= 20, 'rules.passwordTooLong'),
    rule((s) => /^[A-Za-z0-9]+$/.test(s), 'rules.password'),
  ),
  mobile: rule((s) => MOBILE.test(s), 'rules.mobile'),
  landline: rule((s) => LANDLINE.test(s), 'rules.landline'),
  mobileOrLandline: rule((s) => MOBILE.test(s) || LANDLINE.test(s), 'rules.mobileOrLandline'),
  email: rule((s) => s.length <= 254 && EMAIL.test(s), 'rules.email'),
  mobileOrEmail: rule((s) => MOBILE.test(s) || (s.length <= 254 && EMAIL.test(s)), 'rules.mobileOrEmail'),
  qq: rule((s) => /^[1-9]\d{4,11}$/.test(s), 'rules.qq'),
  wechat: rule((s) => /^[A-Za-z][A-Za-z0-9_-]{5,19}$/.test(s), 'rules.wechat'),
  nationalId: rule(nationalId, 'rules.nationalId'),
  licencePlate: rule((s) => PLATE.test(s), 'rules.licencePlate'),
  address: rule((s) => s.trim().length >= 5 && s.length <= 100 && cls(`${HAN}A-Za-z0-9${PUNCTUATION}`).test(s), 'rules.address'),
  postalCode: rule((s) => /^\d{6}$/.test(s), 'rules.postalCode'),
  bankCard: rule((s) => /^\d{12,19}$/.test(s), 'rules.bankCard'),
  url: rule(url, 'rules.url'),
  companyName: rule(
    (s) => s.length >= 2 && s.length <= 100 && cls(`${HAN}A-Za-z0-9()（）&·.\\- `).test(s) && /[\u4e00-\u9fa5A-Za-z]/.test(s),
    'rules.companyName',
  ),
  organisationCode: rule(organisationCode, 'rules.organisationCode'),
  businessLicence: rule((s) => /^\d{15}$/.test(s) || /^[0-9A-Za-z]{18}$/.test(s), 'rules.businessLicence'),
  socialCreditCode: rule(socialCreditCode, 'rules.socialCreditCode'),
  fax: rule((s) => LANDLINE.test(s), 'rules.fax'),
  ip: rule(ipv4, 'rules.ip'),

  // Money
  money: rule((s) => money(s), 'rules.money'),
  moneyGt0: rule((s) => money(s) && num(s) > 0, 'rules.moneyGt0'),
  money1Decimal: rule((s) => money(s, 1), 'rules.money1Decimal'),
  money2Decimals: rule((s) => money(s, 2), 'rules.money2Decimals'),
  money3Decimals: rule((s) => money(s, 3), 'rules.money3Decimals'),
  money10Digits: rule((s) => /^\d{1,10}(\.\d{1,2})?$/.test(s), 'rules.money10Digits'),
  ...(Object.fromEntries(
    MONEY_BOUNDS.map((max) => [
      `moneyMax${max}`,
      all(
        rule((s) => money(s), 'rules.money'),
        rule((s) => num(s) <= max, 'rules.moneyMax', { max }),
      ),
    ]),
  ) as Record<`moneyMax${(typeof MONEY_BOUNDS)[number]}`, Rule>),

  // Percent, rating, years
  percent: rule((s) => money(s) && num(s) > 0 && num(s) <= 100, 'rules.percent'),
  rating: rule((s) => money(s) && num(s) >= 3 && num(s) <= 5, 'rules.rating'),
  practiceYears: rule((s) => /^\d+(\.\d+)?$/.test(s) && num(s) >= 0 && num(s) <= 100, 'rules.practiceYears'),
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;
