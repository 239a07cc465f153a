import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RECURRENCE_CAP, cstWeekday, expandWeekly } from '~/lib/learning/recurrence';
import { DAY, HOUR, cstDayNumber, formatDateTime, msIntoCstDay, parseDateTime } from '~/lib/time/cst';

/** The weekly recurrence of class activities: China Standard Time days, a cap, no duplicates. */

const at = (text: string) => parseDateTime(text);

describe('expandWeekly', () => {
  test('Monday and Wednesday 19:00–21:00 for 10 occurrences from Monday 2026-11-30', () => {
    const r = expandWeekly({ startAt: at('2026-11-30 19:00'), endAt: at('2026-11-30 21:00'), weekdays: [1, 3], count: 10 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.occurrences.map((o) => formatDateTime(o.startAt))).toEqual([
      '2026-11-30 19:00:00',
      '2026-12-02 19:00:00',
      '2026-12-07 19:00:00',
      '2026-12-09 19:00:00',
      '2026-12-14 19:00:00',
      '2026-12-16 19:00:00',
      '2026-12-21 19:00:00',
      '2026-12-23 19:00:00',
      '2026-12-28 19:00:00',
      '2026-12-30 19:00:00',
    ]);
    expect(r.occurrences.every((o) => o.endAt - o.startAt === 2 * HOUR)).toBe(true);
  });

  test('until a date: that whole day counts; a first day not chosen is skipped', () => {
    // 2026-11-29 is a Sunday; Tuesdays until Tuesday 2026-12-15 (its 23:00 start still counts).
    const r = expandWeekly({ startAt: at('2026-11-29 23:00'), endAt: at('2026-11-29 23:30'), weekdays: [2], until: at('2026-12-15') });
    expect(r.ok && r.occurrences.map((o) => formatDateTime(o.startAt))).toEqual(['2026-12-01 23:00:00', '2026-12-08 23:00:00', '2026-12-15 23:00:00']);
  });

  test('refusals: no weekday, no end, more than the cap, nothing in the range', () => {
    const base = { startAt: at('2026-12-01 08:00'), endAt: at('2026-12-01 09:00') };
    expect(expandWeekly({ ...base, weekdays: [], count: 3 })).toEqual({ ok: false, reason: 'noWeekday' });
    expect(expandWeekly({ ...base, weekdays: [7, -1], count: 3 })).toEqual({ ok: false, reason: 'noWeekday' });
    expect(expandWeekly({ ...base, weekdays: [2] })).toEqual({ ok: false, reason: 'noEnd' });
    expect(expandWeekly({ ...base, weekdays: [2], count: RECURRENCE_CAP + 1 })).toEqual({ ok: false, reason: 'tooMany' });
    expect(expandWeekly({ ...base, weekdays: [0, 1, 2, 3, 4, 5, 6], until: at('2027-12-31') })).toEqual({ ok: false, reason: 'tooMany' });
    expect(expandWeekly({ ...base, weekdays: [2], count: RECURRENCE_CAP }).ok).toBe(true);
    expect(expandWeekly({ ...base, weekdays: [5], until: at('2026-12-02') })).toEqual({ ok: false, reason: 'none' });
  });

  test('properties: chosen weekdays only, inside the range, same time of day and length, none twice, at most the cap', () => {
    const start = fc.integer({ min: at('2025-01-01'), max: at('2030-12-31') });
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: 1, max: 8 * HOUR }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.oneof(fc.record({ count: fc.integer({ min: 1, max: 150 }) }), fc.record({ days: fc.integer({ min: 0, max: 400 }) })),
        fc.integer({ min: 1, max: 120 }),
        (startAt, length, weekdays, end, cap) => {
          const until = 'days' in end ? startAt + end.days * DAY : undefined;
          const count = 'count' in end ? end.count : undefined;
          const r = expandWeekly({ startAt, endAt: startAt + length, weekdays, until, count }, cap);
          if (!r.ok) {
            expect(['tooMany', 'none']).toContain(r.reason);
            return;
          }
          const list = r.occurrences;
          expect(list.length).toBeLessThanOrEqual(cap);
          if (count !== undefined) expect(list.length).toBe(count);
          expect(new Set(list.map((o) => o.startAt)).size).toBe(list.length);
          for (const [i, o] of list.entries()) {
            expect(weekdays).toContain(cstWeekday(o.startAt));
            expect(o.startAt).toBeGreaterThanOrEqual(startAt - msIntoCstDay(startAt));
            if (until !== undefined) expect(cstDayNumber(o.startAt)).toBeLessThanOrEqual(cstDayNumber(until));
            expect(msIntoCstDay(o.startAt)).toBe(msIntoCstDay(startAt));
            expect(o.endAt - o.startAt).toBe(length);
            if (i > 0) expect(o.startAt).toBeGreaterThan(list[i - 1]!.startAt);
          }
        },
      ),
    );
  });

  test('cstWeekday: 2026-11-30 is a Monday, also just after midnight in China (16:00 UTC the day before)', () => {
    expect(cstWeekday(at('2026-11-30 00:00'))).toBe(1);
    expect(cstWeekday(at('2026-11-29 23:59'))).toBe(0);
  });
});
