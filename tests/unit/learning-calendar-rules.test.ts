import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_TIMETABLE_VIEW,
  FIRST_DAY_OF_WEEK,
  SLOT_MINUTES,
  cstWeekday,
  dayDot,
  dayPieces,
  gridDays,
  groupByStartDate,
  hoverCardSide,
  monthRange,
  shiftRange,
  shownInDay,
  weekRange,
  weekScrollTime,
  weekSlotLimits,
} from '~/lib/learning/calendar';
import { DAY, MINUTE, SECOND, formatDate, formatDateTime, parseDateTime } from '~/lib/time/cst';

const at = (text: string) => parseDateTime(text);
const range = (r: { start: number; end: number }) => [formatDateTime(r.start), formatDateTime(r.end)];

describe('dayDot: error / info / success', () => {
  const now = at('2026-11-23 10:00:00');

  test('finished days are success, past, today or future', () => {
    for (const day of ['2026-11-20', '2026-11-23', '2026-11-30']) expect(dayDot(day, 2, now)).toBe('success');
  });

  test('unfinished: a day before today is error; today and later are info', () => {
    expect(dayDot('2026-11-22', 1, now)).toBe('error');
    expect(dayDot('2026-01-01', 1, now)).toBe('error');
    expect(dayDot('2026-11-23', 1, now)).toBe('info');
    expect(dayDot('2026-11-24', 1, now)).toBe('info');
  });

  test('yesterday turns error at 00:00 China Standard Time, not at UTC midnight', () => {
    expect(dayDot('2026-11-22', 1, at('2026-11-22 23:59:59'))).toBe('info');
    expect(dayDot('2026-11-22', 1, at('2026-11-22 23:59:59') + SECOND)).toBe('error');
    expect(dayDot('2026-11-22', 1, at('2026-11-23 07:59:59'))).toBe('error');
  });

  test('a time after the date key is ignored', () => {
    expect(dayDot('2026-11-22 12:00:00', 1, now)).toBe('error');
  });

  test('unknown colorStatus or a key that is not a date: no dot', () => {
    expect(dayDot('2026-11-22', 0, now)).toBeNull();
    expect(dayDot('2026-11-22', 3, now)).toBeNull();
    expect(dayDot('2026-11-22', null, now)).toBeNull();
    expect(dayDot('2026-02-31', 1, now)).toBeNull();
    expect(dayDot('yesterday', 2, now)).toBeNull();
  });
});

describe('weeks start on Sunday, in China Standard Time', () => {
  test('a 15-minute slot, weeks from Sunday, the week view first', () => {
    expect(SLOT_MINUTES).toBe(15);
    expect(FIRST_DAY_OF_WEEK).toBe(0);
    expect(DEFAULT_TIMETABLE_VIEW).toBe('week');
  });

  test('weekday numbers', () => {
    expect(cstWeekday(at('2026-11-22 00:00:00'))).toBe(0); // Sunday
    expect(cstWeekday(at('2026-11-23 07:59:59'))).toBe(1); // Monday in China, still Sunday in UTC
    expect(cstWeekday(at('2026-11-28 23:59:59'))).toBe(6);
  });

  test('the week of a Sunday, a Wednesday and a Saturday night', () => {
    const week = ['2026-11-22 00:00:00', '2026-11-28 23:59:59'];
    expect(range(weekRange(at('2026-11-22 00:00:00')))).toEqual(week);
    expect(range(weekRange(at('2026-11-25 12:00:00')))).toEqual(week);
    expect(range(weekRange(at('2026-11-28 23:59:59')))).toEqual(week);
    expect(range(weekRange(at('2026-11-28 23:59:59') + SECOND))).toEqual(['2026-11-29 00:00:00', '2026-12-05 23:59:59']);
  });

  test('previous and next week, across a month and a year', () => {
    const week = weekRange(at('2026-12-30 10:00:00'));
    expect(range(week)).toEqual(['2026-12-27 00:00:00', '2027-01-02 23:59:59']);
    expect(range(shiftRange('week', week, 1))).toEqual(['2027-01-03 00:00:00', '2027-01-09 23:59:59']);
    expect(range(shiftRange('week', week, -1))).toEqual(['2026-12-20 00:00:00', '2026-12-26 23:59:59']);
  });

  test('months: first to last day, leap February, previous and next across years', () => {
    expect(range(monthRange(at('2026-11-23 10:00:00')))).toEqual(['2026-11-01 00:00:00', '2026-11-30 23:59:59']);
    expect(range(monthRange(at('2028-02-10 00:00:00')))).toEqual(['2028-02-01 00:00:00', '2028-02-29 23:59:59']);
    expect(range(monthRange(at('2026-10-31 23:59:59') + SECOND))).toEqual(['2026-11-01 00:00:00', '2026-11-30 23:59:59']);
    const december = monthRange(at('2026-12-15 00:00:00'));
    expect(range(shiftRange('month', december, 1))).toEqual(['2027-01-01 00:00:00', '2027-01-31 23:59:59']);
    expect(range(shiftRange('month', monthRange(at('2027-01-15 00:00:00')), -1))).toEqual(['2026-12-01 00:00:00', '2026-12-31 23:59:59']);
    expect(range(shiftRange('month', december, -12))).toEqual(['2025-12-01 00:00:00', '2025-12-31 23:59:59']);
  });
});

describe('hoverCardSide: left past 950 px', () => {
  test.each([
    [0, 'right'],
    [950, 'right'],
    [950.5, 'left'],
    [951, 'left'],
  ] as const)('%s px -> %s', (px, side) => {
    expect(hoverCardSide(px)).toBe(side);
  });
});

describe('groupByStartDate: the All view', () => {
  const items = [
    { id: 'c', start: '2026-11-24 08:00:00' },
    { id: 'a', start: '2026-11-22 23:30:00' },
    { id: 'b', start: '2026-11-24 07:00:00' },
    { id: 'x', start: 'not a time' },
    { id: 'd', start: '2026-11-24 08:00:00' },
  ];

  test('groups by China Standard Time date in date order, with weekday; items in start order; no start left out', () => {
    expect(groupByStartDate(items, (i) => at(i.start))).toEqual([
      { date: '2026-11-22', weekday: 0, items: [items[1]] },
      { date: '2026-11-24', weekday: 2, items: [items[2], items[0], items[4]] },
    ]);
  });

  test('an empty list has no groups', () => {
    expect(groupByStartDate([], () => 0)).toEqual([]);
  });
});

describe('weekScrollTime: the week grid opens where the student has something to see', () => {
  // The week of Sunday 2026-11-22 to Saturday 2026-11-28; "today" is Wednesday the 25th.
  const week = weekRange(at('2026-11-25 12:00:00'));
  const a = (start: string, end: string) => ({ startTime: start, endTime: end });
  const list = [
    a('2026-11-23 09:00:00', '2026-11-23 10:30:00'),
    a('2026-11-25 09:00:00', '2026-11-25 10:30:00'),
    a('2026-11-25 19:30:00', '2026-11-25 21:00:00'),
    a('2026-11-25 20:30:00', '2026-11-25 21:30:00'),
    a('2026-11-27 14:00:00', '2026-11-27 15:30:00'),
  ];

  test("this week: today's first activity not yet over, from its hour", () => {
    expect(weekScrollTime(list, week, at('2026-11-25 08:00:00'))).toBe('09:00:00');
    // the morning class is over: the evening one
    expect(weekScrollTime(list, week, at('2026-11-25 12:00:00'))).toBe('19:00:00');
    // one in progress is still to be seen
    expect(weekScrollTime(list, week, at('2026-11-25 20:00:00'))).toBe('19:00:00');
  });

  test('this week with nothing more today: the current hour', () => {
    expect(weekScrollTime(list, week, at('2026-11-25 21:45:00'))).toBe('21:00:00');
    expect(weekScrollTime([], week, at('2026-11-24 16:20:00'))).toBe('16:00:00');
  });

  test('another week: the earliest hour of its activities, else 08:00', () => {
    const next = weekRange(at('2026-12-02 12:00:00'));
    const evenings = [a('2026-12-01 18:30:00', '2026-12-01 20:00:00'), a('2026-12-03 19:00:00', '2026-12-03 20:00:00')];
    expect(weekScrollTime(evenings, next, at('2026-11-25 12:00:00'))).toBe('18:00:00');
    expect(weekScrollTime(list, next, at('2026-11-25 12:00:00'))).toBe('08:00:00');
    expect(weekScrollTime([], next, at('2026-11-25 12:00:00'))).toBe('08:00:00');
  });

  test('activities without a valid time are left out', () => {
    expect(weekScrollTime([a('', ''), a('2026-11-25 20:00', 'soon')], week, at('2026-11-25 10:00:00'))).toBe('10:00:00');
  });
});

describe('weekSlotLimits: the week grid shows the school day and every activity, labelled on the hour', () => {
  const week = weekRange(at('2026-11-25 12:00:00'));
  const a = (start: string, end: string) => ({ startTime: start, endTime: end });

  test('the school day when every activity is inside it', () => {
    expect(weekSlotLimits([a('2026-11-25 09:00:00', '2026-11-25 10:30:00')], week)).toEqual({ min: '07:00:00', max: '22:00:00' });
    expect(weekSlotLimits([], week)).toEqual({ min: '07:00:00', max: '22:00:00' });
  });

  test('an activity at 03:10 opens the grid at 03:00, never at 03:10; one to 23:20 closes it at 24:00', () => {
    expect(weekSlotLimits([a('2026-11-25 03:10:00', '2026-11-25 04:00:00')], week)).toEqual({ min: '03:00:00', max: '22:00:00' });
    expect(weekSlotLimits([a('2026-11-25 21:00:00', '2026-11-25 23:20:00')], week)).toEqual({ min: '07:00:00', max: '24:00:00' });
    expect(weekSlotLimits([a('2026-11-25 22:30:00', '2026-11-26 01:00:00')], week)).toEqual({ min: '07:00:00', max: '24:00:00' });
  });

  test('activities outside the range or unreadable are left out', () => {
    expect(weekSlotLimits([a('2026-12-25 03:10:00', '2026-12-25 04:00:00'), a('bad', 'bad')], week)).toEqual({ min: '07:00:00', max: '22:00:00' });
  });

  test('any activity of the range lies inside the limits, which are whole hours', () => {
    const minute = fc.integer({ min: 0, max: 7 * 24 * 60 - 1 });
    fc.assert(
      fc.property(fc.array(fc.tuple(minute, fc.integer({ min: 1, max: 6 * 60 })), { maxLength: 6 }), (spans) => {
        const list = spans.map(([m, len]) =>
          a(formatDateTime(week.start + m * 60_000), formatDateTime(week.start + Math.min(m + len, 7 * 24 * 60 - 1) * 60_000)),
        );
        const { min, max } = weekSlotLimits(list, week);
        expect(min).toMatch(/^\d\d:00:00$/);
        expect(max).toMatch(/^\d\d:00:00$/);
        const hour = (t: string) => Number(t.slice(0, 2)) * 60;
        for (const item of list) {
          const [sh, sm] = item.startTime.slice(11, 16).split(':').map(Number) as [number, number];
          expect(sh * 60 + sm).toBeGreaterThanOrEqual(hour(min));
          const sameDay = item.startTime.slice(0, 10) === item.endTime.slice(0, 10);
          const [eh, em] = item.endTime.slice(11, 16).split(':').map(Number) as [number, number];
          if (sameDay) expect(eh * 60 + em).toBeLessThanOrEqual(hour(max));
          else expect(max).toBe('24:00:00');
        }
      }),
    );
  });
});

describe('gridDays: whole weeks from Sunday around the period', () => {
  const dates = (days: number[]) => days.map((d) => formatDateTime(d));

  test('a week is its seven days, each at 00:00 China Standard Time', () => {
    const days = gridDays(weekRange(at('2026-11-25 12:00:00')));
    expect(days).toHaveLength(7);
    expect(dates(days)[0]).toBe('2026-11-22 00:00:00');
    expect(dates(days)[6]).toBe('2026-11-28 00:00:00');
  });

  test('a month runs from the Sunday on or before its 1st to the Saturday on or after its last day: 35, 42 or 28 days', () => {
    const november = gridDays(monthRange(at('2026-11-10 00:00:00'))); // 1 Nov 2026 is a Sunday, 30 Nov a Monday
    expect(november).toHaveLength(35);
    expect([formatDate(november[0]!), formatDate(november[34]!)]).toEqual(['2026-11-01', '2026-12-05']);
    const august = gridDays(monthRange(at('2026-08-10 00:00:00'))); // 1 Aug 2026 is a Saturday, 31 Aug a Monday
    expect(august).toHaveLength(42);
    expect([formatDate(august[0]!), formatDate(august[41]!)]).toEqual(['2026-07-26', '2026-09-05']);
    const february = gridDays(monthRange(at('2026-02-10 00:00:00'))); // 1 Feb 2026 is a Sunday, 28 days
    expect(february).toHaveLength(28);
    expect([formatDate(february[0]!), formatDate(february[27]!)]).toEqual(['2026-02-01', '2026-02-28']);
  });

  test('every month: whole weeks from Sunday, the month inside, consecutive days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000 * 12, max: 2100 * 12 }), (index) => {
        const first = at(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`);
        const month = monthRange(first);
        const days = gridDays(month);
        expect(days.length % 7).toBe(0);
        expect([28, 35, 42]).toContain(days.length);
        expect(cstWeekday(days[0]!)).toBe(0);
        expect(days[0]!).toBeLessThanOrEqual(month.start);
        expect(days[days.length - 1]! + DAY - SECOND).toBeGreaterThanOrEqual(month.end);
        expect(days[days.length - 1]! - month.end).toBeLessThan(7 * DAY);
        for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBe(DAY);
      }),
    );
  });
});

describe('dayPieces: the activities of a day column, side by side where they overlap', () => {
  const day = at('2026-11-25 00:00:00');
  const item = (id: string, start: string, end: string) => ({ id, start: at(`2026-11-25 ${start}`), end: at(`2026-11-25 ${end}`) });
  const laid = (items: ReturnType<typeof item>[], from = day, to = day + DAY) => dayPieces(items, (i) => i, from, to).map((p) => [p.item.id, p.lane, p.lanes]);

  test('apart: one lane each, in start order', () => {
    expect(laid([item('b', '13:00', '14:00'), item('a', '09:00', '10:00')])).toEqual([
      ['a', 0, 1],
      ['b', 0, 1],
    ]);
  });

  test('one ending as the next starts does not overlap it', () => {
    expect(laid([item('a', '09:00', '10:00'), item('b', '10:00', '11:00')])).toEqual([
      ['a', 0, 1],
      ['b', 0, 1],
    ]);
  });

  test('overlapping ones share the width; a lane freed is taken again; the run counts its lanes', () => {
    const items = [
      item('a', '09:00', '12:00'),
      item('b', '09:30', '10:00'),
      item('c', '10:00', '11:00'),
      item('d', '10:30', '11:30'),
      item('e', '13:00', '14:00'),
    ];
    expect(laid(items)).toEqual([
      ['a', 0, 3],
      ['b', 1, 3],
      ['c', 1, 3],
      ['d', 2, 3],
      ['e', 0, 1],
    ]);
  });

  test('equal starts: the longer first', () => {
    expect(laid([item('short', '09:00', '09:30'), item('long', '09:00', '11:00')])).toEqual([
      ['long', 0, 2],
      ['short', 1, 2],
    ]);
  });

  test('cut to the window; one across midnight has a piece on each day; outside or unreadable is left out', () => {
    const night = { id: 'n', start: at('2026-11-25 22:30:00'), end: at('2026-11-26 01:00:00') };
    const [first] = dayPieces([night], (i) => i, day, day + DAY);
    expect([formatDateTime(first!.start), formatDateTime(first!.end)]).toEqual(['2026-11-25 22:30:00', '2026-11-26 00:00:00']);
    const [second] = dayPieces([night], (i) => i, day + DAY, day + 2 * DAY);
    expect([formatDateTime(second!.start), formatDateTime(second!.end)]).toEqual(['2026-11-26 00:00:00', '2026-11-26 01:00:00']);
    const hours = dayPieces([item('a', '06:00', '08:00')], (i) => i, day + 7 * 3_600_000, day + 22 * 3_600_000);
    expect(formatDateTime(hours[0]!.start)).toBe('2026-11-25 07:00:00');
    expect(laid([item('x', '25:00', '26:00'), { id: 'y', start: Number.NaN, end: Number.NaN }, item('z', '08:00', '09:00')], day + DAY)).toEqual([]);
  });

  test('an activity shorter than a slot is drawn one slot (15 minutes) long', () => {
    const [p] = dayPieces([item('a', '09:00', '09:00')], (i) => i, day, day + DAY);
    expect(p!.end - p!.start).toBe(15 * MINUTE);
  });

  test('lanes never overlap and each piece is inside the window', () => {
    const minute = fc.integer({ min: 0, max: 24 * 60 });
    fc.assert(
      fc.property(fc.array(fc.tuple(minute, fc.integer({ min: 0, max: 300 })), { maxLength: 12 }), (spans) => {
        const items = spans.map(([m, len], i) => ({ id: String(i), start: day + m * MINUTE, end: day + (m + len) * MINUTE }));
        const pieces = dayPieces(items, (i) => i, day, day + DAY);
        for (const p of pieces) {
          expect(p.start).toBeGreaterThanOrEqual(day);
          expect(p.end).toBeLessThanOrEqual(day + DAY);
          expect(p.lane).toBeLessThan(p.lanes);
        }
        for (const p of pieces)
          for (const q of pieces)
            if (p !== q && p.start < q.end && q.start < p.end) {
              expect(p.lane).not.toBe(q.lane);
              expect(p.lanes).toBe(q.lanes);
            }
      }),
    );
  });
});

describe('shownInDay: a month cell lists what fits, the last line telling how many more', () => {
  test.each([
    [0, 3, 0],
    [3, 3, 3],
    [4, 3, 2],
    [9, 3, 2],
    [2, 1, 0],
    [2, 0, 0],
  ])('%s activities in %s lines: %s shown', (count, lines, shown) => {
    expect(shownInDay(count, lines)).toBe(shown);
  });
});
