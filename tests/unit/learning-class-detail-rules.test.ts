import { describe, expect, test } from 'vitest';
import { DEFAULT_PAST_PAGE_SIZE, PAST_PAGE_SIZES, inTodayTab, mainTabs, pastFilter, pastPageSize, todayTabs } from '~/lib/learning/class-detail';

describe('main tabs', () => {
  test('classStatus 2: only past, opened on past', () => {
    expect(mainTabs(2)).toEqual({ tabs: ['past'], initial: 'past' });
  });

  test.each([0, 1, 3, null, undefined])('classStatus %s: today and past, opened on today', (status) => {
    expect(mainTabs(status)).toEqual({ tabs: ['today', 'past'], initial: 'today' });
  });
});

describe('past page sizes 6 / 9 / 12, default 6', () => {
  test('allowed sizes pass, as numbers or query text', () => {
    expect(PAST_PAGE_SIZES).toEqual([6, 9, 12]);
    expect(DEFAULT_PAST_PAGE_SIZE).toBe(6);
    expect([6, 9, 12].map(pastPageSize)).toEqual([6, 9, 12]);
    expect(pastPageSize('9')).toBe(9);
  });

  test('anything else is 6', () => {
    for (const v of [0, 5, 7, 10, 13, 100, -6, 6.5, '', 'x', null, undefined, Number.NaN]) expect(pastPageSize(v)).toBe(6);
  });
});

describe("today's sub-tabs", () => {
  const pending = { isRequired: 1, classActivityStatus: 0 };
  const missed = { isRequired: 1, classActivityStatus: 1 };
  const attended = { isRequired: 1, classActivityStatus: 2 };
  const elective = { isRequired: 0, classActivityStatus: 2 };
  const electivePending = { isRequired: 0, classActivityStatus: 0 };

  test('each activity lands in all plus exactly one group', () => {
    expect(inTodayTab(pending, 'pending')).toBe(true);
    expect(inTodayTab(missed, 'missed')).toBe(true);
    expect(inTodayTab(attended, 'attended')).toBe(true);
    expect(inTodayTab(elective, 'elective')).toBe(true);
    expect(inTodayTab(elective, 'attended')).toBe(false);
    expect(inTodayTab(electivePending, 'pending')).toBe(false);
    for (const a of [pending, missed, attended, elective]) expect(inTodayTab(a, 'all')).toBe(true);
  });

  test('counts; pending selected when present; the missed dot when something is missed', () => {
    expect(todayTabs([pending, missed, missed, attended, elective, electivePending])).toEqual({
      counts: { all: 6, pending: 1, missed: 2, attended: 1, elective: 2 },
      initial: 'pending',
      missedDot: true,
    });
    expect(todayTabs([attended, elective])).toEqual({
      counts: { all: 2, pending: 0, missed: 0, attended: 1, elective: 1 },
      initial: 'all',
      missedDot: false,
    });
    expect(todayTabs([])).toEqual({ counts: { all: 0, pending: 0, missed: 0, attended: 0, elective: 0 }, initial: 'all', missedDot: false });
  });

  test('past sub-tabs send the filter of their group', () => {
    expect(pastFilter('all')).toEqual({});
    expect(pastFilter('missed')).toEqual({ classActivityStatus: 1, isRequired: 1 });
    expect(pastFilter('attended')).toEqual({ classActivityStatus: 2, isRequired: 1 });
    expect(pastFilter('elective')).toEqual({ isRequired: 0 });
  });
});
