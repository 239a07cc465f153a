/**
 * Pure rules of the database-backed jobs: their states, how long a claim lasts and when a failed
 * job runs again.
 *
 * A job is queued until its time, then one instance claims it (running, with a lease); it ends
 * done, or queued again after a failure with a growing delay, or failed once it has run
 * max_attempts times. A claim whose lease has run out (the instance died or hung) may be taken by
 * another instance, so a handler must be safe to run twice: its writes are conditional.
 */

import { MINUTE } from '~/lib/time/cst';

export const JOB_STATE = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
  /** Replaced by a later decision (published by hand, withdrawn, deleted) before it ran. */
  cancelled: 'cancelled',
} as const;

export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];

export const JOB_STATES: readonly JobState[] = Object.values(JOB_STATE);

/**
 * The states of jobs that have not ended, or (failed) wait for someone to look: the few rows the
 * metrics count. Done and cancelled jobs are most of the table and only grow.
 */
export const OPEN_JOB_STATES = [JOB_STATE.queued, JOB_STATE.running, JOB_STATE.failed] as const;

/** How long a claim lasts: far longer than any handler takes, short enough that a dead instance's job runs soon. */
export const JOB_LEASE_MS = 2 * MINUTE;

/** Runs before a job is given up as failed. */
export const JOB_MAX_ATTEMPTS = 5;

/** The first retry's delay; each next one doubles it, up to JOB_MAX_BACKOFF_MS. */
export const JOB_BASE_BACKOFF_MS = 30_000;
export const JOB_MAX_BACKOFF_MS = 30 * MINUTE;

/** The longest error text kept (the column's size). */
export const JOB_ERROR_MAX = 1000;

/** The delay before the next run after the `attempts`-th run failed (attempts >= 1). */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(JOB_MAX_BACKOFF_MS, JOB_BASE_BACKOFF_MS * 2 ** Math.min(n - 1, 20));
}

/**
 * A failure no later attempt mends by itself (the server lacks a program the job needs): the job
 * fails at once with its message, for staff to run again once the cause is fixed.
 */
export class FinalJobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinalJobFailure';
  }
}

/** What a failed run leads to: another try later, or failed for good (its last attempt, or a final failure). */
export function afterFailure(attempts: number, maxAttempts: number, now: number, final = false): { state: 'queued'; runAt: number } | { state: 'failed' } {
  return final || attempts >= maxAttempts ? { state: JOB_STATE.failed } : { state: JOB_STATE.queued, runAt: now + retryDelayMs(attempts) };
}

/** An error as the job row keeps it: its message, cut to the column. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, JOB_ERROR_MAX);
}
