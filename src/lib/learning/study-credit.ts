/**
 * Study progress that cannot be faked or lost (issue 12, learner-area.md section 4): how one
 * progress report of a video or audio lesson changes the student's record. Pure and browser-safe;
 * the server applies it (study.service) under a condition on the stored sequence number.
 *
 * - Idempotent: a report whose seq is not above the stored one changes nothing.
 * - Monotonic: progress, the furthest point and the credited time never go down.
 * - Real time: the study time credited by one report is at most the wall-clock time since the
 *   previous accepted report (or opening the lesson) × the highest playback speed, plus a small
 *   tolerance for network delay.
 * - The furthest point advances by at most the time credited, and never past the lesson's end,
 *   so a jump to the end right after starting credits nothing that time does not allow.
 * - Progress = furthest / length (percent, two decimals, rounded down); the lesson is finished
 *   once progress reaches the completion percent (the course's VIDEO_PROGRESS target, else 100),
 *   and finishedAt is set once.
 */

/** The highest playback speed the player offers (speeds 0.75, 1, 1.5, 2). */
export const MAX_PLAYBACK_RATE = 2;
/** Slack for network and timer delay added to each report's allowance. */
export const CREDIT_TOLERANCE_MS = 3_000;
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
  /** The previous accepted report (or the lesson's opening): the start of the next allowance. */
  lastReportAt: number;
}

export interface ProgressReport {
  seq: number;
  positionMs: number;
  /** Playback time watched since the previous report (ms). */
  watchedMs: number;
}

export interface CreditContext {
  now: number;
  /** The lesson's length (ms). */
  lengthMs: number;
  /** Percent at which the lesson counts as learned (1..100). */
  completionPercent: number;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** Study time one report may credit: the wall-clock time since the last accepted report × top speed + tolerance. */
export function creditAllowance(lastReportAt: number, now: number): number {
  return whole(now - lastReportAt) * MAX_PLAYBACK_RATE + CREDIT_TOLERANCE_MS;
}

/** Percent of the lesson up to a point, rounded down to two decimals (never rounded up to a target), 0..100. */
export function progressOf(furthestMs: number, lengthMs: number): number {
  if (!(lengthMs > 0)) return 0;
  if (furthestMs >= lengthMs) return 100;
  return Math.floor((whole(furthestMs) * 10_000) / lengthMs) / 100;
}

/** The state after a report, and whether it was applied (false: a repeat or an older report). */
export function creditReport(stored: StudyState, report: ProgressReport, ctx: CreditContext): { applied: boolean; state: StudyState } {
  if (!(report.seq > stored.seq)) return { applied: false, state: stored };
  const length = whole(ctx.lengthMs);
  const position = Math.min(whole(report.positionMs), length);
  const credit = Math.min(whole(report.watchedMs), creditAllowance(stored.lastReportAt, ctx.now));
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
      lastPositionMs: position,
      furthestMs,
      creditedMs: stored.creditedMs + credit,
      progress,
      finishedAt: stored.finishedAt ?? (progress >= target ? ctx.now : null),
      lastReportAt: ctx.now,
    },
  };
}

/** A fresh record: nothing credited, the allowance counted from now (opening the lesson). */
export function freshState(now: number): StudyState {
  return { seq: 0, lastPositionMs: 0, furthestMs: 0, creditedMs: 0, progress: 0, finishedAt: null, lastReportAt: now };
}
