import { describe, expect, test } from 'vitest';
import { CREDIT_TOLERANCE_MS, MAX_PLAYBACK_RATE, creditAllowance, creditReport, freshState, progressOf, type StudyState } from '~/lib/learning/study-credit';

const T0 = 1_800_000_000_000;
const LENGTH = 100_000;
const ctx = (now: number, completionPercent = 80) => ({ now, lengthMs: LENGTH, completionPercent });
const state = (over: Partial<StudyState> = {}): StudyState => ({ ...freshState(T0), ...over });

describe('creditAllowance', () => {
  test('real time × top speed + tolerance', () => {
    expect(creditAllowance(T0, T0)).toBe(CREDIT_TOLERANCE_MS);
    expect(creditAllowance(T0, T0 + 10_000)).toBe(10_000 * MAX_PLAYBACK_RATE + CREDIT_TOLERANCE_MS);
  });
  test('a clock behind the last report allows only the tolerance', () => {
    expect(creditAllowance(T0, T0 - 60_000)).toBe(CREDIT_TOLERANCE_MS);
  });
});

describe('progressOf', () => {
  test('rounds down to two decimals, caps at 100, 0 without a length', () => {
    expect(progressOf(79_999, LENGTH)).toBe(79.99);
    expect(progressOf(80_000, LENGTH)).toBe(80);
    expect(progressOf(LENGTH, LENGTH)).toBe(100);
    expect(progressOf(LENGTH + 1, LENGTH)).toBe(100);
    expect(progressOf(0, LENGTH)).toBe(0);
    expect(progressOf(500, 0)).toBe(0);
  });
});

describe('creditReport', () => {
  test('a repeat or an older seq changes nothing', () => {
    const s = state({ seq: 5, furthestMs: 10_000, progress: 10 });
    expect(creditReport(s, { seq: 5, positionMs: 90_000, watchedMs: 90_000 }, ctx(T0 + 600_000))).toEqual({ applied: false, state: s });
    expect(creditReport(s, { seq: 4, positionMs: 90_000, watchedMs: 90_000 }, ctx(T0 + 600_000)).applied).toBe(false);
  });

  test('a jump to the end right after starting credits only what time allows', () => {
    const r = creditReport(state(), { seq: 1, positionMs: LENGTH, watchedMs: LENGTH }, ctx(T0 + 1_000));
    const allowed = 1_000 * MAX_PLAYBACK_RATE + CREDIT_TOLERANCE_MS;
    expect(r.state.creditedMs).toBe(allowed);
    expect(r.state.furthestMs).toBe(allowed);
    expect(r.state.lastPositionMs).toBe(LENGTH);
    expect(r.state.finishedAt).toBeNull();
  });

  test('credit is exactly at the allowance boundary, and one more ms is cut', () => {
    const allowed = creditAllowance(T0, T0 + 10_000);
    expect(creditReport(state(), { seq: 1, positionMs: allowed, watchedMs: allowed }, ctx(T0 + 10_000)).state.creditedMs).toBe(allowed);
    expect(creditReport(state(), { seq: 1, positionMs: allowed + 1, watchedMs: allowed + 1 }, ctx(T0 + 10_000)).state.creditedMs).toBe(allowed);
  });

  test('credits no more than claimed; the furthest point never passes the position', () => {
    const r = creditReport(state(), { seq: 1, positionMs: 5_000, watchedMs: 20_000 }, ctx(T0 + 60_000));
    expect(r.state.creditedMs).toBe(20_000);
    expect(r.state.furthestMs).toBe(5_000);
  });

  test('positions are clamped to the lesson; negative and NaN count as 0', () => {
    const r = creditReport(state({ furthestMs: 99_000 }), { seq: 1, positionMs: 10 * LENGTH, watchedMs: 5_000 }, ctx(T0 + 60_000));
    expect(r.state.lastPositionMs).toBe(LENGTH);
    expect(r.state.furthestMs).toBe(LENGTH);
    const bad = creditReport(state(), { seq: 1, positionMs: -5, watchedMs: Number.NaN }, ctx(T0 + 60_000));
    expect(bad.state.lastPositionMs).toBe(0);
    expect(bad.state.creditedMs).toBe(0);
  });

  test('going back keeps progress and the furthest point; the resume position follows', () => {
    const s = state({ seq: 2, furthestMs: 60_000, progress: 60, creditedMs: 60_000, lastPositionMs: 60_000 });
    const r = creditReport(s, { seq: 3, positionMs: 10_000, watchedMs: 0 }, ctx(T0 + 5_000));
    expect(r.state.furthestMs).toBe(60_000);
    expect(r.state.progress).toBe(60);
    expect(r.state.lastPositionMs).toBe(10_000);
    expect(r.state.creditedMs).toBe(60_000);
  });

  test('progress never drops even if stored progress is ahead of the furthest point', () => {
    const r = creditReport(state({ progress: 100, finishedAt: T0 }), { seq: 1, positionMs: 1_000, watchedMs: 1_000 }, ctx(T0 + 1_000));
    expect(r.state.progress).toBe(100);
    expect(r.state.finishedAt).toBe(T0);
  });

  test('completion at the target percent exactly, not a hair before; set once', () => {
    const before = creditReport(state({ seq: 1, furthestMs: 70_000, progress: 70 }), { seq: 2, positionMs: 79_999, watchedMs: 9_999 }, ctx(T0 + 10_000));
    expect(before.state.progress).toBe(79.99);
    expect(before.state.finishedAt).toBeNull();
    const at = creditReport(before.state, { seq: 3, positionMs: 80_000, watchedMs: 1 }, ctx(T0 + 20_000));
    expect(at.state.finishedAt).toBe(T0 + 20_000);
    const later = creditReport(at.state, { seq: 4, positionMs: 90_000, watchedMs: 10_000 }, ctx(T0 + 30_000));
    expect(later.state.finishedAt).toBe(T0 + 20_000);
  });

  test('without a target (0) the lesson completes at 100', () => {
    const r = creditReport(state({ seq: 1, furthestMs: 95_000, progress: 95 }), { seq: 2, positionMs: 99_999, watchedMs: 4_999 }, ctx(T0 + 10_000, 0));
    expect(r.state.finishedAt).toBeNull();
    const end = creditReport(r.state, { seq: 3, positionMs: LENGTH, watchedMs: 1 }, ctx(T0 + 20_000, 0));
    expect(end.state.progress).toBe(100);
    expect(end.state.finishedAt).toBe(T0 + 20_000);
  });

  test('real-time paced reports reach the end', () => {
    let s = state();
    for (let i = 1; i <= 10; i++) s = creditReport(s, { seq: i, positionMs: i * 10_000, watchedMs: 10_000 }, ctx(T0 + i * 10_000, 100)).state;
    expect(s.progress).toBe(100);
    expect(s.creditedMs).toBe(LENGTH);
    expect(s.finishedAt).toBe(T0 + 100_000);
  });

  test('a lesson without a length is learned by any credited viewing', () => {
    const r = creditReport(state(), { seq: 1, positionMs: 0, watchedMs: 1_000 }, { now: T0 + 1_000, lengthMs: 0, completionPercent: 80 });
    expect(r.state.progress).toBe(100);
  });
});
