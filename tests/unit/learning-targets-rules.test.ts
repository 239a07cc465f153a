import { describe, expect, test } from 'vitest';
import { parseDateTime } from '~/lib/time/cst';
import { countingDuties, courseTargetState, dutyCounts, dutyMet, timetableTargetState, unfinishedCount, type CourseDuties } from '~/lib/learning/targets';

const at = (text: string) => parseDateTime(text);
const learnStart = at('2026-11-01 00:00:00');
const learnEnd = at('2026-11-30 23:59:59');

const met: CourseDuties = {
  faceTeaching: { target: 2, done: 2 },
  studyDuration: { target: 3_600_000, done: 3_600_000 },
  homework: { target: 1, done: 1 },
  test: { target: 1, done: 2 },
};
const unmet: CourseDuties = { ...met, homework: { target: 1, done: 0 } };

describe('courseTargetState: before, inside and after the learning window', () => {
  test.each([
    ['a second before the window', learnStart - 1000, met, 'notStarted'],
    ['a second before the window, not met', learnStart - 1000, unmet, 'notStarted'],
    ['the window opens, met', learnStart, met, 'completed'],
    ['the window opens, not met', learnStart, unmet, 'inProgress'],
    ['inside, met', at('2026-11-15 12:00:00'), met, 'completed'],
    ['inside, not met', at('2026-11-15 12:00:00'), unmet, 'inProgress'],
    ['the last second of the window, not met', learnEnd, unmet, 'inProgress'],
    ['a second after the window, met', learnEnd + 1000, met, 'completed'],
    ['a second after the window, not met', learnEnd + 1, unmet, 'overdue'],
    ['long after, not met', at('2027-03-01 00:00:00'), unmet, 'overdue'],
  ] as const)('%s -> %s', (_label, now, duties, state) => {
    expect(courseTargetState({ now, learnStart, learnEnd, duties })).toBe(state);
  });

  test.each(['faceTeaching', 'studyDuration', 'homework', 'test'] as const)('after the window, %s alone short makes it overdue', (key) => {
    const duties = { ...met, [key]: { target: met[key]!.target, done: (met[key]!.target as number) - 1 } };
    expect(courseTargetState({ now: learnEnd + 1000, learnStart, learnEnd, duties })).toBe('overdue');
  });

  test('duties with a zero target are ignored: an unmet zero-target duty does not block completion', () => {
    const duties: CourseDuties = { faceTeaching: { target: 0, done: 0 }, studyDuration: { target: 60_000, done: 60_000 }, homework: { target: 0, done: 0 } };
    expect(courseTargetState({ now: learnEnd + 1000, learnStart, learnEnd, duties })).toBe('completed');
    expect(countingDuties(duties)).toEqual([{ target: 60_000, done: 60_000 }]);
  });

  test('no non-zero target at all: no badge (null), in every period', () => {
    const zero: CourseDuties = { faceTeaching: { target: 0, done: 3 }, studyDuration: { target: null, done: 10 }, homework: { target: -1, done: 0 } };
    for (const now of [learnStart - 1000, learnStart, learnEnd + 1000]) expect(courseTargetState({ now, learnStart, learnEnd, duties: zero })).toBeNull();
    expect(courseTargetState({ now: learnStart, learnStart, learnEnd, duties: {} })).toBeNull();
  });

  test('a window without an end never becomes overdue; without a start it has begun', () => {
    expect(courseTargetState({ now: at('2030-01-01 00:00:00'), learnStart, learnEnd: null, duties: unmet })).toBe('inProgress');
    expect(courseTargetState({ now: at('2020-01-01 00:00:00'), learnStart: null, learnEnd, duties: unmet })).toBe('inProgress');
    expect(courseTargetState({ now: at('2020-01-01 00:00:00'), learnStart: Number.NaN, learnEnd, duties: met })).toBe('completed');
  });

  test('dutyMet: done reaches the target; a missing done is not met', () => {
    expect(dutyMet({ target: 3, done: 2 })).toBe(false);
    expect(dutyMet({ target: 3, done: 3 })).toBe(true);
    expect(dutyMet({ target: 3, done: null })).toBe(false);
    expect(dutyMet({ target: 0, done: 0 })).toBe(true);
  });

  // Rule: a duty without a positive finite target is no duty: it does not count and is met whatever is done.
  test.each([
    [0, null],
    [null, null],
    [undefined, undefined],
    [-1, -5],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('target %s, done %s: no duty, met', (target, done) => {
    expect(dutyCounts({ target, done })).toBe(false);
    expect(dutyMet({ target, done })).toBe(true);
  });

  // Rule: a real target is met only by a finite done that reaches it.
  test.each([
    [3, 3.5, true],
    [3, 2.999, false],
    [0.5, 0.5, true],
    [3, Number.POSITIVE_INFINITY, false],
    [3, Number.NaN, false],
    [3, undefined, false],
  ])('target %s, done %s: met %s', (target, done, isMet) => {
    expect(dutyCounts({ target, done })).toBe(true);
    expect(dutyMet({ target, done })).toBe(isMet);
  });
});

describe('timetableTargetState', () => {
  const periodStart = at('2026-11-22 00:00:00');
  const periodEnd = at('2026-11-28 23:59:59');
  const state = (now: number, unfinished: number, start: number | null = periodStart, end: number | null = periodEnd) =>
    timetableTargetState({ now, periodStart: start, periodEnd: end, unfinished });

  test.each([
    ['unfinished, before the period', periodStart - 1000, 1, 'notStarted'],
    ['unfinished, the period begins', periodStart, 1, 'inProgress'],
    ['unfinished, the last second of the period', periodEnd, 2, 'inProgress'],
    ['unfinished, a second after the period', periodEnd + 1000, 1, 'overdue'],
    ['nothing unfinished, before', periodStart - 1000, 0, 'completed'],
    ['nothing unfinished, inside', periodStart, 0, 'completed'],
    ['nothing unfinished, after', periodEnd + 1000, 0, 'completed'],
  ] as const)('%s -> %s', (_label, now, unfinished, expected) => {
    expect(state(now, unfinished)).toBe(expected);
  });

  test('All view: the period is the class, overdue only after the class end', () => {
    const classEnd = at('2027-01-31 23:59:59');
    expect(state(periodEnd + 1000, 1, periodStart, classEnd)).toBe('inProgress');
    expect(state(classEnd + 1000, 1, periodStart, classEnd)).toBe('overdue');
    expect(state(classEnd + 1000, 1, periodStart, null)).toBe('inProgress');
  });

  // Rule: a bound that is not a finite time (NaN from an unreadable text) is no bound: the period has begun and
  // never ends.
  test.each([
    ['no start', Number.NaN, periodEnd, periodStart - 1000, 'inProgress'],
    ['no end', periodStart, Number.NaN, periodEnd + 1000, 'inProgress'],
    ['neither', Number.NaN, Number.NaN, periodEnd + 1000, 'inProgress'],
  ] as const)('%s -> %s', (_label, start, end, now, expected) => {
    expect(state(now, 1, start, end)).toBe(expected);
  });

  test('unfinishedCount: unsigned required activities plus each short duty; extra work does not offset another duty', () => {
    expect(unfinishedCount(null)).toBe(0);
    expect(unfinishedCount({ requiredActivityNum: 3, finishSignActivityNum: 3, resultMap: {} })).toBe(0);
    expect(unfinishedCount({ requiredActivityNum: 3, finishSignActivityNum: 1 })).toBe(2);
    expect(
      unfinishedCount({
        requiredActivityNum: 2,
        finishSignActivityNum: 2,
        resultMap: {
          ONLINE_HOMEWORK_SUBMIT: { totalNum: 2, finishNum: 5 },
          ONLINE_TEST_SUBMIT: { totalNum: 1, finishNum: 0 },
          VIDEO_PROGRESS: { totalNum: 0, finishNum: 0 },
          EE_LIVE_LECTURES_VIDEO_PROGRESS: null,
        },
      }),
    ).toBe(1);
  });

  // Rule: a count that is missing, negative, not finite or fractional counts as its whole non-negative part,
  // so broken figures never make the unfinished count negative, fractional, infinite or NaN.
  test.each([
    [{ requiredActivityNum: 1, finishSignActivityNum: -2 }, 1],
    [{ requiredActivityNum: 2, finishSignActivityNum: null }, 2],
    [{ requiredActivityNum: -3, finishSignActivityNum: -5 }, 0],
    [{ requiredActivityNum: Number.POSITIVE_INFINITY, finishSignActivityNum: 0 }, 0],
    [{ requiredActivityNum: 2.7, finishSignActivityNum: 0.5 }, 2],
    [{ resultMap: { ONLINE_TEST_SUBMIT: { totalNum: 2 } } }, 2],
    [{ resultMap: { ONLINE_TEST_SUBMIT: { totalNum: 2, finishNum: -1 } } }, 2],
    [{ resultMap: { ONLINE_TEST_SUBMIT: { finishNum: 1 } } }, 0],
    [{ resultMap: null }, 0],
  ])('%j -> %i', (duty, n) => {
    expect(unfinishedCount(duty)).toBe(n);
  });
});
