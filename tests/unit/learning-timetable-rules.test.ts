import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MAX_RANGE_DAYS, classRank, dayOptions, finishedShare, rangeProblem, rankingOf, targetBars } from '~/lib/learning/timetable';
import { DAY, SECOND, parseDateTime } from '~/lib/time/cst';

const at = (text: string) => parseDateTime(text);

describe('rangeProblem: the query range of the activity list and the duty count', () => {
  const start = at('2026-11-22 00:00:00');

  test('a week, a month, one instant and exactly the longest range are fine', () => {
    expect(rangeProblem(start, start + 7 * DAY - SECOND)).toBeNull();
    expect(rangeProblem(start, at('2026-12-31 23:59:59'))).toBeNull();
    expect(rangeProblem(start, start)).toBeNull();
    expect(rangeProblem(start, start + MAX_RANGE_DAYS * DAY)).toBeNull();
  });

  test('one ms longer than the longest range is too long', () => {
    expect(MAX_RANGE_DAYS).toBe(100);
    expect(rangeProblem(start, start + MAX_RANGE_DAYS * DAY + 1)).toBe('tooLong');
    expect(rangeProblem(start, start + 365 * DAY)).toBe('tooLong');
  });

  test('an end before the start is inverted, by one ms or more; NaN is never fine', () => {
    expect(rangeProblem(start, start - 1)).toBe('inverted');
    expect(rangeProblem(start + DAY, start)).toBe('inverted');
    expect(rangeProblem(start, Number.NaN)).toBe('inverted');
    expect(rangeProblem(Number.NaN, start)).toBe('inverted');
  });
});

describe('dayOptions: optionData by China Standard Time start day', () => {
  const a = (time: string, isRequired: number, finished: boolean, name = time) => ({ name, startAt: at(time), isRequired, finished });

  test('days in date order, items in start order; a day is finished when every required activity is', () => {
    const days = dayOptions([
      a('2026-11-24 09:00:00', 1, true),
      a('2026-11-23 14:00:00', 1, false),
      a('2026-11-23 09:00:00', 1, true),
      a('2026-11-24 14:00:00', 0, false),
    ]);
    expect(days.map((d) => [d.dateKey, d.colorStatus, d.items.map((i) => i.name)])).toEqual([
      ['2026-11-23', 1, ['2026-11-23 09:00:00', '2026-11-23 14:00:00']],
      // the elective left undone does not make the day unfinished
      ['2026-11-24', 2, ['2026-11-24 09:00:00', '2026-11-24 14:00:00']],
    ]);
  });

  test('a day of electives only is finished; isRequired other than 1 is elective', () => {
    expect(dayOptions([a('2026-11-25 09:00:00', 0, false), a('2026-11-25 10:00:00', 2, false)]).map((d) => d.colorStatus)).toEqual([2]);
  });

  test('the China Standard Time day decides: 23:59:59 and 00:00:00 are on different days', () => {
    const days = dayOptions([a('2026-11-23 23:59:59', 1, true), a('2026-11-24 00:00:00', 1, false)]);
    expect(days.map((d) => [d.dateKey, d.colorStatus])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-24', 1],
    ]);
  });

  test('no activities, no days', () => {
    expect(dayOptions([])).toEqual([]);
  });
});

describe('classRank: ties share the better place', () => {
  const scores = [
    { id: 'a', score: 5 },
    { id: 'b', score: 7 },
    { id: 'c', score: 5 },
    { id: 'd', score: 2 },
  ];

  test.each([
    ['b', 1],
    ['a', 2],
    ['c', 2],
    ['d', 4],
  ])('%s is place %s of 4', (id, place) => {
    expect(classRank(scores, id)).toEqual({ rankIndex: place, rankTotal: 4 });
  });

  test('everybody equal: everybody first', () => {
    const same = ['x', 'y', 'z'].map((id) => ({ id, score: 3 }));
    for (const { id } of same) expect(classRank(same, id)).toEqual({ rankIndex: 1, rankTotal: 3 });
  });

  test('alone in the class: first of one', () => {
    expect(classRank([{ id: 'a', score: 0 }], 'a')).toEqual({ rankIndex: 1, rankTotal: 1 });
  });

  test('a student who is not ranked gets place 0 and still sees the total', () => {
    expect(classRank(scores, 'nobody')).toEqual({ rankIndex: 0, rankTotal: 4 });
    expect(classRank([], 'nobody')).toEqual({ rankIndex: 0, rankTotal: 0 });
  });

  test('scores that are not positive numbers count as 0', () => {
    const odd = [
      { id: 'a', score: Number.NaN },
      { id: 'b', score: -3 },
      { id: 'c', score: 0 },
      { id: 'd', score: 1 },
    ];
    expect(classRank(odd, 'a')).toEqual({ rankIndex: 2, rankTotal: 4 });
    expect(classRank(odd, 'b')).toEqual({ rankIndex: 2, rankTotal: 4 });
    expect(classRank(odd, 'd')).toEqual({ rankIndex: 1, rankTotal: 4 });
  });
});

describe('rankingOf: every place as classRank gives it, read once', () => {
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const score = fc.oneof(fc.double(), fc.constantFrom(0, 0.25, 0.5, 1, -1, Number.NaN, Number.POSITIVE_INFINITY));

  test('any scores, duplicate ids and odd numbers included, and anyone asking', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id, score }), { maxLength: 30 }), (scores) => {
        const ranking = rankingOf(scores);
        for (const who of ['a', 'b', 'c', 'd', 'e', 'f', 'nobody']) expect(ranking.place(who)).toEqual(classRank(scores, who));
      }),
    );
  });

  test('a class of 20,000: the best, a tie in the middle and the last', () => {
    const scores = Array.from({ length: 20_000 }, (_, i) => ({ id: `s${i}`, score: (i % 4) / 4 }));
    const ranking = rankingOf(scores);
    expect(ranking.place('s3')).toEqual({ rankIndex: 1, rankTotal: 20_000 });
    expect(ranking.place('s2')).toEqual({ rankIndex: 5_001, rankTotal: 20_000 });
    expect(ranking.place('s0')).toEqual({ rankIndex: 15_001, rankTotal: 20_000 });
  });
});

describe('targetBars: the bars of the target block', () => {
  const pair = (totalNum: number, finishNum: number) => ({ totalNum, finishNum });

  test('required classrooms, study time in minutes and homework plus tests', () => {
    expect(
      targetBars({
        requiredActivityNum: 8,
        finishSignActivityNum: 6,
        resultMap: {
          ONLINE_VIDEO_TEACHING_STUDY_TIMES: pair(20, 5),
          VIDEO_PROGRESS: pair(3, 1),
          ONLINE_HOMEWORK_SUBMIT: pair(1, 1),
          ONLINE_TEST_SUBMIT: pair(2, 0),
        },
      }),
    ).toEqual([
      { key: 'requiredClassrooms', unit: 'items', total: 8, done: 6, percent: 75 },
      { key: 'videoStudy', unit: 'minutes', total: 20, done: 5, percent: 25 },
      { key: 'homeworkTest', unit: 'items', total: 3, done: 1, percent: 33.33 },
    ]);
  });

  test('without a study-time duty the video bar counts videos', () => {
    const bars = targetBars({ requiredActivityNum: 0, resultMap: { ONLINE_VIDEO_TEACHING_STUDY_TIMES: pair(0, 0), VIDEO_PROGRESS: pair(4, 4) } });
    expect(bars).toEqual([{ key: 'videoStudy', unit: 'items', total: 4, done: 4, percent: 100 }]);
  });

  test('zero totals show no bar; homework alone or tests alone still show the bar', () => {
    expect(targetBars({ requiredActivityNum: 0, finishSignActivityNum: 0, resultMap: {} })).toEqual([]);
    expect(targetBars({ resultMap: { ONLINE_TEST_SUBMIT: pair(1, 0) } }).map((b) => [b.key, b.total, b.done])).toEqual([['homeworkTest', 1, 0]]);
    expect(targetBars(null)).toEqual([]);
  });

  test('more done than the total is capped at 100%', () => {
    expect(targetBars({ requiredActivityNum: 2, finishSignActivityNum: 5 })[0]).toMatchObject({ done: 5, percent: 100 });
  });
});

describe('finishedShare: the ranking score is the share of the student’s own required activities finished (decision 051)', () => {
  test('a late joiner who did everything since joining scores above a classmate who missed one of many', () => {
    expect(finishedShare(1, 1)).toBe(1);
    expect(finishedShare(3, 4)).toBe(0.75);
    const rank = classRank(
      [
        { id: 'late', score: finishedShare(1, 1) },
        { id: 'early', score: finishedShare(3, 4) },
      ],
      'late',
    );
    expect(rank).toEqual({ rankIndex: 1, rankTotal: 2 });
  });
  test('nothing of theirs yet scores 0; a count above the expected one is capped', () => {
    expect(finishedShare(0, 0)).toBe(0);
    expect(finishedShare(5, 4)).toBe(1);
  });
});
