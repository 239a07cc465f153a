import { randomUUID } from 'node:crypto';
import type { Runtime } from '../http/context';
import { createScope } from '../http/request-scope';
import type { Scope } from '../http/scope';
import * as repo from './jobs.repository';
import { FinalJobFailure, JOB_LEASE_MS, OPEN_JOB_STATES, afterFailure, errorText } from './jobs.rules';
import type { Job } from './jobs.table';
import { handlersOf, type JobHandlers, type JobKinds } from './handlers';
import { jobQueueReading } from './jobs.service';
import { countJobRun, watchJobQueue } from '../metrics';
import { isDatabaseUnavailable } from '../db/database';
import { repeatEvery } from '../repeat';
import { errorStack } from '../logger';

/**
 * The job runner of a server process. Every instance runs one; each claim is a single conditional
 * UPDATE with a lease, so two instances never run the same job at once, and a job whose instance
 * died is taken over when its lease has run out. A failing handler is retried with a growing
 * delay and marked failed with its error after its last attempt, or at once when it throws a
 * FinalJobFailure. The timer does not keep the process alive and is stopped when the process is
 * asked to stop.
 */

export const JOB_POLL_INTERVAL_MS = 5_000;
/** At most this many jobs per run, so a backlog never holds one tick for long. */
export const JOBS_PER_RUN = 50;
/** The metrics' reading of the jobs table is given up after this long (the scrape answers without it). */
export const JOB_METRICS_TIMEOUT_MS = 2_000;

const NO_HEADERS = { tenantId: null, schoolId: null, token: null, grayVersion: null, platformType: null, applicationId: null, client: null };

/** The scope the runner runs jobs in: no request, and the kinds of jobs the composition root registered. */
export interface JobScope extends Scope {
  readonly jobKinds: JobKinds;
}

export function jobScope(runtime: Runtime): JobScope {
  return Object.assign(createScope(runtime, { requestId: `jobs-${randomUUID()}`, ip: '', host: '', headers: NO_HEADERS }), { jobKinds: runtime.jobKinds });
}

export interface RunOptions {
  /** Who claims (an instance's id); each call makes one when not given. */
  worker?: string;
  /** The kinds' handlers; the runtime's registered kinds when not given. */
  handlers?: JobHandlers;
  limit?: number;
}

export interface RunResult {
  done: string[];
  retried: string[];
  failed: string[];
}

/** Runs the jobs due at the scope's clock, one claim at a time; answers what happened to each. */
export async function runDueJobs(s: JobScope, options: RunOptions = {}): Promise<RunResult> {
  const worker = options.worker ?? `worker-${randomUUID()}`;
  const handlers = options.handlers ?? handlersOf(s.jobKinds);
  const result: RunResult = { done: [], retried: [], failed: [] };
  for (let i = 0; i < (options.limit ?? JOBS_PER_RUN); i++) {
    const job = await repo.claimNextJob(s.db, worker, s.now, JOB_LEASE_MS);
    if (!job) break;
    await runOne(s, worker, job, handlers, result);
  }
  return result;
}

async function runOne(s: Scope, worker: string, job: Job, handlers: JobHandlers, result: RunResult): Promise<void> {
  try {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(s, JSON.parse(job.payload) as Record<string, unknown>, job);
    if (await repo.completeJob(s.db, job.id, worker, s.now)) {
      result.done.push(job.id);
      countJobRun(job.kind, 'done');
    }
  } catch (error) {
    const next = afterFailure(job.attempts, job.maxAttempts, s.now, error instanceof FinalJobFailure);
    const text = errorText(error);
    if (await repo.failJob(s.db, job.id, worker, next, text, s.now)) {
      const outcome = next.state === 'failed' ? 'failed' : 'retried';
      result[outcome].push(job.id);
      countJobRun(job.kind, outcome);
    }
    s.logger.warn('job failed', { kind: job.kind, key: job.jobKey, attempts: job.attempts, final: next.state === 'failed', error: text });
  }
}

/**
 * The job metrics of this process: the queue read from the database at each scrape (every instance
 * reports the same figures: take one instance's, or the max, never the sum) and the run counters
 * of every kind of `handlers` from 0.
 */
export function watchJobMetrics(runtime: Runtime, handlers: JobHandlers = handlersOf(runtime.jobKinds)): void {
  watchJobQueue({
    kinds: Object.keys(handlers),
    states: OPEN_JOB_STATES,
    read: () => jobQueueReading(runtime.db, runtime.now()),
    timeoutMs: JOB_METRICS_TIMEOUT_MS,
  });
}

/** Starts the process's runner (and its metrics); answers the function that stops it. */
export function startJobRunner(runtime: Runtime, intervalMs = JOB_POLL_INTERVAL_MS): () => void {
  watchJobMetrics(runtime);
  const worker = `instance-${randomUUID()}`;
  return repeatEvery(
    intervalMs,
    async () => {
      const r = await runDueJobs(jobScope(runtime), { worker });
      if (r.done.length + r.retried.length + r.failed.length)
        runtime.logger.info('jobs run', { done: r.done.length, retried: r.retried.length, failed: r.failed.length });
    },
    (error) => {
      const fields = { error: errorStack(error) };
      // With the database down every tick fails alike: one line per interval says so.
      if (isDatabaseUnavailable(error)) runtime.logger.repeating('error', 'job runner failed', fields);
      else runtime.logger.error('job runner failed', fields);
    },
  );
}
