import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, cstDayNumber, formatDateTime, localInputValue, msIntoCstDay, parseDateTime, startOfCstDay } from '~/lib/time/cst';

// 2026-11-23 00:00:00 China Standard Time is 2026-11-22 16:00:00 UTC.
const MIDNIGHT = Date.UTC(2026, 10, 22, 16, 0, 0);

describe('China Standard Time', () => {
  it('a day starts at 00:00 UTC+8, not at UTC midnight', () => {
    expect(startOfCstDay(MIDNIGHT)).toBe(MIDNIGHT);
    expect(startOfCstDay(MIDNIGHT + DAY - 1)).toBe(MIDNIGHT);
    expect(startOfCstDay(MIDNIGHT - 1)).toBe(MIDNIGHT - DAY);
    expect(formatDateTime(startOfCstDay(MIDNIGHT + 10 * HOUR))).toBe('2026-11-23 00:00:00');
  });

  it('a datetime-local value is the school time, and reads back to the same minute', () => {
    expect(localInputValue(MIDNIGHT - MINUTE)).toBe('2026-11-22T23:59');
    expect(localInputValue(MIDNIGHT + 9 * HOUR + 30 * MINUTE + 59_000)).toBe('2026-11-23T09:30');
    expect(parseDateTime(localInputValue(MIDNIGHT + 13 * HOUR))).toBe(MIDNIGHT + 13 * HOUR);
  });

  it('day numbers change at 00:00 UTC+8', () => {
    expect(cstDayNumber(MIDNIGHT) - cstDayNumber(MIDNIGHT - 1)).toBe(1);
    expect(cstDayNumber(MIDNIGHT + DAY - 1)).toBe(cstDayNumber(MIDNIGHT));
  });

  it('time into the day is in [0, DAY), before 1970 too', () => {
    expect(msIntoCstDay(MIDNIGHT)).toBe(0);
    expect(msIntoCstDay(MIDNIGHT - 1)).toBe(DAY - 1);
    expect(msIntoCstDay(MIDNIGHT + 8 * HOUR + 30 * 60_000)).toBe(8 * HOUR + 30 * 60_000);
    expect(msIntoCstDay(-1)).toBe(8 * HOUR - 1);
  });

  it('parses what it formats and refuses impossible dates', () => {
    expect(parseDateTime('2026-11-23 00:00:00')).toBe(MIDNIGHT);
    expect(parseDateTime(formatDateTime(MIDNIGHT + 12_345_000))).toBe(MIDNIGHT + 12_345_000);
    expect(parseDateTime('2026-02-31')).toBeNaN();
    expect(parseDateTime('2026-11-23 24:00:00')).toBeNaN();
  });
});
