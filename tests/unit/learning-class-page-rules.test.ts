import { describe, expect, test } from 'vitest';
import { finishActivityRate, hasOfflineCourse, nextDynamic, pastBefore, pastSums, todayRange } from '~/lib/learning/class-page';
import { pastFilter } from '~/lib/learning/class-detail';
import { DAY, formatDateTime, parseDateTime } from '~/lib/time/cst';

const required = (finished: boolean) => ({ isRequired: 1, finished });
const elective = (finished: boolean) => ({ isRequired: 0, finished });

describe('completion rate of the student card: finished required ÷ required', () => {
  test('electives are not assessed: they count neither way', () => {
    expect(finishActivityRate([required(true), required(false), elective(true), elective(true)])).toBe(50);
    expect(finishActivityRate([required(false), elective(true)])).toBe(0);
  });

  test('one or two decimals, rounded half up', () => {
    expect(finishActivityRate([required(true), required(false), required(false)])).toBe(33.33);
    expect(finishActivityRate([required(true), required(true), required(false)])).toBe(66.67);
    expect(finishActivityRate([required(true), ...Array.from({ length: 7 }, () => required(false))])).toBe(12.5);
  });

  test('all finished is 100; nothing required (or nothing at all) is 0, not 100', () => {
    expect(finishActivityRate([required(true), required(true)])).toBe(100);
    expect(finishActivityRate([])).toBe(0);
    expect(finishActivityRate([elective(true)])).toBe(0);
  });

  test('isRequired other than 1 (null, 2) is elective', () => {
    expect(finishActivityRate([required(true), { isRequired: null, finished: false }, { isRequired: 2, finished: false }])).toBe(100);
  });
});

describe('sums of past activities', () => {
  const a = (isRequired: number, classActivityStatus: number) => ({ isRequired, classActivityStatus });

  test('all, required missed, required attended, electives (attended or not)', () => {
    const list = [a(1, 1), a(1, 1), a(1, 2), a(0, 2), a(0, 1), a(1, 0)];
    expect(pastSums(list)).toEqual({ totalNum: 6, absenceNum: 2, attendanceNum: 1, electiveNum: 2 });
  });

  test('none', () => {
    expect(pastSums([])).toEqual({ totalNum: 0, absenceNum: 0, attendanceNum: 0, electiveNum: 0 });
  });

  test("each sum is what the sub-tab's filter selects", () => {
    const list = [a(1, 1), a(1, 2), a(0, 2), a(0, 1), a(1, 0), a(1, 2)];
    const selected = (f: ReturnType<typeof pastFilter>) =>
      list.filter(
        (x) =>
          (f.classActivityStatus === undefined || x.classActivityStatus === f.classActivityStatus) &&
          (f.isRequired === undefined || (f.isRequired === 1 ? x.isRequired === 1 : x.isRequired !== 1)),
      ).length;
    const sums = pastSums(list);
    expect(selected(pastFilter('all'))).toBe(sums.totalNum);
    expect(selected(pastFilter('missed'))).toBe(sums.absenceNum);
    expect(selected(pastFilter('attended'))).toBe(sums.attendanceNum);
    expect(selected(pastFilter('elective'))).toBe(sums.electiveNum);
  });
});

describe('today and past are China Standard Time days', () => {
  test('today runs from 00:00:00 to the next 00:00:00 CST', () => {
    const now = parseDateTime('2026-11-22 10:00:00');
    const { from, to } = todayRange(now);
    expect(formatDateTime(from)).toBe('2026-11-22 00:00:00');
    expect(to - from).toBe(DAY);
    expect(formatDateTime(to)).toBe('2026-11-23 00:00:00');
  });

  test('at the edges of the day: 00:00:00 is today, 23:59:59 still today', () => {
    expect(formatDateTime(todayRange(parseDateTime('2026-11-22 00:00:00')).from)).toBe('2026-11-22 00:00:00');
    expect(formatDateTime(todayRange(parseDateTime('2026-11-22 23:59:59')).from)).toBe('2026-11-22 00:00:00');
    // 16:00 UTC is already the next day in China
    expect(formatDateTime(todayRange(Date.UTC(2026, 10, 22, 16, 0, 0)).from)).toBe('2026-11-23 00:00:00');
  });

  test('past is everything that started before today', () => {
    const now = parseDateTime('2026-11-22 10:00:00');
    expect(pastBefore(now)).toBe(todayRange(now).from);
  });
});

describe('classroom highlights show only with an offline course', () => {
  test('face-to-face (0) or mixed (anything but 1) is offline', () => {
    expect(hasOfflineCourse([{ courseNature: 1 }, { courseNature: 0 }])).toBe(true);
    expect(hasOfflineCourse([{ courseNature: 2 }])).toBe(true);
    expect(hasOfflineCourse([{ courseNature: 1 }, { courseNature: 1 }])).toBe(false);
    expect(hasOfflineCourse([])).toBe(false);
  });
});

describe('the dynamics scroll on, one at a time, back to the first after the last', () => {
  test('next and wrap', () => {
    expect(nextDynamic(0, 3)).toBe(1);
    expect(nextDynamic(1, 3)).toBe(2);
    expect(nextDynamic(2, 3)).toBe(0);
  });

  test('one or none stays at 0; an index out of range starts again', () => {
    expect(nextDynamic(0, 1)).toBe(0);
    expect(nextDynamic(0, 0)).toBe(0);
    expect(nextDynamic(5, 3)).toBe(0);
    expect(nextDynamic(-1, 3)).toBe(0);
  });
});
