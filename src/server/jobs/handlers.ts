import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import type { Job } from './jobs.table';

/**
 * What runs each kind of job. Each domain defines the kinds of its own work (content/publish.handler.ts,
 * media-library/process.handler.ts …) and the composition root (runtime.ts) registers them in the
 * runtime, so jobs/ depends on no domain it runs. A handler may run more than once for one job (a
 * lease taken over after an instance died), so its writes are conditional.
 */
export type JobHandler = (s: Scope, payload: Record<string, unknown>, job: Job) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** What a job works on, as the jobs screen shows it: its type, id and the staff screen that edits it. */
export interface JobItemRef {
  type: string;
  id: string;
  href: (id: string) => string;
}

/** One kind of job: how it runs, and what the jobs screen (jobs.admin.service.ts) asks of it. */
export interface JobKind {
  run: JobHandler;
  /** What a job of this kind works on, read from its payload; null when the payload names nothing. */
  item?: (payload: Record<string, unknown>) => JobItemRef | null;
  /** The titles of the items of one type (only ids of the school's rows are answered). */
  titles?: (db: DB, tenantId: string, type: string, ids: string[]) => Promise<{ id: string; name: string }[]>;
  /** A failed job is run again (in the transaction of the retry). */
  retried?: (trx: DB, tenantId: string, payload: Record<string, unknown>, now: number) => Promise<void>;
  /** A queued job is cancelled (in the transaction of the cancel): its item must not wait for it. */
  cancelled?: (trx: DB, tenantId: string, payload: Record<string, unknown>, now: number) => Promise<void>;
}

export type JobKinds = Readonly<Record<string, JobKind>>;

/** The handlers of a set of kinds (the runner's table). */
export function handlersOf(kinds: JobKinds): JobHandlers {
  return Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, kind.run]));
}
