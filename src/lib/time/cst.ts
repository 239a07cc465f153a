/**
 * China Standard Time, the one clock rule of the product: UTC+8 all year, no daylight saving.
 * Every date shown, every "today" a limit counts from and every opening hour is read through here.
 * Pure and browser-safe.
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const CST_OFFSET = 8 * HOUR;

function cstParts(ms: number) {
  const iso = new Date(ms + CST_OFFSET).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time. */
export function formatDateTime(ms: number): string {
  const { date, time } = cstParts(ms);
  return `${date} ${time}`;
}

/** 'YYYY-MM-DDTHH:mm' in China Standard Time: the value of a datetime-local input (the school's time). */
export function localInputValue(ms: number): string {
  return new Date(ms + CST_OFFSET).toISOString().slice(0, 16);
}

/** 'YYYY-MM-DD' in China Standard Time. */
export function formatDate(ms: number): string {
  return cstParts(ms).date;
}

/** Parses 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (China Standard Time; 'T' also
 * separates) into epoch ms; NaN for anything else or an impossible date or time. */
export function parseDateTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s) - CST_OFFSET;
  // Reject values like 2026-02-31 or 10:60:00 that Date.UTC would roll over.
  const expected = `${y}-${mo}-${d} ${h.padStart(2, '0')}:${mi.padStart(2, '0')}:${s.padStart(2, '0')}`;
  return formatDateTime(ms) === expected ? ms : Number.NaN;
}

/** The number of the China Standard Time calendar day that holds the instant (days since 1970-01-01). */
export function cstDayNumber(ms: number): number {
  return Math.floor((ms + CST_OFFSET) / DAY);
}

/** Epoch ms of 00:00 China Standard Time on the day that holds the instant. */
export function startOfCstDay(ms: number): number {
  return cstDayNumber(ms) * DAY - CST_OFFSET;
}

/** Milliseconds since 00:00 China Standard Time of the instant's day (0 <= n < DAY). */
export function msIntoCstDay(ms: number): number {
  return (((ms + CST_OFFSET) % DAY) + DAY) % DAY;
}
