import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { pageFrom, type PageWindow } from '../db/paging';
import { JOB_STATE, OPEN_JOB_STATES, type JobState } from './jobs.rules';
import type { Job } from './jobs.table';

/** All SQL of the jobs table. */

export interface NewJob {
  id: string;
  tenantId: string | null;
  kind: string;
  jobKey: string;
  payload: string;
  runAt: number;
  maxAttempts: number;
  now: number;
}

/**
 * The job of (kind, key), queued for runAt: a new row, or the existing one moved and started
 * afresh (rescheduling). A run of the old version that is still going finds its claim gone and
 * its result is not recorded.
 */
export async function upsertJob(db: DB, j: NewJob): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: j.id,
      tenantId: j.tenantId,
      kind: j.kind,
      jobKey: j.jobKey,
      payload: j.payload,
      runAt: j.runAt,
      state: JOB_STATE.queued,
      attempts: 0,
      maxAttempts: j.maxAttempts,
      leaseUntil: null,
      lockedBy: null,
      lastError: null,
      createdAt: j.now,
      updatedAt: j.now,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'jobKey']).doUpdateSet({
        tenantId: j.tenantId,
        payload: j.payload,
        runAt: j.runAt,
        state: JOB_STATE.queued,
        attempts: 0,
        maxAttempts: j.maxAttempts,
        leaseUntil: null,
        lockedBy: null,
        lastError: null,
        updatedAt: j.now,
      }),
    )
    .execute();
}

/** Cancels the job of (kind, key) unless it already ended; answers whether one was cancelled. */
export async function cancelJob(db: DB, kind: string, jobKey: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ state: JOB_STATE.cancelled, leaseUntil: null, lockedBy: null, updatedAt: now })
    .where('kind', '=', kind)
    .where('jobKey', '=', jobKey)
    .where('state', 'in', [JOB_STATE.queued, JOB_STATE.running])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function findJob(db: DB, kind: string, jobKey: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('jobKey', '=', jobKey).executeTakeFirst();
}

/**
 * Claims the next due job for `worker`, in ONE conditional UPDATE: a queued job whose time has
 * come, or a running one whose lease ran out. The WHERE repeats the due condition beside the id,
 * so when two instances pick the same row the second's update matches nothing (PostgreSQL
 * re-checks the condition on the row the first one changed; SQLite runs writes one at a time).
 */
export async function claimNextJob(db: DB, worker: string, now: number, leaseMs: number): Promise<Job | undefined> {
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([eb.and([eb('state', '=', JOB_STATE.queued), eb('runAt', '<=', now)]), eb.and([eb('state', '=', JOB_STATE.running), eb('leaseUntil', '<', now)])]);
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: JOB_STATE.running,
      attempts: eb('attempts', '+', 1),
      leaseUntil: now + leaseMs,
      lockedBy: worker,
      updatedAt: now,
    }))
    .where((eb) => eb('id', '=', eb.selectFrom('jobs').select('id').where(due).orderBy('runAt').orderBy('id').limit(1)))
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a run as done, only while the claim is still this worker's. */
export async function completeJob(db: DB, id: string, worker: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ state: JOB_STATE.done, leaseUntil: null, lastError: null, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', JOB_STATE.running)
    .where('lockedBy', '=', worker)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Ends a failed run: queued again at runAt, or failed; only while the claim is still this worker's. */
export async function failJob(db: DB, id: string, worker: string, next: { state: 'queued'; runAt: number } | { state: 'failed' }, error: string, now: number) {
  const r = await db
    .updateTable('jobs')
    .set({ state: next.state, ...(next.state === 'queued' ? { runAt: next.runAt } : {}), leaseUntil: null, lastError: error, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', JOB_STATE.running)
    .where('lockedBy', '=', worker)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// --- The jobs screen: one school's jobs -----------------------------------------------------------

export interface JobFilter extends PageWindow {
  state?: JobState | undefined;
  kind?: string | undefined;
}

function schoolJobs(db: DB, tenantId: string, f: Pick<JobFilter, 'state' | 'kind'>) {
  let q = db.selectFrom('jobs').where('tenantId', '=', tenantId);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.kind) q = q.where('kind', '=', f.kind);
  return q;
}

/** Latest run time first: what is about to happen or just happened at the top. */
export function pageSchoolJobs(db: DB, tenantId: string, f: JobFilter) {
  return pageFrom(f, schoolJobs(db, tenantId, f).selectAll().orderBy('runAt', 'desc').orderBy('id', 'desc'), schoolJobs(db, tenantId, f));
}

export function findSchoolJob(db: DB, tenantId: string, id: string): Promise<Job | undefined> {
  return schoolJobs(db, tenantId, {}).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A failed job queued again for now with its attempts afresh; only while it is still failed. */
export async function retryFailedJob(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ state: JOB_STATE.queued, runAt: now, attempts: 0, leaseUntil: null, lockedBy: null, updatedAt: now })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', JOB_STATE.failed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A queued job cancelled; only while it is still queued (a running one finishes its run). */
export async function cancelQueuedJob(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ state: JOB_STATE.cancelled, updatedAt: now })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', JOB_STATE.queued)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Moves a running job's lease on, only while the claim is still this worker's (a long run stays its own). */
export async function renewLease(db: DB, id: string, worker: string, leaseUntil: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ leaseUntil, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', JOB_STATE.running)
    .where('lockedBy', '=', worker)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// --- The metrics' reading: one query over the jobs that have not ended ------------------------------

export interface JobQueueRow {
  kind: string;
  state: JobState;
  count: number;
  /** The earliest time a job of this kind and state became due (queued and past its run time, or running with its lease run out), or null. */
  dueSince: number | null;
}

/**
 * Jobs by kind and state, with the earliest due time of each, in ONE statement over the jobs that
 * have not ended (the due index, jobs_due_idx on (state, run_at), finds them: the ones that ended,
 * done and cancelled, are most of the table and are never read).
 */
export async function jobQueueRows(db: DB, now: number): Promise<JobQueueRow[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      'kind',
      'state',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn
        .min<number | null>(
          eb
            .case()
            .when(eb.and([eb('state', '=', JOB_STATE.queued), eb('runAt', '<=', now)]))
            .then(eb.ref('runAt'))
            .when(eb.and([eb('state', '=', JOB_STATE.running), eb('leaseUntil', '<', now)]))
            .then(eb.ref('leaseUntil'))
            .end(),
        )
        .as('dueSince'),
    ])
    .where('state', 'in', OPEN_JOB_STATES)
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count), dueSince: r.dueSince === null ? null : Number(r.dueSince) }));
}
