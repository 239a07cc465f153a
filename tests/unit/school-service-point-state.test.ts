import { describe, expect, test } from 'vitest';
import { chinaSecondsOfDay, secondsOfDay, servicePointState } from '~/islands/school/service-point-state';

/** Epoch ms of a China Standard Time wall-clock time on 2026-11-22. */
const cst = (hh: number, mm: number, ss = 0, day = 22) => Date.UTC(2026, 10, day, hh - 8, mm, ss);

describe('servicePointState: 08:30:00-17:30:00 in China time', () => {
  const state = (now: number) => servicePointState('08:30:00', '17:30:00', now);

  test.each([
    [cst(0, 0), 'resting'],
    [cst(8, 29, 59), 'resting'],
    [cst(8, 30, 0), 'open'],
    [cst(8, 30, 1), 'open'],
    [cst(12, 0), 'open'],
    [cst(17, 29, 59), 'open'],
    [cst(17, 30, 0), 'resting'],
    [cst(23, 59, 59), 'resting'],
  ])('at %s ms -> %s', (now, expected) => {
    expect(state(now)).toBe(expected);
  });

  test('uses China time, whatever the UTC day', () => {
    // 2026-11-22 01:00 UTC is 09:00 in China: open, although 01:00 would be resting.
    expect(state(Date.UTC(2026, 10, 22, 1, 0, 0))).toBe('open');
    // 2026-11-22 10:00 UTC is 18:00 in China: resting.
    expect(state(Date.UTC(2026, 10, 22, 10, 0, 0))).toBe('resting');
  });
});

describe('servicePointState: other hours', () => {
  test('hours past midnight', () => {
    expect(servicePointState('22:00:00', '06:00:00', cst(23, 0))).toBe('open');
    expect(servicePointState('22:00:00', '06:00:00', cst(0, 0))).toBe('open');
    expect(servicePointState('22:00:00', '06:00:00', cst(5, 59, 59))).toBe('open');
    expect(servicePointState('22:00:00', '06:00:00', cst(6, 0))).toBe('resting');
    expect(servicePointState('22:00:00', '06:00:00', cst(21, 59, 59))).toBe('resting');
  });

  test('equal start and end is open all day; HH:mm is accepted', () => {
    expect(servicePointState('00:00:00', '00:00:00', cst(3, 0))).toBe('open');
    expect(servicePointState('09:00', '18:00', cst(9, 0))).toBe('open');
    expect(servicePointState('09:00', '18:00', cst(18, 0))).toBe('resting');
  });

  test('missing or malformed hours are unknown', () => {
    expect(servicePointState(null, '18:00:00', cst(9, 0))).toBe('unknown');
    expect(servicePointState('09:00:00', '', cst(9, 0))).toBe('unknown');
    expect(servicePointState('24:00:00', '18:00:00', cst(9, 0))).toBe('unknown');
    expect(servicePointState('9点', '18:00:00', cst(9, 0))).toBe('unknown');
    expect(servicePointState('09:00:00', '18:00:00', Number.NaN)).toBe('unknown');
  });
});

describe('time helpers', () => {
  test('secondsOfDay', () => {
    expect(secondsOfDay('00:00:00')).toBe(0);
    expect(secondsOfDay('23:59:59')).toBe(86399);
    expect(secondsOfDay('08:30')).toBe(30600);
    expect(secondsOfDay('12:60:00')).toBeNull();
  });

  test('chinaSecondsOfDay', () => {
    expect(chinaSecondsOfDay(cst(0, 0))).toBe(0);
    expect(chinaSecondsOfDay(cst(17, 30, 0))).toBe(63000);
    expect(chinaSecondsOfDay(0)).toBe(8 * 3600);
  });
});
