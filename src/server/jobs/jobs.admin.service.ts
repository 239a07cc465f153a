import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { t, type MessageKey } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditAction } from '~/lib/staff/roles';
import type { AdminJob, AdminJobItem } from '~/lib/api/contracts/admin-jobs';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as repo from './jobs.repository';
import { JOB_STATE, type JobState } from './jobs.rules';
import type { Job } from './jobs.table';
import type { JobItemRef, JobKinds } from './handlers';

/**
 * The jobs screen (administrators): the school's jobs with what each works on, run again when
 * failed, cancelled while queued. Both are conditional writes (only from failed, only from queued)
 * and audited in the same transaction. Each kind of job says what it works on and what a retry or
 * a cancel does to its item (runtime.jobKinds): cancelling a scheduled publication takes the item
 * off its schedule, so it does not keep showing 已排期 with nothing left to publish it.
 */

function payloadOf(job: Job): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(job.payload);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What a job works on, before its title is looked up: its kind's reading of the payload. */
function itemOf(kinds: JobKinds, job: Job): (JobItemRef & { kind: string }) | null {
  const item = kinds[job.kind]?.item?.(payloadOf(job));
  return item ? { ...item, kind: job.kind } : null;
}

async function describeJobs(db: DB, kinds: JobKinds, tenantId: string, jobs: Job[]): Promise<AdminJob[]> {
  const items = jobs.map((job) => itemOf(kinds, job));
  // The titles are looked up once per kind and type, by the kind that names them.
  const groups = new Map<string, { kind: string; type: string; ids: Set<string> }>();
  const groupKey = (i: { kind: string; type: string }) => `${i.kind} ${i.type}`;
  for (const i of items) {
    if (!i) continue;
    const group = groups.get(groupKey(i)) ?? { kind: i.kind, type: i.type, ids: new Set<string>() };
    group.ids.add(i.id);
    groups.set(groupKey(i), group);
  }
  const titles = new Map<string, Map<string, string>>();
  for (const [key, g] of groups) {
    const rows = (await kinds[g.kind]?.titles?.(db, tenantId, g.type, [...g.ids])) ?? [];
    titles.set(key, new Map(rows.map((r) => [r.id, r.name])));
  }
  return jobs.map((job, n) => {
    const i = items[n];
    const title = i ? (titles.get(groupKey(i))?.get(i.id) ?? null) : null;
    const item: AdminJobItem | null = i ? { type: i.type, id: i.id, title, href: title === null ? null : i.href(i.id) } : null;
    return {
      id: job.id,
      kind: job.kind,
      item,
      runAt: job.runAt,
      state: job.state,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
    };
  });
}

export async function pageJobs(
  s: Scope,
  kinds: JobKinds,
  actor: StaffActor,
  q: { current: number; size: number; state?: JobState | undefined; kind?: string | undefined },
): Promise<Page<AdminJob>> {
  const tenantId = actor.tenant.id;
  const { rows, total } = await repo.pageSchoolJobs(s.db, tenantId, {
    ...windowOf({ current: q.current, size: q.size, order: 'desc' }),
    state: q.state,
    kind: q.kind,
  });
  return pageOf(await describeJobs(s.db, kinds, tenantId, rows), total, q.current, q.size);
}

/** How many of the school's jobs failed and wait for someone to run them again (the dashboard's count). */
export function countFailedJobs(s: Scope, actor: StaffActor): Promise<number> {
  return repo.countSchoolJobs(s.db, actor.tenant.id, JOB_STATE.failed);
}

async function requireJob(db: DB, tenantId: string, id: string): Promise<Job> {
  const job = await repo.findSchoolJob(db, tenantId, id);
  if (!job) throw AppError.notFound(t('jobs.notFound'));
  return job;
}

async function answer(db: DB, kinds: JobKinds, tenantId: string, id: string): Promise<AdminJob> {
  return (await describeJobs(db, kinds, tenantId, [await requireJob(db, tenantId, id)]))[0]!;
}

/** One change of the jobs screen: the conditional write, what it does to the job's item, and its audit record. */
interface JobChange {
  /** False when the job is no longer in the state the change starts from. */
  write: (db: DB, tenantId: string, id: string, now: number) => Promise<boolean>;
  refused: MessageKey;
  /** The kind's reaction on its item (JobKinds). */
  hook: 'retried' | 'cancelled';
  action: AuditAction;
  audit: (before: Job, now: number) => { before: Record<string, unknown>; after: Record<string, unknown> };
}

function changeJob(s: Scope, kinds: JobKinds, actor: StaffActor, id: string, change: JobChange): Promise<AdminJob> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const before = await requireJob(trx, tenantId, id);
    if (!(await change.write(trx, tenantId, id, s.now))) throw AppError.conflict(t(change.refused));
    await kinds[before.kind]?.[change.hook]?.(trx, tenantId, payloadOf(before), s.now);
    const audit = change.audit(before, s.now);
    await auditStaffAction(trx, s, actor, change.action, { type: AUDIT_TARGET.job, id }, audit.before, audit.after);
    return answer(trx, kinds, tenantId, id);
  });
}

const RETRY: JobChange = {
  write: repo.retryFailedJob,
  refused: 'jobs.notFailed',
  hook: 'retried',
  action: AUDIT_ACTION.jobRetry,
  audit: (before, now) => ({
    before: { kind: before.kind, state: before.state, attempts: before.attempts, runAt: before.runAt },
    after: { kind: before.kind, state: 'queued', attempts: 0, runAt: now },
  }),
};

const CANCEL: JobChange = {
  write: repo.cancelQueuedJob,
  refused: 'jobs.notQueued',
  hook: 'cancelled',
  action: AUDIT_ACTION.jobCancel,
  audit: (before) => ({ before: { kind: before.kind, state: before.state }, after: { kind: before.kind, state: 'cancelled' } }),
};

/** Runs a failed job again now, with its attempts afresh. */
export function retryJob(s: Scope, kinds: JobKinds, actor: StaffActor, id: string): Promise<AdminJob> {
  return changeJob(s, kinds, actor, id, RETRY);
}

/** Cancels a queued job; a scheduled publication's item goes back to a draft. */
export function cancelJob(s: Scope, kinds: JobKinds, actor: StaffActor, id: string): Promise<AdminJob> {
  return changeJob(s, kinds, actor, id, CANCEL);
}
