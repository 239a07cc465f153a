import { beforeAll, describe, expect, test } from 'vitest';
import * as jobsApi from '~/lib/api/contracts/admin-jobs';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as admin from '~/lib/api/contracts/admin-content';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import { enqueue } from '~/server/jobs/jobs.service';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { CATALOG_PUBLISH_JOB } from '~/lib/staff/catalog-schedule';
import { DEMO, HOUR, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, auditOf, makeStaff, sessionOf, type TestStaff, type TestStaffSession } from '../setup/staff';
import { bannerInput } from '../setup/catalog';
import { insertAsset } from '~/server/media-library/media-library.repository';
import { MEDIA_PROCESS_JOB } from '~/server/media-library/media-library.service';
import { MEDIA_KIND, MEDIA_STATE } from '~/lib/media-library';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The jobs screen's calls on the real app and database: the school's jobs only, with what each
 * works on (title and edit screen), filtered by state and kind and paged on the server; a failed
 * job run again (only from failed), a queued job cancelled (only from queued, and a scheduled
 * item goes back to a draft); both audited; another school's job is not found; bad input refused
 * with a message; editors and teachers may not call them.
 */

const server = useTestServer();
let accounts: { admin: TestStaff; foreign: TestStaff; editor: TestStaff; teacher: TestStaff };

beforeAll(async () => {
  accounts = {
    admin: await makeStaff(server(), DEMO.id, STAFF_ROLE.admin),
    foreign: await makeStaff(server(), HUAXIA.id, STAFF_ROLE.admin),
    editor: await makeStaff(server(), DEMO.id, STAFF_ROLE.editor),
    teacher: await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher),
  };
});

const as = (session: TestStaffSession, params?: Record<string, string>, tenant = DEMO.id) => ({ ...asStaff(session, tenant), ...(params ? { params } : {}) });
function ok<T>(a: Answer): T {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}
const runJobs = () => runDueJobs(jobScope(server().runtime));
const fromNow = (ms: number) => Math.floor((server().clock.value + ms) / 60_000) * 60_000;

/** A job of the school whose handler fails: a catalogue publication whose payload names no time. Run once, it is failed. */
async function failedJob(tenantId = DEMO.id): Promise<string> {
  const key = `banner:broken-${Math.random().toString(36).slice(2, 8)}`;
  const now = server().clock.value;
  await enqueue(server().runtime.db, now, { tenantId, kind: CATALOG_PUBLISH_JOB, key, payload: { type: 'banner', id: 'gone' }, runAt: now, maxAttempts: 1 });
  await runJobs();
  const row = await server().runtime.db.selectFrom('jobs').select(['id', 'state']).where('jobKey', '=', key).executeTakeFirstOrThrow();
  expect(row.state).toBe('failed');
  return row.id;
}

/** A banner scheduled an hour from now: its queued job. */
async function scheduledBanner(session: TestStaffSession, name: string): Promise<{ banner: cat.AdminBanner; jobId: string; at: number }> {
  const banner = ok<cat.AdminBanner>(await server().call(cat.catalogBannerSave, bannerInput({ name, state: cat.CATALOG_STATE.DRAFT }), as(session)));
  const at = fromNow(HOUR);
  ok(await server().call(cat.catalogBannerSchedule, { publishAt: formatDateTime(at) }, as(session, { id: banner.id })));
  const row = await server().runtime.db.selectFrom('jobs').select('id').where('jobKey', '=', `banner:${banner.id}`).executeTakeFirstOrThrow();
  return { banner, jobId: row.id, at };
}

describe('the list', () => {
  test("the school's jobs with the item each works on, filtered by state and kind, paged", async () => {
    const s = await sessionOf(server(), accounts.admin);
    const { banner, jobId, at } = await scheduledBanner(s, '排期横幅甲');
    const news = ok<admin.AdminNews>(
      await server().call(admin.adminNewsSave, { title: '排期新闻甲', categorizeIds: [], contentType: 'ARTICLE', content: '<p>正文</p>' }, as(s)),
    );
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(fromNow(2 * HOUR)) }, as(s, { id: news.id })));
    const failed = await failedJob();
    const foreignFailed = await failedJob(HUAXIA.id);

    const all = ok<{ records: jobsApi.AdminJob[]; total: number }>(await server().call(jobsApi.adminJobs, { size: 100 }, as(s)));
    const ids = all.records.map((j) => j.id);
    expect(ids).toContain(jobId);
    expect(ids).toContain(failed);
    expect(ids).not.toContain(foreignFailed);
    expect(all.records.find((j) => j.id === jobId)).toMatchObject({
      kind: CATALOG_PUBLISH_JOB,
      state: 'queued',
      runAt: at,
      attempts: 0,
      item: { type: 'banner', id: banner.id, title: '排期横幅甲', href: '/admin/catalog/banners' },
      lastError: null,
    });
    expect(all.records.find((j) => j.item?.id === news.id)).toMatchObject({
      kind: 'content.publish',
      item: { type: 'news', title: '排期新闻甲', href: `/admin/news/edit?id=${news.id}` },
    });
    expect(all.records.find((j) => j.id === failed)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'malformed catalog.publish payload',
      item: { type: 'banner', id: 'gone', title: null, href: null },
    });
    // Newest run time first.
    const times = all.records.map((j) => j.runAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const onlyFailed = ok<{ records: jobsApi.AdminJob[] }>(await server().call(jobsApi.adminJobs, { state: 'failed', size: 100 }, as(s)));
    expect(onlyFailed.records.length).toBeGreaterThan(0);
    expect(onlyFailed.records.every((j) => j.state === 'failed')).toBe(true);
    const content = ok<{ records: jobsApi.AdminJob[] }>(await server().call(jobsApi.adminJobs, { kind: 'content.publish', size: 100 }, as(s)));
    expect(content.records.every((j) => j.kind === 'content.publish')).toBe(true);
    expect(content.records.map((j) => j.item?.id)).toContain(news.id);

    const first = ok<{ records: jobsApi.AdminJob[]; total: number; pages: number }>(await server().call(jobsApi.adminJobs, { size: 2, current: 1 }, as(s)));
    const second = ok<{ records: jobsApi.AdminJob[] }>(await server().call(jobsApi.adminJobs, { size: 2, current: 2 }, as(s)));
    expect(first.records).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.records.map((j) => j.id)).toEqual(all.records.slice(2, 4).map((j) => j.id));
  });

  test('bad input is refused with a message; editors and teachers may not list, retry or cancel', async () => {
    const s = await sessionOf(server(), accounts.admin);
    expectRefused(await server().call(jobsApi.adminJobs, { state: 'lost' as never }, as(s)), ErrorCode.BAD_REQUEST, '状态不正确');
    expectRefused(await server().call(jobsApi.adminJobs, { kind: '<script>' }, as(s)), ErrorCode.BAD_REQUEST, '任务类型不正确');
    expectRefused(await server().call(jobsApi.adminJobs, { size: 1000 }, as(s)), ErrorCode.BAD_REQUEST, '数值过大：期望 number <=100');
    expectRefused(await server().call(jobsApi.adminJobRetry, {}, as(s, { id: '../x' })), ErrorCode.BAD_REQUEST, t('validation.badFormat'));
    const failed = await failedJob();
    for (const account of [accounts.editor, accounts.teacher]) {
      const other = await sessionOf(server(), account);
      expectRefused(await server().call(jobsApi.adminJobs, {}, as(other)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
      expectRefused(await server().call(jobsApi.adminJobRetry, {}, as(other, { id: failed })), ErrorCode.FORBIDDEN, t('staff.forbidden'));
      expectRefused(await server().call(jobsApi.adminJobCancel, {}, as(other, { id: failed })), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    }
  });
});

describe('retry and cancel', () => {
  test('a failed job is queued again for now with its attempts afresh, once; audited', async () => {
    const s = await sessionOf(server(), accounts.admin);
    const id = await failedJob();
    const retried = ok<jobsApi.AdminJob>(await server().call(jobsApi.adminJobRetry, {}, as(s, { id })));
    expect(retried).toMatchObject({ id, state: 'queued', attempts: 0, runAt: server().clock.value, lastError: 'malformed catalog.publish payload' });
    expectRefused(await server().call(jobsApi.adminJobRetry, {}, as(s, { id })), ErrorCode.CONFLICT, '只有失败的任务可以重试');
    const entries = await auditOf(server(), DEMO.id, { targetId: id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: AUDIT_ACTION.jobRetry, actorId: accounts.admin.id, targetType: 'job' });
    expect(JSON.parse(entries[0]!.beforeJson!)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ state: 'queued', attempts: 0 });
    // It runs again (and fails again: its payload is still broken).
    await runJobs();
    const after = ok<{ records: jobsApi.AdminJob[] }>(await server().call(jobsApi.adminJobs, { size: 100 }, as(s))).records.find((j) => j.id === id);
    expect(after).toMatchObject({ state: 'failed', attempts: 1 });
  });

  test('a queued publication is cancelled and its banner goes back to a draft; a job that is not queued is refused; audited', async () => {
    const s = await sessionOf(server(), accounts.admin);
    const { banner, jobId } = await scheduledBanner(s, '排期横幅乙');
    expect(ok<jobsApi.AdminJob>(await server().call(jobsApi.adminJobCancel, {}, as(s, { id: jobId })))).toMatchObject({ id: jobId, state: 'cancelled' });
    const row = ok<{ records: cat.AdminBanner[] }>(await server().call(cat.catalogBanners, { keyword: '排期横幅乙' }, as(s))).records[0];
    expect(row).toMatchObject({ id: banner.id, state: cat.CATALOG_STATE.DRAFT, scheduledAt: null });
    expectRefused(await server().call(jobsApi.adminJobCancel, {}, as(s, { id: jobId })), ErrorCode.CONFLICT, '只有排队中的任务可以取消');
    expectRefused(await server().call(jobsApi.adminJobCancel, {}, as(s, { id: await failedJob() })), ErrorCode.CONFLICT, '只有排队中的任务可以取消');
    const entries = await auditOf(server(), DEMO.id, { targetId: jobId });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.jobCancel]);
    expect(JSON.parse(entries[0]!.beforeJson!)).toMatchObject({ state: 'queued' });
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ state: 'cancelled' });
  });

  test("another school's job is not found and stays as it was", async () => {
    const foreign = await sessionOf(server(), accounts.foreign);
    const id = await failedJob();
    expectRefused(await server().call(jobsApi.adminJobRetry, {}, as(foreign, { id }, HUAXIA.id)), ErrorCode.NOT_FOUND, t('jobs.notFound'));
    expectRefused(await server().call(jobsApi.adminJobCancel, {}, as(foreign, { id }, HUAXIA.id)), ErrorCode.NOT_FOUND, t('jobs.notFound'));
    const row = await server().runtime.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
  });
});

describe("a media file's processing on the jobs screen", () => {
  /** An asset of the school waiting for its processing job (as an upload leaves it), with that job queued. */
  async function processingAsset(name: string): Promise<{ assetId: string; jobId: string }> {
    const db = server().runtime.db;
    const now = server().clock.value;
    const assetId = `asset-${Math.random().toString(36).slice(2, 10)}`;
    await insertAsset(db, {
      id: assetId,
      tenantId: DEMO.id,
      uploadId: `upload-${assetId}`,
      kind: MEDIA_KIND.video,
      name,
      originalKey: `${DEMO.id}/202611/${assetId}/original.mp4`,
      size: 1000,
      contentType: 'video/mp4',
      durationMs: null,
      width: null,
      height: null,
      state: MEDIA_STATE.processing,
      renditions: '[]',
      progress: 0,
      error: null,
      uploadedBy: accounts.admin.id,
      createdAt: now,
      updatedAt: now,
    });
    await enqueue(db, now + HOUR, { tenantId: DEMO.id, kind: MEDIA_PROCESS_JOB, key: assetId, payload: { assetId }, runAt: now + HOUR, maxAttempts: 1 });
    const job = await db.selectFrom('jobs').select('id').where('kind', '=', MEDIA_PROCESS_JOB).where('jobKey', '=', assetId).executeTakeFirstOrThrow();
    return { assetId, jobId: job.id };
  }
  const assetOf = (id: string) => server().runtime.db.selectFrom('mediaAssets').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow();

  test('names the file and links the media library; cancelling ends the file as failed with a reason, retrying processes it again', async () => {
    const admin = await sessionOf(server(), accounts.admin);
    const { assetId, jobId } = await processingAsset('第一讲 安全用电.mp4');
    const page = ok<{ records: jobsApi.AdminJob[] }>(await server().call(jobsApi.adminJobs, { current: 1, size: 100, kind: MEDIA_PROCESS_JOB }, as(admin)));
    expect(page.records.find((j) => j.id === jobId)?.item).toEqual({ type: 'media', id: assetId, title: '第一讲 安全用电.mp4', href: '/admin/media' });

    ok(await server().call(jobsApi.adminJobCancel, {}, as(admin, { id: jobId })));
    expect(await assetOf(assetId)).toEqual({ state: MEDIA_STATE.failed, error: '处理已在后台任务中取消，可点击重试再次处理' });

    // A failed run of the job (as the runner leaves it after its last try) is run again with its file.
    await server().runtime.db.updateTable('jobs').set({ state: 'failed', lastError: 'ffmpeg exited with code 1' }).where('id', '=', jobId).execute();
    ok(await server().call(jobsApi.adminJobRetry, {}, as(admin, { id: jobId })));
    expect(await assetOf(assetId)).toEqual({ state: MEDIA_STATE.processing, error: null });
    const job = await server().runtime.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.state).toBe('queued');
  });
});
