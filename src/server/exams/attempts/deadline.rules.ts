import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { MINUTE } from '~/lib/time/cst';

/**
 * The deadline of an attempt is the server's (decision 025): fixed when the attempt starts, read
 * by the server's clock, never the device's. Saves are still taken for a short grace after it,
 * so an answer given in the last second and on its way when time runs out is kept; after the
 * grace the attempt is overdue and the server submits it with the answers it has.
 */

/** How long after the deadline saves are still accepted (and the attempt is not yet overdue). */
export const SAVE_GRACE_MS = 30_000;

export interface AttemptClock {
  /** 0 answering, 1 and 2 submitted. */
  status: number;
  deadlineAt: number | null;
}

/** The deadline of an attempt started at `startedAt` on a paper with `unitTime` minutes (null: no limit). */
export function deadlineOf(startedAt: number, unitTime: number | null): number | null {
  return (unitTime ?? 0) > 0 ? startedAt + unitTime! * MINUTE : null;
}

/** The limit in seconds (for the countdown circle); null: no limit. */
export function totalSecondsOf(unitTime: number | null): number | null {
  return (unitTime ?? 0) > 0 ? unitTime! * 60 : null;
}

/** Whole seconds left by the server's clock (rounded up, so 0 means time is up); null: no limit; 0 once submitted. */
export function remainingSeconds(a: AttemptClock, now: number): number | null {
  if (a.deadlineAt === null) return null;
  if (a.status !== ATTEMPT_STATUS.ANSWERING) return 0;
  return Math.max(0, Math.ceil((a.deadlineAt - now) / 1000));
}

/**
 * Open, but past its deadline plus the grace: the server submits it with the answers it has, and
 * answers that arrive now are kept as late ones. The save's read of its attempt
 * (attempt-work.read-model.ts takeAttemptWithWork) states the same rule in SQL; one table-driven test runs both.
 */
export function isOverdue(a: AttemptClock, now: number): boolean {
  return a.status === ATTEMPT_STATUS.ANSWERING && a.deadlineAt !== null && now > a.deadlineAt + SAVE_GRACE_MS;
}

/** Open attempts whose deadline is before this instant are overdue (the sweep's query). */
export function overdueDeadlineBefore(now: number): number {
  return now - SAVE_GRACE_MS;
}
