/**
 * The answering screen's countdown (issue 13: "the deadline is the server's"). The time left
 * always comes from the server's remainingSeconds; between two syncs it
 * runs on a monotonic clock (performance.now in the browser), so changing the computer's clock
 * changes nothing. Pure: the caller passes the monotonic readings.
 */

/**
 * Time events: the tab asks the server how the attempt stands (the time left, the kept answers)
 * 6 s into the countdown, then every 60 s (the spec's counter reaches its first threshold after 6
 * ticks, then counts 60 before each next one), besides whenever the tab comes back into view.
 * Counted from the time that passed, not from the ticks: a tab in the background gets a tick a
 * minute at most, and it still must not skip an event.
 */
export const FIRST_TIME_EVENT_SECONDS = 6;
export const TIME_EVENT_SECONDS = 60;

/** How many time events are due once `elapsedSeconds` of the countdown have passed. */
export function timeEventsBy(elapsedSeconds: number): number {
  return elapsedSeconds < FIRST_TIME_EVENT_SECONDS ? 0 : 1 + Math.floor((elapsedSeconds - FIRST_TIME_EVENT_SECONDS) / TIME_EVENT_SECONDS);
}
/** The circle's size in px. */
export const COUNTDOWN_SIZE = 156;

/** 'mm:ss' (minutes are not capped at 59: a 120-minute test starts at 120:00). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The part of the circle still drawn: remaining over total, between 0 and 1. */
export function remainingRatio(remaining: number, total: number | null): number {
  if (!total || total <= 0) return 0;
  return Math.min(1, Math.max(0, remaining / total));
}

/** The server's time left, fixed against a monotonic reading. */
export interface Sync {
  remainingSeconds: number;
  /** The monotonic time (ms) when the answer arrived. */
  at: number;
}

/** Seconds left at monotonic time `now`, never below zero. */
export function remainingAt(sync: Sync, now: number): number {
  return Math.max(0, sync.remainingSeconds - Math.max(0, now - sync.at) / 1000);
}

/**
 * A new answer from the server replaces the count, unless it travelled so long that it says less
 * than it should: the time the request took is taken off (half the round trip, the usual guess).
 */
export function syncOf(remainingSeconds: number, sentAt: number, receivedAt: number): Sync {
  const trip = Math.max(0, receivedAt - sentAt);
  return { remainingSeconds: Math.max(0, remainingSeconds - trip / 2000), at: receivedAt };
}

/** Time is up: the screen submits by itself. */
export const isUp = (sync: Sync, now: number) => remainingAt(sync, now) <= 0;
