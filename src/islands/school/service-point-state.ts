/**
 * Whether a service point is open, from its opening hours and the current time in China
 * Standard Time. Pure and browser-safe: the server renders it and the page's island recomputes
 * it at the visitor's time (pages are cached for a minute).
 *
 * - 'open' from the start time (inclusive) up to the end time (exclusive), e.g. 08:30:00-17:30:00
 *   is open at 08:30:00 and at 17:29:59, resting at 08:29:59 and at 17:30:00;
 * - hours that pass midnight (22:00:00-06:00:00) are open from the start until midnight and from
 *   midnight until the end;
 * - equal start and end: open all day;
 * - a missing or malformed time: 'unknown' (no label is shown).
 */
import { msIntoCstDay } from '~/lib/time/cst';

export type ServicePointState = 'open' | 'resting' | 'unknown';

/** Seconds since midnight of 'HH:mm:ss' or 'HH:mm', or null when malformed. */
export function secondsOfDay(text: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = Number(m[3] ?? 0);
  if (h > 23 || min > 59 || s > 59) return null;
  return h * 3600 + min * 60 + s;
}

/** Seconds since midnight in China Standard Time at epoch ms `now`. */
export function chinaSecondsOfDay(now: number): number {
  return Math.floor(msIntoCstDay(now) / 1000);
}

export function servicePointState(startTime: string | null | undefined, endTime: string | null | undefined, now: number): ServicePointState {
  const start = secondsOfDay(startTime);
  const end = secondsOfDay(endTime);
  if (start === null || end === null || !Number.isFinite(now)) return 'unknown';
  const t = chinaSecondsOfDay(now);
  if (start === end) return 'open';
  const open = start < end ? t >= start && t < end : t >= start || t < end;
  return open ? 'open' : 'resting';
}
