import { t, type MessageKey } from '~/server/i18n';
import type { CertificateLink, PeriodType } from '~/lib/api/contracts/products';
import { remainingDays } from '~/lib/learning/days';

/** Pure display and ordering rules of the training products and common questions. */

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

/** Product rating diamonds: thumbs under 1000 give 2, 1000-1999 give 3, 2000 or more give 4. */
export function ratingDiamonds(thumbs: number | null | undefined): 2 | 3 | 4 {
  const n = typeof thumbs === 'number' && Number.isFinite(thumbs) ? thumbs : 0;
  if (n < 1000) return 2;
  if (n < 2000) return 3;
  return 4;
}

export interface PriceText {
  /** The amount as shown, without currency sign or suffix ('3980', '1280.5'). */
  amount: string;
  /** The price ended with 起: "from this amount" (shown as a small 起 after the amount). */
  from: boolean;
}

const FROM_SUFFIX = '起';

/**
 * Reads a stored price text. A trailing 起 means "from"; a leading ¥/￥ and blanks are dropped;
 * numeric amounts lose trailing decimal zeros ('3980.00' -> '3980', '99.50' -> '99.5').
 * Empty, missing or a bare 起 -> null.
 */
export function parsePrice(text: string | number | null | undefined): PriceText | null {
  if (text === null || text === undefined) return null;
  let s = String(text).trim();
  const from = s.endsWith(FROM_SUFFIX);
  if (from) s = s.slice(0, -FROM_SUFFIX.length).trim();
  s = s.replace(/^[¥￥]\s*/, '');
  if (!s) return null;
  if (/^\d+(\.\d+)?$/.test(s)) s = String(Number(s));
  return { amount: s, from };
}

export interface ProductPrice {
  /** The price to pay: the coupon price, else the standard price. */
  current: PriceText | null;
  /** The standard price, shown struck through when a different coupon price applies. */
  original: PriceText | null;
  subsidy: PriceText | null;
}

export function productPrice(p: { defStandPrice: string | null; defCouponPrice: string | null; subsidyPrice: string | null }): ProductPrice {
  const stand = parsePrice(p.defStandPrice);
  const coupon = parsePrice(p.defCouponPrice);
  const current = coupon ?? stand;
  const original = coupon && stand && stand.amount !== coupon.amount ? stand : null;
  const subsidy = parsePrice(p.subsidyPrice);
  return { current, original, subsidy: subsidy && subsidy.amount !== '0' ? subsidy : null };
}

/** A missing (or non-numeric) question seq sorts as 1000. */
export const MISSING_SEQ = 1000;

export function effectiveSeq(seq: number | null | undefined): number {
  return typeof seq === 'number' && Number.isFinite(seq) ? seq : MISSING_SEQ;
}

/**
 * Common questions in display order: ascending seq with a missing seq treated as 1000; ties keep
 * the older question first (creation time, then id) so the order never changes between requests.
 */
export function sortBySeq<T extends { seq: number | null; id: string; createdAt?: number }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => effectiveSeq(a.seq) - effectiveSeq(b.seq) || (a.createdAt ?? 0) - (b.createdAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Class period type codes of a product, from the stored JSON text (unknown codes dropped). */
export function parsePeriodTypes(text: string | null | undefined): PeriodType[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    const codes = list.map((v) => Number(v)).filter((n): n is PeriodType => n === 1 || n === 2 || n === 3 || n === 4);
    return [...new Set(codes)].sort();
  } catch {
    return [];
  }
}

/**
 * A hot major's related certificates: stored as an array or as a JSON string of an array (or
 * a JSON string of that string). Items need a name; a missing url is ''.
 */
export function parseCertificates(value: unknown, depth = 0): CertificateLink[] {
  if (typeof value === 'string') {
    if (!value.trim() || depth > 2) return [];
    try {
      return parseCertificates(JSON.parse(value), depth + 1);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const out: CertificateLink[] = [];
  for (const item of value) {
    if (typeof item === 'string' && item.trim()) out.push({ name: item.trim(), url: '' });
    else if (item && typeof item === 'object') {
      const { name, url } = item as { name?: unknown; url?: unknown };
      if (typeof name === 'string' && name.trim()) out.push({ name: name.trim(), url: typeof url === 'string' ? url.trim() : '' });
    }
  }
  return out;
}

/**
 * The days a coupon can still be used, counted to 23:59:59 China Standard Time of its end date
 * (the whole end date is still usable): the end date itself is day 1, the day before day 2; null once it has passed.
 * The same rule as every remaining-days figure (src/lib/learning/days.ts).
 */
export function couponDaysLeft(useEnd: number, now: number): number | null {
  return remainingDays(useEnd, now);
}

/** The product detail page of a product (/educational-product/detail?id=…). */
export function productDetailHref(id: string): string {
  return `/educational-product/detail?id=${encodeURIComponent(id)}`;
}
