import { CST_OFFSET, DAY, HOUR, MINUTE, SECOND, cstDayNumber, formatDate, parseDateTime } from '../time/cst';

/**
 * Timetable calendar rules. Pure and browser-safe; the clock is passed
 * in as epoch ms and every day is a China Standard Time day.
 */

/** Calendar slot: 15 minutes. */
export const SLOT_MINUTES = 15;
/** The week starts on Sunday (0 = Sunday, as Date's getDay). */
export const FIRST_DAY_OF_WEEK = 0;
/** Period tabs Week / Month / All; Week by default. */
export const TIMETABLE_VIEWS = ['week', 'month', 'all'] as const;
export type TimetableView = (typeof TIMETABLE_VIEWS)[number];
export const DEFAULT_TIMETABLE_VIEW: TimetableView = 'week';
/** The evaluateType sent with each view's calls: the period the server sums over. */
export const EVALUATE_TYPE: Record<TimetableView, 'WEEK' | 'MONTH' | 'UNIT'> = { week: 'WEEK', month: 'MONTH', all: 'UNIT' };
/** The hover card goes to the left of an event whose left edge is beyond this many px. */
export const HOVER_LEFT_EDGE_PX = 950;

/** Where the hover card goes: left when the event's left edge exceeds 950 px (strictly), else right. */
export function hoverCardSide(eventLeftPx: number): 'left' | 'right' {
  return eventLeftPx > HOVER_LEFT_EDGE_PX ? 'left' : 'right';
}

/** The colour of a day dot; 'error' / 'success' / 'info' as the calendar's status colours. */
export type DayDot = 'error' | 'success' | 'info';

/** optionData colorStatus: 1 unfinished, 2 finished. */
export const COLOR_STATUS = { unfinished: 1, finished: 2 } as const;

/**
 * The dot of a calendar day (an unfinished day before today is an error, another unfinished day
 * is info, a finished one is success):
 * - colorStatus 2 (finished): 'success', whatever the day;
 * - colorStatus 1 (unfinished) on a day before today: 'error' (missed);
 * - colorStatus 1 today or later: 'info' (still to do; today is not missed until it is over);
 * - any other colorStatus, or a dateKey that is not a date: null, no dot.
 * dateKey is 'YYYY-MM-DD' (a time after it is ignored); "today" is the China Standard Time day of now.
 */
export function dayDot(dateKey: string, colorStatus: number | null | undefined, now: number): DayDot | null {
  if (colorStatus === COLOR_STATUS.finished) return dateOfKey(dateKey) === null ? null : 'success';
  if (colorStatus !== COLOR_STATUS.unfinished) return null;
  const day = dateOfKey(dateKey);
  if (day === null) return null;
  return cstDayNumber(day) < cstDayNumber(now) ? 'error' : 'info';
}

function dateOfKey(dateKey: string): number | null {
  const ms = typeof dateKey === 'string' ? parseDateTime(dateKey.trim().slice(0, 10)) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** Day of the week of an instant in China Standard Time: 0 Sunday … 6 Saturday. */
export function cstWeekday(ms: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((cstDayNumber(ms) + 4) % 7) + 7) % 7;
}

export interface Range {
  /** First instant, 00:00:00 China Standard Time. */
  start: number;
  /** Last whole second, 23:59:59 China Standard Time (inclusive). */
  end: number;
}

/** The week (Sunday 00:00:00 to Saturday 23:59:59, China Standard Time) that holds the instant. */
export function weekRange(ms: number): Range {
  const start = (cstDayNumber(ms) - cstWeekday(ms)) * DAY - CST_OFFSET;
  return { start, end: start + 7 * DAY - SECOND };
}

/** The month (1st 00:00:00 to its last day 23:59:59, China Standard Time) that holds the instant. */
export function monthRange(ms: number): Range {
  const [y, m] = formatDate(ms).split('-').map(Number) as [number, number];
  const start = parseDateTime(`${y}-${String(m).padStart(2, '0')}-01`);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, end: parseDateTime(next) - SECOND };
}

/**
 * The days a week or month grid shows, as the instant of each day's 00:00 (China Standard Time):
 * whole weeks from Sunday, from the week that holds the range's first day to the week of its last.
 * A week is 7 days; a month 28, 35 or 42.
 */
export function gridDays(range: Range): number[] {
  const days: number[] = [];
  for (let day = weekRange(range.start).start; day <= range.end; day += DAY) days.push(day);
  while (days.length % 7) days.push(days[days.length - 1]! + DAY);
  return days;
}

/** Moves a week or month range by `step` periods (previous -1, next +1). */
export function shiftRange(view: 'week' | 'month', range: Range, step: number): Range {
  if (view === 'week') return weekRange(range.start + step * 7 * DAY);
  const [y, m] = formatDate(range.start).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + step;
  const first = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return monthRange(parseDateTime(first));
}

export interface DayGroup<T> {
  /** 'YYYY-MM-DD', China Standard Time. */
  date: string;
  /** 0 Sunday … 6 Saturday; the island names it. */
  weekday: number;
  items: T[];
}

/**
 * The All view (the activities grouped by start date, with the weekday): groups in date
 * order, items in start order within a day (stable for equal starts). Items without a valid start
 * cannot be placed on a day and are left out.
 */
export function groupByStartDate<T>(items: readonly T[], startOf: (item: T) => number): DayGroup<T>[] {
  const dated = items
    .map((item, index) => ({ item, index, start: startOf(item) }))
    .filter((x) => Number.isFinite(x.start))
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const groups: DayGroup<T>[] = [];
  for (const { item, start } of dated) {
    const date = formatDate(start);
    const last = groups[groups.length - 1];
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, weekday: cstWeekday(start), items: [item] });
  }
  return groups;
}

/** Where the week grid opens when nothing says otherwise: the school day's start. */
export const DEFAULT_SCROLL_TIME = '08:00:00';

const clock = (msIntoDay: number) => {
  const minutes = Math.floor(msIntoDay / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:00:00`;
};

/**
 * The hour the week grid opens at (the grid shows about eight hours; a student must not have to
 * find today's evening class by scrolling). In the week that holds today: the start of today's
 * first activity that has not ended yet, else the current time; in another week: the earliest
 * start of day of its activities; else 08:00. Whole hours ('HH:00:00'), China Standard Time;
 * activities are 'YYYY-MM-DD HH:mm:ss' texts, one without a valid start or end is left out.
 */
export function weekScrollTime(activities: readonly { startTime: string; endTime: string }[], range: Range, now: number): string {
  const times = activities
    .map((a) => ({ start: parseDateTime(a.startTime), end: parseDateTime(a.endTime) }))
    .filter((a) => Number.isFinite(a.start) && Number.isFinite(a.end) && a.start <= range.end && a.end >= range.start);
  const intoDay = (ms: number) => ms - (cstDayNumber(ms) * DAY - CST_OFFSET);
  if (now >= range.start && now <= range.end) {
    const today = cstDayNumber(now);
    const next = times.filter((a) => cstDayNumber(a.start) === today && a.end > now).sort((a, b) => a.start - b.start)[0];
    return clock(intoDay(next ? next.start : now));
  }
  if (!times.length) return DEFAULT_SCROLL_TIME;
  return clock(Math.min(...times.map((a) => intoDay(a.start))));
}

/**
 * The hours the week grid shows: the school day (07:00–22:00), widened to whole hours so that every
 * activity of the range fits (an early-morning or late-night activity is not cut off). Whole hours
 * keep the time column labelled on the hour ("03:00", never "03:10"). An activity that runs past
 * midnight widens the end to 24:00 on its first day. China Standard Time; activities without a
 * valid start or end are left out.
 */
export function weekSlotLimits(activities: readonly { startTime: string; endTime: string }[], range: Range): { min: string; max: string } {
  const intoDay = (ms: number) => ms - (cstDayNumber(ms) * DAY - CST_OFFSET);
  let min = 7 * HOUR;
  let max = 22 * HOUR;
  for (const a of activities) {
    const start = parseDateTime(a.startTime);
    const end = parseDateTime(a.endTime);
    if (!Number.isFinite(start) || !Number.isFinite(end) || start > range.end || end < range.start) continue;
    min = Math.min(min, Math.floor(intoDay(start) / HOUR) * HOUR);
    const endInDay = cstDayNumber(end) > cstDayNumber(start) ? DAY : intoDay(end);
    max = Math.max(max, Math.ceil(endInDay / HOUR) * HOUR);
  }
  const hours = (ms: number) => `${String(ms / HOUR).padStart(2, '0')}:00:00`;
  return { min: hours(min), max: hours(max) };
}

/** One item's part inside a window of time (a day, or the hours a day's column shows). */
export interface Piece<T> {
  item: T;
  /** Epoch ms, inside the window. */
  start: number;
  end: number;
  /** Its place side by side with the pieces it overlaps: lane 0 … lanes - 1. */
  lane: number;
  lanes: number;
}

/**
 * The parts of the items that fall inside [from, to), in start order (the longer first for equal
 * starts). Pieces that overlap share the width: each takes the first lane free at its start, and
 * every piece of a run of overlapping pieces counts the run's lanes. An item shorter than one slot
 * is drawn one slot long, so it can be seen and clicked; an item without a valid start or end is
 * left out.
 */
export function dayPieces<T>(items: readonly T[], timesOf: (item: T) => { start: number; end: number }, from: number, to: number): Piece<T>[] {
  const pieces: Piece<T>[] = [];
  for (const item of items) {
    const t = timesOf(item);
    const start = Math.max(t.start, from);
    const end = Math.min(Math.max(t.end, t.start + SLOT_MINUTES * MINUTE), to);
    if (start < end) pieces.push({ item, start, end, lane: 0, lanes: 1 });
  }
  pieces.sort((a, b) => a.start - b.start || b.end - a.end);
  let run: Piece<T>[] = [];
  let laneEnds: number[] = [];
  let runEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const p of run) p.lanes = laneEnds.length;
    run = [];
    laneEnds = [];
  };
  for (const p of pieces) {
    if (p.start >= runEnd) close();
    const free = laneEnds.findIndex((end) => end <= p.start);
    p.lane = free < 0 ? laneEnds.length : free;
    laneEnds[p.lane] = p.end;
    run.push(p);
    runEnd = Math.max(runEnd, p.end);
  }
  close();
  return pieces;
}

/**
 * How many of a month day's activities its cell lists when it has room for `lines` lines: all of
 * them when they fit, else one line fewer, the last line telling how many more there are.
 */
export function shownInDay(count: number, lines: number): number {
  return count <= lines ? count : Math.max(lines - 1, 0);
}
