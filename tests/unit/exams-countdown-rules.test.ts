import { describe, expect, test } from 'vitest';
import { clockText, timeEventsBy, isUp, remainingAt, remainingRatio, syncOf } from '~/lib/exams/countdown';

/** The countdown by the server's time (src/lib/exams/countdown.ts; issue 13). */
describe('countdown', () => {
  test('mm:ss, minutes not capped, partial seconds round up, never negative', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(59.2)).toBe('01:00');
    expect(clockText(119)).toBe('01:59');
    expect(clockText(7200)).toBe('120:00');
    expect(clockText(-5)).toBe('00:00');
    expect(clockText(Number.NaN)).toBe('00:00');
  });

  test('the ring is remaining over total, between 0 and 1', () => {
    expect(remainingRatio(60, 120)).toBe(0.5);
    expect(remainingRatio(200, 120)).toBe(1);
    expect(remainingRatio(-1, 120)).toBe(0);
    expect(remainingRatio(10, null)).toBe(0);
  });

  // Rule: without a positive total there is no circle to draw, whatever the time left says.
  test.each([
    [60, 0],
    [10, -5],
    [-10, -5],
    [10, Number.NaN],
  ])('remaining %s of total %s -> 0', (remaining, total) => {
    expect(remainingRatio(remaining, total)).toBe(0);
  });

  test('between syncs the time runs on the monotonic clock; the device’s wall clock plays no part', () => {
    const sync = { remainingSeconds: 120, at: 1_000 };
    expect(remainingAt(sync, 1_000)).toBe(120);
    expect(remainingAt(sync, 31_000)).toBe(90);
    expect(remainingAt(sync, 500)).toBe(120);
    expect(remainingAt(sync, 200_000)).toBe(0);
    expect(isUp(sync, 120_999)).toBe(false);
    expect(isUp(sync, 121_000)).toBe(true);
  });

  test('a sync takes half the round trip off the server’s answer', () => {
    expect(syncOf(100, 5_000, 7_000)).toEqual({ remainingSeconds: 99, at: 7_000 });
    expect(syncOf(0.5, 0, 4_000)).toEqual({ remainingSeconds: 0, at: 4_000 });
    expect(syncOf(30, 9_000, 8_000)).toEqual({ remainingSeconds: 30, at: 8_000 });
  });

  test('time events: 6 s in, then every 60 s, counted from the time passed (a throttled tab skips none)', () => {
    expect([0, 5.9, 6, 65.9, 66, 125.9, 126, 186].map(timeEventsBy)).toEqual([0, 0, 1, 1, 2, 2, 3, 4]);
    // One late tick after a minute in the background: the event that fell in it is due.
    expect(timeEventsBy(7) - timeEventsBy(5)).toBe(1);
    expect(timeEventsBy(120) - timeEventsBy(61)).toBe(1);
  });
});
