import { HOUR, MINUTE, SECOND } from '../time/cst';

/**
 * Display cuts of the learner area. Pure and browser-safe; the islands add the
 * words ('小时', '分钟', '--').
 */

/** Time strings are cut to 16 characters, date and minute: '2026-11-23 09:30:00' → '2026-11-23 09:30'. Missing → ''. */
export function cutTime(text: string | null | undefined): string {
  return typeof text === 'string' ? text.trim().slice(0, 16) : '';
}

/**
 * The first 10 characters of a time string (the date: the class header's start date is the first
 * 10 characters of statusTime); null when there is none, and the island shows '--'.
 */
export function dateOnly(text: string | null | undefined): string | null {
  const s = typeof text === 'string' ? text.trim().slice(0, 10) : '';
  return s === '' ? null : s;
}

export interface DurationParts {
  hours: number;
  minutes: number;
}

/**
 * A duration in milliseconds (as the server sends durations) shown as whole hours and minutes.
 * Seconds are dropped (59 999 ms is 0 minutes);
 * hours are not capped at 24. Negative or missing is zero.
 */
export function durationParts(ms: number | null | undefined): DurationParts {
  const total = typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MINUTE) : 0;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Whether a duration is there to show: a positive number of ms (the student card shows '--' otherwise). */
export function hasDuration(ms: number | null | undefined): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0;
}

/**
 * A position or duration in ms as a clock: 'mm:ss' under an
 * hour, 'H:mm:ss' from an hour on. Negative or missing is '00:00'.
 */
export function clockText(ms: number | null | undefined): string {
  const total = typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.floor(ms / SECOND) : 0;
  const h = Math.floor((total * SECOND) / HOUR);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
