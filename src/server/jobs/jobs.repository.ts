import type { ExpressionBuilder, Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { pageFrom, type PageWindow } from '../db/paging';
import { JOB_STATE, OPEN_JOB_STATES, type JobState } from './jobs.rules';
import type { Job, JobTable } from './jobs.table';
import { changedAny, countOf } from '../db/rows';

/** All SQL of the jobs table. */

/** A job to queue: its row's own fields, and the time it is queued at. */
export type NewJob = Pick<JobTable, 'id' | 'tenantId' | 'kind' | 'jobKey' | 'payload' | 'runAt' | 'maxAttempts'> & { now: number };

/**
 * The job of (kind, key), queued for runAt: a new row, or the existing one moved and started
 * afresh (rescheduling). A run of the old version that is still going finds its claim gone and
 * its result is not recorded.
 */
export async function upsertJob(db: DB, j: NewJob): Promise<void> {
  const queued = {
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
  };
  await db
    .insertInto('jobs')
    .values({ id: j.id, kind: j.kind, jobKey: j.jobKey, createdAt: j.now, ...queued })
    .onConflict((oc) => oc.columns(['kind', 'jobKey']).doUpdateSet(queued))
    .execute();
}

/** Which job a conditional change is about, and the state it must still be in. */
interface JobMatch {
  id: string;
  state: JobState;
  /** A run's change: only while the claim is still this worker's. */
  worker?: string;
  /** A change from the jobs screen: only a job of this school. */
  tenantId?: string;
}

/** Changes the matched job only while it is still in its state; true when it changed. */
async function updateWhile(db: DB, m: JobMatch, set: Updateable<JobTable>): Promise<boolean> {
  let q = db.updateTable('jobs').set(set).where('id', '=', m.id).where('state', '=', m.state);
  if (m.worker !== undefined) q = q.where('lockedBy', '=', m.worker);
  if (m.tenantId !== undefined) q = q.where('tenantId', '=', m.tenantId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Cancels the job of (kind, key) unless it already ended; answers whether one was cancelled. */
export async function cancelJob(db: DB, kind: string, jobKey: string, now: number): Promise<boolean> {
  return changedAny(
    db
      .updateTable('jobs')
      .set({ state: JOB_STATE.cancelled, leaseUntil: null, lockedBy: null, updatedAt: now })
      .where('kind', '=', kind)
      .where('jobKey', '=', jobKey)
      .where('state', 'in', [JOB_STATE.queued, JOB_STATE.running]),
  );
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
export function completeJob(db: DB, id: string, worker: string, now: number): Promise<boolean> {
  return updateWhile(db, { id, state: JOB_STATE.running, worker }, { state: JOB_STATE.done, leaseUntil: null, lastError: null, updatedAt: now });
}

/** Ends a failed run: queued again at runAt, or failed; only while the claim is still this worker's. */
export function failJob(db: DB, id: string, worker: string, next: { state: 'queued'; runAt: number } | { state: 'failed' }, error: string, now: number) {
  const runAt = next.state === 'queued' ? { runAt: next.runAt } : {};
  return updateWhile(db, { id, state: JOB_STATE.running, worker }, { state: next.state, ...runAt, leaseUntil: null, lastError: error, updatedAt: now });
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

/** How many of the school's jobs are in the state (read from the index on tenant and state). */
export function countSchoolJobs(db: DB, tenantId: string, state: JobState): Promise<number> {
  return countOf(schoolJobs(db, tenantId, { state }));
}

export function findSchoolJob(db: DB, tenantId: string, id: string): Promise<Job | undefined> {
  return schoolJobs(db, tenantId, {}).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A failed job queued again for now with its attempts afresh; only while it is still failed. */
export function retryFailedJob(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const afresh = { state: JOB_STATE.queued, runAt: now, attempts: 0, leaseUntil: null, lockedBy: null, updatedAt: now };
  return updateWhile(db, { id, state: JOB_STATE.failed, tenantId }, afresh);
}

/** A queued job cancelled; only while it is still queued (a running one finishes its run). */
export function cancelQueuedJob(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  return updateWhile(db, { id, state: JOB_STATE.queued, tenantId }, { state: JOB_STATE.cancelled, updatedAt: now });
}

/** Moves a running job's lease on, only while the claim is still this worker's (a long run stays its own). */
export function renewLease(db: DB, id: string, worker: string, leaseUntil: number, now: number): Promise<boolean> {
  return updateWhile(db, { id, state: JOB_STATE.running, worker }, { leaseUntil, updatedAt: now });
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
