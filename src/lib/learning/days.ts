import { cstDayNumber, parseDateTime } from '../time/cst';

/**
 * Remaining days, counted to 23:59:59 China Standard Time of the end date: the whole end date is
 * still a day to study. Only the end's date counts, not its time of day: on the end date itself
 * 1 day remains (until 23:59:59 tonight), the
 * day before 2, and so on; null once the end date has passed (from 00:00:00 of the next day) or
 * for a missing time. Same convention as the coupons' couponDaysLeft
 * (src/server/products/products.rules.ts), which uses this function. Pure and browser-safe.
 */
export function remainingDays(end: number | null | undefined, now: number): number | null {
  if (typeof end !== 'number' || !Number.isFinite(end) || !Number.isFinite(now)) return null;
  const days = cstDayNumber(end) - cstDayNumber(now) + 1;
  return days >= 1 ? days : null;
}

/** What a learning window's remaining time says: N days left, or that today is its last day. */
export type Remaining = { kind: 'days'; days: number } | { kind: 'lastDay' };

const timeOf = (text: string | null | undefined): number | null => {
  const ms = typeof text === 'string' ? parseDateTime(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
};

/**
 * The remaining days of a training or learning window ('YYYY-MM-DD HH:mm:ss' texts as the learner
 * calls answer them), shown beside the window's dates on the class cards of my learning, the class
 * header, the class page's courses and the course page's learning period. Only while the window is
 * open: nothing before its start (the dates say when it begins), nothing once its end date is over,
 * nothing without an end. On the end date itself it is the last day (今天截止), not "1 day left".
 */
export function remainingOfWindow(start: string | null | undefined, end: string | null | undefined, now: number): Remaining | null {
  const endMs = timeOf(end);
  const startMs = timeOf(start);
  if (startMs !== null && now < startMs) return null;
  const days = remainingDays(endMs, now); // null for a missing end too
  if (days === null) return null;
  return days === 1 ? { kind: 'lastDay' } : { kind: 'days', days };
}
