import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AFTER_MIDNIGHT_MS, msLeftInCstDay, waitBeforeSeeding } from '../../scripts/seed-day.mjs';
import { DAY, HOUR, MINUTE, startOfCstDay } from '../../src/lib/time/cst';

/** Instants from 1970 to 2100, the portal's range. */
const instant = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });

describe('the browser run stays inside one day of the portal', () => {
  test("the day's end is the portal's own (src/lib/time/cst.ts)", () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(msLeftInCstDay(now)).toBe(startOfCstDay(now) + DAY - now);
      }),
    );
  });

  test('a run starts at once when the day has the margin left', () => {
    const noonCst = Date.UTC(2026, 10, 30, 4);
    expect(waitBeforeSeeding(noonCst, 40 * MINUTE)).toBe(0);
    const justEnough = startOfCstDay(noonCst) + DAY - 40 * MINUTE;
    expect(waitBeforeSeeding(justEnough, 40 * MINUTE)).toBe(0);
  });

  test("a run that would cross midnight waits until just after it, and the seed's day then holds for the margin", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 6 * 60 }), (now, marginMinutes) => {
        const margin = marginMinutes * MINUTE;
        const wait = waitBeforeSeeding(now, margin);
        const start = now + wait;
        // Whatever the moment, the run's first `margin` is inside one day of the portal.
        expect(startOfCstDay(start + margin - 1)).toBe(startOfCstDay(start));
        if (wait > 0) {
          expect(start - startOfCstDay(start)).toBe(AFTER_MIDNIGHT_MS);
          expect(wait).toBeLessThanOrEqual(margin + AFTER_MIDNIGHT_MS);
        }
      }),
    );
  });

  test('23:30 in China with a 40-minute margin waits for 00:01', () => {
    const at2330 = Date.UTC(2026, 10, 30, 15, 30);
    expect(waitBeforeSeeding(at2330, 40 * MINUTE)).toBe(30 * MINUTE + AFTER_MIDNIGHT_MS);
    expect(waitBeforeSeeding(at2330, 20 * MINUTE)).toBe(0);
    expect(msLeftInCstDay(Date.UTC(2026, 10, 30, 16))).toBe(24 * HOUR);
  });
});
