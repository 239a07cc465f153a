import type { DB } from '../db/database';
import { newId } from '../ids';
import * as repo from './jobs.repository';
import { JOB_LEASE_MS, JOB_MAX_ATTEMPTS } from './jobs.rules';
import type { Job } from './jobs.table';

export type { Job };
// The kinds of jobs: each domain defines its own (handlers.ts, catalog-publish.handler.ts), the composition root registers them.
export type { JobHandler, JobItemRef, JobKind, JobKinds } from './handlers';
export type { CatalogOwner } from './catalog-publish.handler';

/**
 * Database-backed jobs: other domains enqueue work for a time (a scheduled publication) and
 * cancel it; the runner (runner.ts) claims due jobs with a lease so one instance runs each.
 * Enqueue in the transaction of the change that asks for the job, so both happen or neither.
 */

export interface JobRequest {
  tenantId: string | null;
  kind: string;
  /** One job per (kind, key): enqueueing the same key again moves that job. */
  key: string;
  payload: Record<string, unknown>;
  runAt: number;
  maxAttempts?: number;
}

export async function enqueue(db: DB, now: number, j: JobRequest): Promise<void> {
  await repo.upsertJob(db, {
    id: newId(now),
    tenantId: j.tenantId,
    kind: j.kind,
    jobKey: j.key,
    payload: JSON.stringify(j.payload),
    runAt: j.runAt,
    maxAttempts: j.maxAttempts ?? JOB_MAX_ATTEMPTS,
    now,
  });
}

/** Cancels the job of (kind, key) if it has not ended; a job that already ran is left as it is. */
export function cancel(db: DB, now: number, kind: string, key: string): Promise<boolean> {
  return repo.cancelJob(db, kind, key, now);
}

/** The job of (kind, key) with its state, or null. */
export async function jobOf(db: DB, kind: string, key: string): Promise<Job | null> {
  return (await repo.findJob(db, kind, key)) ?? null;
}

/**
 * Keeps a long-running job's claim: its lease is moved to JOB_LEASE_MS after `now`, while the
 * claim is still the job's runner's. Answers false when another instance took the job over (the
 * run should stop: its end would not be recorded).
 */
export function renewLease(db: DB, job: Job, now: number): Promise<boolean> {
  return job.lockedBy ? repo.renewLease(db, job.id, job.lockedBy, now + JOB_LEASE_MS, now) : Promise.resolve(false);
}

// How a failure's text is kept, for handlers that record it elsewhere too; the failure no retry mends.
export { errorText, FinalJobFailure } from './jobs.rules';
/** The jobs table as the metrics report it (jobs.repository's one query), at `now`. */
export async function jobQueueReading(
  db: DB,
  now: number,
): Promise<{ jobs: { kind: string; state: string; count: number }[]; oldestDue: { kind: string; seconds: number }[] }> {
  const rows = await repo.jobQueueRows(db, now);
  const oldest = new Map<string, number>();
  for (const r of rows) if (r.dueSince !== null) oldest.set(r.kind, Math.min(oldest.get(r.kind) ?? r.dueSince, r.dueSince));
  return {
    jobs: rows.map(({ kind, state, count }) => ({ kind, state, count })),
    oldestDue: [...oldest].map(([kind, since]) => ({ kind, seconds: Math.max(0, now - since) / 1000 })),
  };
}
