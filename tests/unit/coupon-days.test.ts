import { describe, expect, test } from 'vitest';
import { couponDaysLeft } from '~/server/products/products.rules';
import { DAY, SECOND, parseDateTime } from '~/lib/time/cst';

/** China Standard Time, as the coupon's end is stored and shown. */
const at = (text: string) => parseDateTime(text);

describe('couponDaysLeft: counted to 23:59:59 (China Standard Time) of the end date', () => {
  const end = at('2026-11-30 00:00:00');

  test.each([
    ['the end date, just after midnight', '2026-11-30 00:00:00', 1],
    ['the end date, at noon (after the stored end time of day)', '2026-11-30 12:00:00', 1],
    ['the end date, its last second', '2026-11-30 23:59:59', 1],
    ['the day before, its first second', '2026-11-29 00:00:00', 2],
    ['the day before, its last second', '2026-11-29 23:59:59', 2],
    ['a week before', '2026-11-23 10:00:00', 8],
  ])('%s: %s -> %i', (_label, now, days) => {
    expect(couponDaysLeft(end, at(now))).toBe(days);
  });

  test('the day after the end date, from 00:00:00 on, it has no days left', () => {
    expect(couponDaysLeft(end, at('2026-12-01 00:00:00'))).toBeNull();
    expect(couponDaysLeft(end, at('2026-12-05 08:00:00'))).toBeNull();
  });

  test('only the end date counts, not its stored time of day', () => {
    const now = at('2026-11-30 18:00:00');
    for (const time of ['00:00:00', '09:30:00', '23:59:59']) expect(couponDaysLeft(at(`2026-11-30 ${time}`), now)).toBe(1);
  });

  test('days turn over at midnight China Standard Time, not UTC', () => {
    // 2026-11-29 23:59:59 CST is 15:59:59 UTC; one second later it is the end date in China.
    const beforeMidnight = at('2026-11-29 23:59:59');
    expect(couponDaysLeft(end, beforeMidnight)).toBe(2);
    expect(couponDaysLeft(end, beforeMidnight + SECOND)).toBe(1);
    // 08:00 CST is 00:00 UTC: nothing changes there.
    expect(couponDaysLeft(end, at('2026-11-29 07:59:59'))).toBe(couponDaysLeft(end, at('2026-11-29 08:00:00')));
    expect(couponDaysLeft(end, end - 10 * DAY)).toBe(11);
  });

  test('a missing or broken time has no days', () => {
    expect(couponDaysLeft(Number.NaN, at('2026-11-29 00:00:00'))).toBeNull();
    expect(couponDaysLeft(end, Number.NaN)).toBeNull();
  });
});
