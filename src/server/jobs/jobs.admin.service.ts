import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { AdminJob, AdminJobItem } from '~/lib/api/contracts/admin-jobs';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as content from '../content/content.admin.service';
import * as repo from './jobs.repository';
import type { JobState } from './jobs.rules';
import type { Job } from './jobs.table';
import { CATALOG_PUBLISH_JOB, isSchedulable, type SchedulableType } from '~/lib/staff/catalog-schedule';
import { cancelCatalogPublication, catalogNames } from './catalog-publish.handler';
import * as media from '../media-library/media-library.service';

/**
 * The jobs screen (administrators): the school's jobs with what each works on, run again when
 * failed, cancelled while queued. Both are conditional writes (only from failed, only from queued)
 * and audited in the same transaction. Cancelling a scheduled publication also takes the item off
 * its schedule, so it does not keep showing 已排期 with nothing left to publish it.
 */

/** The staff screen that edits a catalogue type (its list: each row is edited there). */
const CATALOG_SCREEN: Record<SchedulableType, string> = {
  product: '/admin/catalog/products',
  productCategory: '/admin/catalog/categories',
  question: '/admin/catalog/questions',
  hotMajor: '/admin/catalog/majors',
  banner: '/admin/catalog/banners',
  coupon: '/admin/catalog/coupons',
  albumCategory: '/admin/catalog/album-categories',
  material: '/admin/catalog/materials',
};

function payloadOf(job: Job): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(job.payload);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What a job works on, before its title is looked up: its type, id and edit screen. */
function itemOf(job: Job): { type: string; id: string; href: (id: string) => string } | null {
  const p = payloadOf(job);
  if (job.kind === media.MEDIA_PROCESS_JOB && typeof p['assetId'] === 'string') {
    return { type: 'media', id: p['assetId'], href: () => '/admin/media' };
  }
  if (typeof p['id'] !== 'string') return null;
  if (job.kind === content.CONTENT_PUBLISH_JOB && (p['kind'] === 'news' || p['kind'] === 'notice')) {
    const screen = p['kind'] === 'news' ? '/admin/news/edit' : '/admin/notices/edit';
    return { type: p['kind'], id: p['id'], href: (id) => `${screen}?id=${encodeURIComponent(id)}` };
  }
  if (job.kind === CATALOG_PUBLISH_JOB && isSchedulable(p['type'])) {
    const screen = CATALOG_SCREEN[p['type']];
    return { type: p['type'], id: p['id'], href: () => screen };
  }
  return null;
}

async function titlesOf(db: DB, tenantId: string, type: string, ids: string[]): Promise<Map<string, string>> {
  const rows =
    type === 'news' || type === 'notice'
      ? (await content.publicationTitles(db, tenantId, type, ids)).map((r) => ({ id: r.id, name: r.title }))
      : isSchedulable(type)
        ? await catalogNames(db, tenantId, type, ids)
        : type === 'media'
          ? await media.assetNames(db, tenantId, ids)
          : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function describeJobs(db: DB, tenantId: string, jobs: Job[]): Promise<AdminJob[]> {
  const items = jobs.map(itemOf);
  const byType = new Map<string, string[]>();
  for (const i of items) if (i) byType.set(i.type, [...(byType.get(i.type) ?? []), i.id]);
  const titles = new Map<string, Map<string, string>>();
  for (const [type, ids] of byType) titles.set(type, await titlesOf(db, tenantId, type, [...new Set(ids)]));
  return jobs.map((job, n) => {
    const i = items[n];
    const title = i ? (titles.get(i.type)?.get(i.id) ?? null) : null;
    const item: AdminJobItem | null = i ? { type: i.type, id: i.id, title, href: title === null ? null : i.href(i.id) } : null;
    return {
      id: job.id,
      kind: job.kind,
      item,
      runAt: Number(job.runAt),
      state: job.state,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      createdAt: Number(job.createdAt),
      updatedAt: Number(job.updatedAt),
    };
  });
}

export async function pageJobs(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; state?: JobState | undefined; kind?: string | undefined },
): Promise<Page<AdminJob>> {
  const tenantId = actor.tenant.id;
  const { rows, total } = await repo.pageSchoolJobs(s.db, tenantId, {
    ...windowOf({ current: q.current, size: q.size, order: 'desc' }),
    state: q.state,
    kind: q.kind,
  });
  return pageOf(await describeJobs(s.db, tenantId, rows), total, q.current, q.size);
}

async function requireJob(db: DB, tenantId: string, id: string): Promise<Job> {
  const job = await repo.findSchoolJob(db, tenantId, id);
  if (!job) throw AppError.notFound(t('jobs.notFound'));
  return job;
}

async function answer(db: DB, tenantId: string, id: string): Promise<AdminJob> {
  return (await describeJobs(db, tenantId, [await requireJob(db, tenantId, id)]))[0]!;
}

/** Runs a failed job again now, with its attempts afresh. */
export function retryJob(s: Scope, actor: StaffActor, id: string): Promise<AdminJob> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const before = await requireJob(trx, tenantId, id);
    if (!(await repo.retryFailedJob(trx, tenantId, id, s.now))) throw AppError.conflict(t('jobs.notFailed'));
    if (before.kind === media.MEDIA_PROCESS_JOB) await media.processingRetried(trx, tenantId, payloadOf(before), s.now);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.jobRetry,
      { type: AUDIT_TARGET.job, id },
      { kind: before.kind, state: before.state, attempts: before.attempts, runAt: Number(before.runAt) },
      { kind: before.kind, state: 'queued', attempts: 0, runAt: s.now },
    );
    return answer(trx, tenantId, id);
  });
}

/** Cancels a queued job; a scheduled publication's item goes back to a draft. */
export function cancelJob(s: Scope, actor: StaffActor, id: string): Promise<AdminJob> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const before = await requireJob(trx, tenantId, id);
    if (!(await repo.cancelQueuedJob(trx, tenantId, id, s.now))) throw AppError.conflict(t('jobs.notQueued'));
    const payload = payloadOf(before);
    if (before.kind === content.CONTENT_PUBLISH_JOB) await content.unscheduleByJob(trx, tenantId, payload, s.now);
    if (before.kind === CATALOG_PUBLISH_JOB) await cancelCatalogPublication(trx, tenantId, payload);
    if (before.kind === media.MEDIA_PROCESS_JOB) await media.processingCancelled(trx, tenantId, payload, s.now);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.jobCancel,
      { type: AUDIT_TARGET.job, id },
      { kind: before.kind, state: before.state },
      { kind: before.kind, state: 'cancelled' },
    );
    return answer(trx, tenantId, id);
  });
}
