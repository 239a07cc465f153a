import { describe, expect, test } from 'vitest';
import {
  CLOCK_LEAD_MS,
  CREDIT_TOLERANCE_MS,
  MAX_PLAYBACK_RATE,
  PLAYBACK_RATES,
  creditAllowance,
  creditReport,
  freshState,
  progressOf,
  resumePoint,
  type StudyState,
} from '~/lib/learning/study-credit';

const T0 = 1_800_000_000_000;
const LENGTH = 100_000;
const ctx = (now: number, completionPercent = 80, clockAt = 0) => ({ now, lengthMs: LENGTH, completionPercent, clockAt });
const state = (over: Partial<StudyState> = {}): StudyState => ({ ...freshState(T0), ...over });

describe('creditAllowance', () => {
  test('real time × top speed + tolerance', () => {
    expect(creditAllowance(T0, T0)).toBe(CREDIT_TOLERANCE_MS);
    expect(creditAllowance(T0, T0 + 10_000)).toBe(10_000 * MAX_PLAYBACK_RATE + CREDIT_TOLERANCE_MS);
  });
  test('a start ahead of now allows only what is left of the tolerance, never less than nothing', () => {
    expect(creditAllowance(T0 + CLOCK_LEAD_MS, T0)).toBe(0);
    expect(creditAllowance(T0 + 500, T0)).toBe((CLOCK_LEAD_MS - 500) * MAX_PLAYBACK_RATE);
    expect(creditAllowance(T0, T0 - 60_000)).toBe(0);
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

  // Rule: a point far past the end (a stored length shorter than the media) is still 100, never more.
  test('never above 100', () => {
    expect(progressOf(2 * LENGTH, LENGTH)).toBe(100);
    expect(progressOf(LENGTH * 1.5, LENGTH)).toBe(100);
  });
});

describe('creditReport', () => {
  test('a repeat or an older seq changes nothing', () => {
    const s = state({ seq: 5, furthestMs: 10_000, progress: 10 });
    const repeat = creditReport(s, { seq: 5, positionMs: 90_000, watchedMs: 90_000 }, ctx(T0 + 600_000, 80, T0 + 7));
    expect(repeat).toEqual({ applied: false, state: s, clockAt: T0 + 7 });
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

  test('going back keeps progress and the furthest point; the resume position follows a seek', () => {
    const s = state({ seq: 2, furthestMs: 60_000, progress: 60, creditedMs: 60_000, lastPositionMs: 60_000 });
    const r = creditReport(s, { seq: 3, positionMs: 10_000, watchedMs: 0, sought: true }, ctx(T0 + 5_000));
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
    // Just before the end's last second (within it is the end, resume.ts).
    const r = creditReport(state({ seq: 1, furthestMs: 95_000, progress: 95 }), { seq: 2, positionMs: 98_999, watchedMs: 3_999 }, ctx(T0 + 10_000, 0));
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
    const r = creditReport(state(), { seq: 1, positionMs: 0, watchedMs: 1_000 }, { now: T0 + 1_000, lengthMs: 0, completionPercent: 80, clockAt: 0 });
    expect(r.state.progress).toBe(100);
  });

  // Rule: a lesson without a length is learned only by credited viewing: a report crediting nothing (no time
  // watched, or none allowed by the clock) leaves it at 0.
  test('a lesson without a length is not learned by a report that credits nothing', () => {
    const none = { now: T0, lengthMs: 0, completionPercent: 80, clockAt: 0 };
    expect(creditReport(state(), { seq: 1, positionMs: 0, watchedMs: 0 }, none).state.progress).toBe(0);
    const ahead = { now: T0, lengthMs: 0, completionPercent: 80, clockAt: T0 + 60_000 };
    expect(creditReport(state(), { seq: 1, positionMs: 0, watchedMs: 1_000 }, ahead).state.progress).toBe(0);
  });
});

describe('the top speed', () => {
  test('is the highest speed the player offers, and that is 2× (a faster one would let credit outrun the promise)', () => {
    expect(PLAYBACK_RATES).toEqual([0.75, 1, 1.5, 2]);
    expect(MAX_PLAYBACK_RATE).toBe(Math.max(...PLAYBACK_RATES));
    // One second of real time credits at most two seconds of study, plus the tolerance once.
    const r = creditReport(state(), { seq: 1, positionMs: LENGTH, watchedMs: LENGTH }, ctx(T0 + 1_000));
    expect(r.state.creditedMs).toBe(2 * 1_000 + CREDIT_TOLERANCE_MS);
  });
});

describe('the study clock: the tolerance is granted once, real time is spent once', () => {
  test('back-to-back reports do not each add the tolerance', () => {
    let s = state();
    let clockAt = 0;
    let credited = 0;
    // The attack: 499 reports of 3 s each, one after another within 1.76 s of opening.
    for (let n = 1; n <= 499; n++) {
      const now = T0 + Math.floor((n * 1_760) / 499);
      const r = creditReport(s, { seq: n, positionMs: n * 3_000, watchedMs: 3_000 }, { now, lengthMs: 25 * 60_000, completionPercent: 80, clockAt });
      expect(r.applied).toBe(true);
      credited += r.state.creditedMs - s.creditedMs;
      s = r.state;
      clockAt = r.clockAt;
    }
    expect(credited).toBeLessThanOrEqual(1_760 * 2 + CREDIT_TOLERANCE_MS);
    expect(s.finishedAt).toBeNull();
  });

  test('the clock spends credit / top speed of real time from max(clock, last contact), and never runs more than the lead ahead', () => {
    const r = creditReport(state(), { seq: 1, positionMs: 10_000, watchedMs: 10_000 }, ctx(T0 + 20_000));
    expect(r.clockAt).toBe(T0 + 5_000);
    const capped = creditReport(state(), { seq: 1, positionMs: LENGTH, watchedMs: LENGTH }, ctx(T0 + 20_000));
    expect(capped.clockAt).toBe(T0 + 20_000 + CLOCK_LEAD_MS);
    // An odd credit rounds the spent time up.
    expect(creditReport(state(), { seq: 1, positionMs: 3, watchedMs: 3 }, ctx(T0 + 20_000)).clockAt).toBe(T0 + 2);
    // Nothing credited: the clock stays.
    expect(creditReport(state(), { seq: 1, positionMs: 3, watchedMs: 0 }, ctx(T0 + 20_000, 80, 42)).clockAt).toBe(42);
  });

  test('time another lesson already spent is not credited again', () => {
    // Lesson A opened at T0 and credited 20 s at double speed by T0 + 10 s: the clock is at T0 + 10 s.
    const a = creditReport(state(), { seq: 1, positionMs: 20_000, watchedMs: 20_000 }, ctx(T0 + 10_000));
    expect(a.clockAt).toBe(T0 + 10_000);
    // Lesson B, opened at T0 too and reported at the same moment, gets only the tolerance.
    const b = creditReport(state(), { seq: 1, positionMs: 20_000, watchedMs: 20_000 }, ctx(T0 + 10_000, 80, a.clockAt));
    expect(b.state.creditedMs).toBe(CREDIT_TOLERANCE_MS);
  });

  test('a lesson gets no time from before its last contact, even when the clock is far behind', () => {
    const s = state({ lastReportAt: T0 + 60_000 });
    const r = creditReport(s, { seq: 1, positionMs: LENGTH, watchedMs: LENGTH }, ctx(T0 + 61_000, 80, T0));
    expect(r.state.creditedMs).toBe(1_000 * 2 + CREDIT_TOLERANCE_MS);
  });

  test('a first report without opening is credited from its own time: the tolerance only', () => {
    const r = creditReport(freshState(T0), { seq: 1, positionMs: LENGTH, watchedMs: LENGTH }, ctx(T0, 80, 0));
    expect(r.state.creditedMs).toBe(CREDIT_TOLERANCE_MS);
    expect(r.state.furthestMs).toBe(CREDIT_TOLERANCE_MS);
  });
});

describe('the resume point', () => {
  test('moves forwards with the player, backwards only where the student sought', () => {
    expect(resumePoint(288_000, 300_000, false)).toBe(300_000);
    expect(resumePoint(288_000, 0, false)).toBe(288_000);
    expect(resumePoint(288_000, 287_999, false)).toBe(288_000);
    expect(resumePoint(288_000, 0, true)).toBe(0);
    expect(resumePoint(288_000, 60_000, true)).toBe(60_000);
  });

  test('a player that failed to resume and reports 0 keeps the stored point (04:48 is not lost)', () => {
    const s = state({ seq: 3, lastPositionMs: 288_000, furthestMs: 288_000, progress: 40 });
    const r = creditReport(s, { seq: 4, positionMs: 0, watchedMs: 0 }, ctx(T0 + 1_000));
    expect(r.state.lastPositionMs).toBe(288_000);
    const played = creditReport(r.state, { seq: 5, positionMs: 5_000, watchedMs: 5_000 }, ctx(T0 + 6_000));
    expect(played.state.lastPositionMs).toBe(288_000);
    const back = creditReport(played.state, { seq: 6, positionMs: 5_000, watchedMs: 0, sought: true }, ctx(T0 + 7_000));
    expect(back.state.lastPositionMs).toBe(5_000);
  });
});
