/**
 * Study progress that cannot be faked or lost: how one progress report of a video or audio lesson
 * changes the student's record of that lesson and the student's study clock. Pure and
 * browser-safe; the server applies the result (study.service) in one transaction, conditional on
 * the lesson record's stored seq and on the clock's stored value.
 *
 * The invariant (the promise to schools): the study time credited to one student, over all their
 * lessons and classes and over any window of time (a, b], is at most (b − p) × MAX_PLAYBACK_RATE +
 * CREDIT_TOLERANCE_MS, where p is a, or earlier if a lesson reported in the window was last
 * opened or reported before a: p = min(a, the last contact at or before a of each such lesson).
 * One person cannot watch two lessons faster than one lesson at the top speed; opening a lesson
 * again, many tabs, many instances, replays or bursts of reports change nothing.
 *
 * How (a virtual clock, as in the generic cell-rate algorithm): each student has one study clock,
 * the wall time up to which their real time has been spent on credit. A report at `now` for a
 * lesson starts at start = max(clock, the lesson's last contact) — its opening or its previous
 * accepted report, so a lesson never gets time from before it was opened, and no time is spent
 * twice across lessons — and may credit min(watchedMs, (now + CLOCK_LEAD_MS − start) ×
 * MAX_PLAYBACK_RATE); the clock then moves to start + credit / MAX_PLAYBACK_RATE. The clock never
 * runs more than CLOCK_LEAD_MS ahead of now, so the tolerance is granted once, not per report.
 * Proof of the bound: every credit spends the interval [start, new clock) of wall time; these
 * intervals never overlap (the clock only moves forward and each starts at or after it), each
 * lies inside [p, b + CLOCK_LEAD_MS] for the reports accepted in (a, b], and each credits at most
 * its length × MAX_PLAYBACK_RATE.
 *
 * Per lesson:
 * - Idempotent: a report whose seq is not above the stored one changes nothing (clock included).
 * - Monotonic: progress, the furthest point and the credited time never go down.
 * - The furthest point advances by at most the time credited, and never past the lesson's end,
 *   so a jump to the end right after starting credits nothing that time does not allow.
 * - The resume point (lastPositionMs) follows the player forwards; it moves backwards only when
 *   the report says the student sought there (a seek back, or starting over after the end), so
 *   a player that failed to resume and reports 0 does not wipe out where the student was.
 * - Progress = furthest / length (percent, two decimals, rounded down; a furthest point within the
 *   last second is the end, 100: resume.ts); the lesson is finished
 *   once progress reaches the completion percent (the course's VIDEO_PROGRESS target, else 100),
 *   and finishedAt is set once.
 */

import { atEnd } from './resume';

/** The playback speeds the player offers, slowest first: the one list of the player and of the credit rule. */
export const PLAYBACK_RATES = [0.75, 1, 1.5, 2] as const;
/** The highest playback speed the player offers: credit never runs faster than real time × this. */
export const MAX_PLAYBACK_RATE: number = Math.max(...PLAYBACK_RATES);
/** Slack for network and timer delay, granted once per student (not per report or per lesson). */
export const CREDIT_TOLERANCE_MS = 3_000;
/** How far the study clock may run ahead of real time: the tolerance, watched at the top speed. */
export const CLOCK_LEAD_MS = Math.floor(CREDIT_TOLERANCE_MS / MAX_PLAYBACK_RATE);
/** The player reports when playback moves more than this from the last reported point. */
export const REPORT_JUMP_MS = 10_000;

export interface StudyState {
  seq: number;
  lastPositionMs: number;
  furthestMs: number;
  creditedMs: number;
  /** Percent 0..100. */
  progress: number;
  finishedAt: number | null;
  /** The lesson's last contact: its opening or its previous accepted report. No credit comes from before it. */
  lastReportAt: number;
}

export interface ProgressReport {
  seq: number;
  positionMs: number;
  /** Playback time watched since the previous report (ms). */
  watchedMs: number;
  /** The student moved the position on purpose (a seek, or starting over): the resume point may go back. */
  sought?: boolean | undefined;
}

export interface CreditContext {
  now: number;
  /** The lesson's length (ms). */
  lengthMs: number;
  /** Percent at which the lesson counts as learned (1..100). */
  completionPercent: number;
  /** The student's study clock (epoch ms; 0 before any credit): real time up to here is spent. */
  clockAt: number;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** Where a report's credit may start: after the student's clock and after the lesson's last contact. */
export function creditStart(clockAt: number, lastReportAt: number): number {
  return Math.max(whole(clockAt), whole(lastReportAt));
}

/** Study time a report at `now` may credit from `start`: (now + lead − start) × top speed, never negative. */
export function creditAllowance(start: number, now: number): number {
  return Math.floor(Math.max(0, whole(now) + CLOCK_LEAD_MS - whole(start)) * MAX_PLAYBACK_RATE);
}

/** The clock after crediting `credit` from `start` (rounded up: never less real time spent than credited). */
export function clockAfter(clockAt: number, start: number, credit: number): number {
  return credit > 0 ? start + Math.ceil(credit / MAX_PLAYBACK_RATE) : whole(clockAt);
}

/** Percent of the lesson up to a point, rounded down to two decimals (never rounded up to a target), 0..100; the end's margin is 100. */
export function progressOf(furthestMs: number, lengthMs: number): number {
  if (!(lengthMs > 0)) return 0;
  if (atEnd(furthestMs, lengthMs)) return 100;
  return Math.floor((whole(furthestMs) * 10_000) / lengthMs) / 100;
}

/** The resume point after a report: forwards always, backwards only where the student sought. */
export function resumePoint(storedMs: number, positionMs: number, sought: boolean): number {
  return sought || positionMs >= storedMs ? positionMs : storedMs;
}

/**
 * The lesson's state and the student's clock after a report, and whether it was applied (false:
 * a repeat or an older report; nothing changes).
 */
export function creditReport(stored: StudyState, report: ProgressReport, ctx: CreditContext): { applied: boolean; state: StudyState; clockAt: number } {
  if (!(report.seq > stored.seq)) return { applied: false, state: stored, clockAt: ctx.clockAt };
  const length = whole(ctx.lengthMs);
  const position = Math.min(whole(report.positionMs), length);
  const start = creditStart(ctx.clockAt, stored.lastReportAt);
  const credit = Math.min(whole(report.watchedMs), creditAllowance(start, ctx.now));
  const reachable = Math.min(position, stored.furthestMs + credit, length);
  const furthestMs = Math.max(stored.furthestMs, reachable);
  // A lesson without a length has nothing to watch: any credited viewing learns it.
  const reached = length > 0 ? progressOf(furthestMs, length) : credit > 0 ? 100 : 0;
  const progress = Math.max(stored.progress, reached);
  const target = Math.min(Math.max(ctx.completionPercent, 0), 100) || 100;
  return {
    applied: true,
    state: {
      seq: report.seq,
      lastPositionMs: resumePoint(stored.lastPositionMs, position, report.sought === true),
      furthestMs,
      creditedMs: stored.creditedMs + credit,
      progress,
      finishedAt: stored.finishedAt ?? (progress >= target ? ctx.now : null),
      lastReportAt: Math.max(stored.lastReportAt, ctx.now),
    },
    clockAt: clockAfter(ctx.clockAt, start, credit),
  };
}

/** A fresh record: nothing credited, its first contact now (opening it, or a first report without opening). */
export function freshState(now: number): StudyState {
  return { seq: 0, lastPositionMs: 0, furthestMs: 0, creditedMs: 0, progress: 0, finishedAt: null, lastReportAt: now };
}

/**
 * A student's study time in a class: the time credited in each of the class's lessons, added up
 * (a negative figure, which the crediting never writes, counts as 0). The student card and the
 * staff progress screen both use this, so they show the same number.
 */
export function creditedStudyMs(records: readonly { creditedMs: number | string }[]): number {
  return records.reduce((sum, r) => sum + Math.max(0, Number(r.creditedMs)), 0);
}
