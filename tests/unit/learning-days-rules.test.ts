import { describe, expect, test } from 'vitest';
import { remainingDays, remainingOfWindow } from '~/lib/learning/days';
import { SECOND, parseDateTime } from '~/lib/time/cst';

const at = (text: string) => parseDateTime(text);

describe('remainingDays: counted to 23:59:59 China Standard Time of the end date', () => {
  const end = at('2026-11-30 09:00:00');

  test.each([
    ['the end date, its first second', '2026-11-30 00:00:00', 1],
    ['the end date, after its stored time of day', '2026-11-30 18:00:00', 1],
    ['the end date, its last second', '2026-11-30 23:59:59', 1],
    ['the day before, first second', '2026-11-29 00:00:00', 2],
    ['the day before, last second', '2026-11-29 23:59:59', 2],
    ['a month before', '2026-10-31 12:00:00', 31],
  ])('%s (%s) -> %i', (_label, now, days) => {
    expect(remainingDays(end, at(now))).toBe(days);
  });

  test('from 00:00:00 of the day after the end date, none remain', () => {
    expect(remainingDays(end, at('2026-12-01 00:00:00'))).toBeNull();
    expect(remainingDays(end, at('2026-11-30 23:59:59') + SECOND)).toBeNull();
    expect(remainingDays(end, at('2027-01-01 00:00:00'))).toBeNull();
  });

  test('days turn at midnight China Standard Time, not at UTC midnight (08:00 CST)', () => {
    expect(remainingDays(end, at('2026-11-29 07:59:59'))).toBe(2);
    expect(remainingDays(end, at('2026-11-29 08:00:00'))).toBe(2);
    expect(remainingDays(end, at('2026-11-28 23:59:59') + SECOND)).toBe(2);
  });

  test('a missing end or clock: no days', () => {
    expect(remainingDays(null, at('2026-11-29 00:00:00'))).toBeNull();
    expect(remainingDays(undefined, at('2026-11-29 00:00:00'))).toBeNull();
    expect(remainingDays(Number.NaN, at('2026-11-29 00:00:00'))).toBeNull();
    expect(remainingDays(end, Number.NaN)).toBeNull();
  });

  // Rule: only a finite end and a finite clock count days; an infinite end is not "forever", it is no time.
  test.each([
    ['an infinite end', Number.POSITIVE_INFINITY, at('2026-11-29 00:00:00')],
    ['an end of minus infinity', Number.NEGATIVE_INFINITY, at('2026-11-29 00:00:00')],
    ['a clock of minus infinity', end, Number.NEGATIVE_INFINITY],
    ['a clock of infinity', end, Number.POSITIVE_INFINITY],
  ])('%s: no days', (_label, endMs, now) => {
    expect(remainingDays(endMs, now)).toBeNull();
  });
});

describe('remainingOfWindow: what a training or learning window says beside its dates', () => {
  const start = '2026-11-01 00:00:00';
  const end = '2026-11-30 09:00:00';

  test('inside the window: the days left, counted to 23:59:59 of the end date', () => {
    expect(remainingOfWindow(start, end, at('2026-11-01 00:00:00'))).toEqual({ kind: 'days', days: 30 });
    expect(remainingOfWindow(start, end, at('2026-11-29 23:59:59'))).toEqual({ kind: 'days', days: 2 });
  });

  test('on the end date, after its time of day too, it is the last day', () => {
    expect(remainingOfWindow(start, end, at('2026-11-30 00:00:00'))).toEqual({ kind: 'lastDay' });
    expect(remainingOfWindow(start, end, at('2026-11-30 23:59:59'))).toEqual({ kind: 'lastDay' });
  });

  test('nothing before the start, after the end date, or without an end', () => {
    expect(remainingOfWindow(start, end, at('2026-11-01 00:00:00') - SECOND)).toBeNull();
    expect(remainingOfWindow(start, end, at('2026-12-01 00:00:00'))).toBeNull();
    expect(remainingOfWindow(start, null, at('2026-11-10 00:00:00'))).toBeNull();
    expect(remainingOfWindow(start, 'not a time', at('2026-11-10 00:00:00'))).toBeNull();
  });

  test('a window without a start counts from any time before its end', () => {
    expect(remainingOfWindow(null, end, at('2026-01-01 12:00:00'))).toEqual({ kind: 'days', days: 334 });
    expect(remainingOfWindow('', '2026-11-30', at('2026-11-29 12:00:00'))).toEqual({ kind: 'days', days: 2 });
  });
});
