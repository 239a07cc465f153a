import { describe, expect, test } from 'vitest';
import { clockText, cutTime, dateOnly, durationParts, hasDuration } from '~/lib/learning/display';
import { HOUR, MINUTE, SECOND } from '~/lib/time/cst';

describe('cutTime and dateOnly', () => {
  test('times are cut to 16 characters (date and minute)', () => {
    expect(cutTime('2026-11-23 09:30:45')).toBe('2026-11-23 09:30');
    expect(cutTime('2026-11-23 09:30')).toBe('2026-11-23 09:30');
    expect(cutTime('2026-11-23')).toBe('2026-11-23');
    expect(cutTime(' 2026-11-23 09:30:45.123 ')).toBe('2026-11-23 09:30');
    expect(cutTime(null)).toBe('');
    expect(cutTime(undefined)).toBe('');
  });

  test('the start date is the first 10 characters, or null (shown as --)', () => {
    expect(dateOnly('2026-11-23 09:30:45')).toBe('2026-11-23');
    expect(dateOnly('')).toBeNull();
    expect(dateOnly('   ')).toBeNull();
    expect(dateOnly(null)).toBeNull();
  });
});

describe('durationParts: ms to whole hours and minutes', () => {
  test.each([
    [0, 0, 0],
    [59 * SECOND + 999, 0, 0],
    [MINUTE, 0, 1],
    [59 * MINUTE + 59 * SECOND, 0, 59],
    [HOUR, 1, 0],
    [HOUR + 30 * MINUTE, 1, 30],
    [25 * HOUR + MINUTE, 25, 1],
  ])('%i ms -> %ih %im', (ms, hours, minutes) => {
    expect(durationParts(ms)).toEqual({ hours, minutes });
  });

  test('negative, missing or not a number is zero, and has no duration to show', () => {
    for (const v of [-1, Number.NaN, null, undefined]) {
      expect(durationParts(v)).toEqual({ hours: 0, minutes: 0 });
      expect(hasDuration(v)).toBe(false);
    }
    expect(hasDuration(0)).toBe(false);
    expect(hasDuration(1)).toBe(true);
  });
});

describe('clockText', () => {
  test.each([
    [0, '00:00'],
    [999, '00:00'],
    [SECOND, '00:01'],
    [59 * MINUTE + 59 * SECOND, '59:59'],
    [HOUR, '1:00:00'],
    [HOUR + 2 * MINUTE + 3 * SECOND, '1:02:03'],
    [-5, '00:00'],
  ])('%i ms -> %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });
});
