import { cstDayNumber } from '../time/cst';

/**
 * Remaining days, counted to 23:59:59 China Standard Time of the end date (spec section 9:
 * "Remaining days are computed to 23:59:59 of the end date"). Only the end's date counts, not its
 * time of day: on the end date itself 1 day remains (until 23:59:59 tonight), the day before 2,
 * and so on; null once the end date has passed (from 00:00:00 of the next day) or for a missing
 * time. Same convention as the coupons' couponDaysLeft (src/server/products/products.rules.ts),
 * which could reuse this function. Pure and browser-safe.
 */
export function remainingDays(end: number | null | undefined, now: number): number | null {
  if (typeof end !== 'number' || !Number.isFinite(end) || !Number.isFinite(now)) return null;
  const days = cstDayNumber(end) - cstDayNumber(now) + 1;
  return days >= 1 ? days : null;
}
