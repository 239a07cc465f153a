import { DAY, cstDayNumber } from '../time/cst';

/**
 * Weekly recurrence of a class activity ("每周重复"): the first occurrence's start and end, the
 * weekdays it repeats on, and where the series stops (a last date, or a number of occurrences).
 * Days and weekdays are China Standard Time days (UTC+8 all year, no daylight saving), so every
 * occurrence keeps the first one's time of day and length exactly: an occurrence is the first one
 * moved by whole days. Occurrences fall on the chosen weekdays on or after the first one's date;
 * the first one itself counts only when its weekday is chosen. A series has at most
 * RECURRENCE_CAP occurrences: more is refused, never cut silently. Pure and browser-safe (the
 * screen shows how many a choice makes).
 */

/** The most occurrences one series may make (two a week for a school year). */
export const RECURRENCE_CAP = 100;

/** Weekdays as Date.getDay numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export interface WeeklyRule {
  /** The first occurrence's start and end (epoch ms). */
  startAt: number;
  endAt: number;
  /** The weekdays (0 Sunday … 6 Saturday) it repeats on; at least one. */
  weekdays: readonly number[];
  /** The last day (any instant of it, China Standard Time) an occurrence may fall on. */
  until?: number | undefined;
  /** Or the number of occurrences. */
  count?: number | undefined;
}

export interface Occurrence {
  startAt: number;
  endAt: number;
}

export type RecurrenceResult = { ok: true; occurrences: Occurrence[] } | { ok: false; reason: 'noWeekday' | 'noEnd' | 'tooMany' | 'none' };

/** The China Standard Time weekday (0 Sunday … 6 Saturday) of an instant; 1970-01-01 was a Thursday. */
export function cstWeekday(ms: number): number {
  return (((cstDayNumber(ms) + 4) % 7) + 7) % 7;
}

export function expandWeekly(rule: WeeklyRule, cap: number = RECURRENCE_CAP): RecurrenceResult {
  const days = new Set(rule.weekdays.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  if (!days.size) return { ok: false, reason: 'noWeekday' };
  const hasUntil = rule.until !== undefined && Number.isFinite(rule.until);
  const hasCount = rule.count !== undefined && Number.isInteger(rule.count) && rule.count > 0;
  if (!hasUntil && !hasCount) return { ok: false, reason: 'noEnd' };
  if (hasCount && rule.count! > cap) return { ok: false, reason: 'tooMany' };
  const firstDay = cstDayNumber(rule.startAt);
  const lastDay = hasUntil ? cstDayNumber(rule.until!) : Number.POSITIVE_INFINITY;
  const length = rule.endAt - rule.startAt;
  const occurrences: Occurrence[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    if (hasCount && occurrences.length === rule.count) break;
    if (!days.has((((day + 4) % 7) + 7) % 7)) continue;
    if (occurrences.length === cap) return { ok: false, reason: 'tooMany' };
    const startAt = rule.startAt + (day - firstDay) * DAY;
    occurrences.push({ startAt, endAt: startAt + length });
  }
  return occurrences.length ? { ok: true, occurrences } : { ok: false, reason: 'none' };
}
