import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as admin from '~/lib/api/contracts/admin-content';
import * as content from '~/lib/api/contracts/content';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import { jobOf } from '~/server/jobs/jobs.service';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { readPreviewTicket } from '~/server/content/preview.rules';
import { CONTENT_PUBLISH_JOB } from '~/server/content/content.admin.service';
import { JOB_STATE } from '~/server/jobs/jobs.rules';
import { DEMO, HOUR, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaff, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The staff side of news, notices and categories through the real app and database: drafts stay
 * off the public side until published; scheduling publishes at the time (a controlled clock, the
 * jobs run by hand), once, with two runners; withdrawing, deleting, categories, another school's
 * ids, refusals with their messages, and rich text sanitised when saved.
 */

const server = useTestServer();
let editor: TestStaffSession;
let foreign: TestStaffSession;
let accounts: { editor: TestStaff; foreign: TestStaff };

/** New sessions at the clock's time (a session ends after an idle hour, and these tests move the clock by hours). */
async function refresh(): Promise<void> {
  editor = await sessionOf(server(), accounts.editor);
  foreign = await sessionOf(server(), accounts.foreign);
}

beforeAll(async () => {
  accounts = { editor: await makeStaff(server(), DEMO.id, STAFF_ROLE.editor), foreign: await makeStaff(server(), HUAXIA.id, STAFF_ROLE.admin) };
});
beforeEach(refresh);

const as = (session: TestStaffSession, params?: Record<string, string>, tenant = DEMO.id) => ({ ...asStaff(session, tenant), ...(params ? { params } : {}) });
const ok = (a: Answer) => {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data;
};

let n = 0;
async function draftNews(over: Partial<admin.NewsInput> = {}): Promise<admin.AdminNews> {
  n += 1;
  return ok(
    await server().call(
      admin.adminNewsSave,
      { title: `测试新闻${n}`, categorizeIds: [], contentType: 'ARTICLE', content: '<p>正文<strong>加粗</strong></p>', introduction: '摘要', ...over },
      as(editor),
    ),
  );
}
const publicDetail = (id: string) => server().call(content.newsDetail, { id }, { tenant: DEMO.id });
const isPublic = async (id: string) => (await publicDetail(id)).body.code === 0;
const runJobs = (worker?: string) => runDueJobs(jobScope(server().runtime), worker ? { worker } : {});

describe('news: drafts, publishing, withdrawing, deleting', () => {
  test('a draft is not public; publishing shows it at once, withdrawing takes it down, deleting removes it', async () => {
    const news = await draftNews({ title: '校园开放日' });
    expect(news).toMatchObject({ state: 'draft', title: '校园开放日', contentType: 'ARTICLE' });
    expect(await isPublic(news.id)).toBe(false);

    const published = ok(await server().call(admin.adminNewsPublish, {}, as(editor, { id: news.id })));
    expect(published).toMatchObject({ state: 'published', publishAt: server().clock.value });
    const shown = ok(await publicDetail(news.id));
    expect(shown.title).toBe('校园开放日');
    expect(shown.content).toBe('<p>正文<strong>加粗</strong></p>');

    // Editing a published item changes the public page at once.
    ok(
      await server().call(
        admin.adminNewsSave,
        { id: news.id, title: '校园开放日（更新）', categorizeIds: [], contentType: 'ARTICLE', content: '<p>新</p>' },
        as(editor),
      ),
    );
    expect(ok(await publicDetail(news.id)).title).toBe('校园开放日（更新）');

    expect(ok(await server().call(admin.adminNewsUnpublish, {}, as(editor, { id: news.id }))).state).toBe('withdrawn');
    expect(await isPublic(news.id)).toBe(false);
    expectRefused(await server().call(admin.adminNewsUnpublish, {}, as(editor, { id: news.id })), ErrorCode.CONFLICT, '该内容尚未发布，无需撤回');

    ok(await server().call(admin.adminNewsDelete, {}, as(editor, { id: news.id })));
    expectRefused(await server().call(admin.adminNewsGet, {}, as(editor, { id: news.id })), ErrorCode.NOT_FOUND, '新闻不存在或已被删除');
    expectRefused(await server().call(admin.adminNewsDelete, {}, as(editor, { id: news.id })), ErrorCode.NOT_FOUND, '新闻不存在或已被删除');
  });

  test('publishing twice is refused the second time', async () => {
    const news = await draftNews();
    ok(await server().call(admin.adminNewsPublish, {}, as(editor, { id: news.id })));
    expectRefused(await server().call(admin.adminNewsPublish, {}, as(editor, { id: news.id })), ErrorCode.CONFLICT, '该内容已发布');
  });

  test('a video news item keeps its URL; a javascript: URL is refused and nothing is saved', async () => {
    const video = await draftNews({ contentType: 'INFORMATION', content: 'https://media.example.com/v.mp4' });
    expect(video.content).toBe('https://media.example.com/v.mp4');
    const before = ok(await server().call(admin.adminNewsPage, { size: 100 }, as(editor))).total;
    expectRefused(
      await server().call(admin.adminNewsSave, { title: '坏视频', categorizeIds: [], contentType: 'INFORMATION', content: 'javascript:alert(1)' }, as(editor)),
      ErrorCode.BAD_REQUEST,
      '请输入以 http:// 或 https:// 开头的视频地址',
    );
    expect(ok(await server().call(admin.adminNewsPage, { size: 100 }, as(editor))).total).toBe(before);
  });

  test('rich text is sanitised when saved: scripts, handlers and javascript: links never reach the database', async () => {
    const news = await draftNews({
      content:
        `<p onclick="x()">正文</p><script>alert(1)</script><img src="/files/${DEMO.id}/202611/1.png" onerror="alert(2)">` +
        '<a href="javascript:alert(3)">链接</a>',
    });
    const row = await server().runtime.db.selectFrom('news').select('content').where('id', '=', news.id).executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(row.content).toContain(`src="/files/${DEMO.id}/202611/1.png"`);
    expect(row.content).toContain('<p>正文</p>');
  });

  test('bad input is refused with the form words and changes nothing', async () => {
    const cases: [Partial<admin.NewsInput>, string][] = [
      [{ title: '' }, '请输入标题'],
      [{ title: '长'.repeat(101) }, '标题不能超过100个字'],
      [{ content: '' }, '请输入正文'],
      [{ categorizeIds: ['nosuchcategory'] }, '所选分类不存在，请刷新后重试'],
      [{ cover: 'javascript:alert(1)' }, '封面图地址无效，请重新上传'],
      [{ introduction: '字'.repeat(501) }, '摘要不能超过500个字'],
    ];
    const before = ok(await server().call(admin.adminNewsPage, { size: 100 }, as(editor))).total;
    for (const [over, message] of cases) {
      expectRefused(
        await server().call(admin.adminNewsSave, { title: 't', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>', ...over }, as(editor)),
        ErrorCode.BAD_REQUEST,
        message,
      );
    }
    expect(ok(await server().call(admin.adminNewsPage, { size: 100 }, as(editor))).total).toBe(before);
  });
});

describe('news list: search, state, category, paging', () => {
  test('finds by part of the title, by state and by category, page by page, newest change first', async () => {
    const cat = ok(await server().call(admin.adminCategorySave, { name: `搜索分类${Date.now() % 1000}` }, as(editor)));
    const made: admin.AdminNews[] = [];
    for (let i = 0; i < 5; i++) {
      server().clock.advance(1000);
      made.push(await draftNews({ title: `招生简章甲乙${i}`, categorizeIds: i % 2 === 0 ? [cat.id] : [] }));
    }
    server().clock.advance(1000);
    ok(await server().call(admin.adminNewsPublish, {}, as(editor, { id: made[1]!.id })));
    const byTitle = ok(await server().call(admin.adminNewsPage, { title: '招生简章甲乙', size: 2, current: 1 }, as(editor)));
    expect(byTitle.total).toBe(5);
    expect(byTitle.records.map((r: admin.AdminNewsSummary) => r.title)).toEqual(['招生简章甲乙1', '招生简章甲乙4']);
    const page3 = ok(await server().call(admin.adminNewsPage, { title: '招生简章甲乙', size: 2, current: 3 }, as(editor)));
    expect(page3.records.map((r: admin.AdminNewsSummary) => r.title)).toEqual(['招生简章甲乙0']);
    const published = ok(await server().call(admin.adminNewsPage, { title: '招生简章甲乙', state: 'published' }, as(editor)));
    expect(published.records.map((r: admin.AdminNewsSummary) => r.id)).toEqual([made[1]!.id]);
    const inCategory = ok(await server().call(admin.adminNewsPage, { categorizeId: cat.id }, as(editor)));
    expect(inCategory.records.map((r: admin.AdminNewsSummary) => r.title).sort()).toEqual(['招生简章甲乙0', '招生简章甲乙2', '招生简章甲乙4']);
    expect(inCategory.records[0].categories).toEqual([{ id: cat.id, name: cat.name }]);
    expectRefused(await server().call(admin.adminNewsPage, { state: 'lost' as never }, as(editor)), ErrorCode.BAD_REQUEST, '状态不正确');
  });
});

describe('scheduled publishing with a controlled clock', () => {
  test('not public one second before its time; published by the job at the time, exactly once with two runners', async () => {
    const news = await draftNews({ title: '定时新闻' });
    const at = Math.floor((server().clock.value + 2 * HOUR) / 60_000) * 60_000;
    const scheduled = ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(at) }, as(editor, { id: news.id })));
    expect(scheduled).toMatchObject({ state: 'scheduled', publishAt: at });
    expect(await isPublic(news.id)).toBe(false);

    server().clock.set(at - 1000);

    await refresh();
    await runJobs();
    expect(await isPublic(news.id)).toBe(false);
    expect((await jobOf(server().runtime.db, CONTENT_PUBLISH_JOB, `news:${news.id}`))?.state).toBe(JOB_STATE.queued);

    server().clock.set(at);

    await refresh();
    const [a, b] = await Promise.all([runJobs('instance-a'), runJobs('instance-b')]);
    expect(a.done.length + b.done.length).toBe(1);
    expect(ok(await publicDetail(news.id)).publishTimestamp).toBe(at);
    expect(ok(await server().call(admin.adminNewsGet, {}, as(editor, { id: news.id }))).state).toBe('published');
    expect((await jobOf(server().runtime.db, CONTENT_PUBLISH_JOB, `news:${news.id}`))?.state).toBe(JOB_STATE.done);
    // The job ran once: running again finds nothing due.
    expect((await runJobs()).done).toEqual([]);
  });

  test('rescheduling moves the one job; publishing by hand cancels it; a withdrawn or deleted item is left alone', async () => {
    const db = server().runtime.db;
    const base = Math.floor(server().clock.value / 60_000) * 60_000;
    const news = await draftNews();
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(base + HOUR) }, as(editor, { id: news.id })));
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(base + 3 * HOUR) }, as(editor, { id: news.id })));
    const jobs = await db.selectFrom('jobs').selectAll().where('jobKey', '=', `news:${news.id}`).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt).toBe(base + 3 * HOUR);
    server().clock.set(base + HOUR);
    await refresh();
    await runJobs();
    expect(await isPublic(news.id)).toBe(false);
    ok(await server().call(admin.adminNewsPublish, {}, as(editor, { id: news.id })));
    expect((await jobOf(db, CONTENT_PUBLISH_JOB, `news:${news.id}`))?.state).toBe(JOB_STATE.cancelled);
    expect(ok(await publicDetail(news.id)).publishTimestamp).toBe(base + HOUR);

    // Unpublishing a scheduled item: back to draft, its job does nothing even if it were to run.
    const second = await draftNews();
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(base + 4 * HOUR) }, as(editor, { id: second.id })));
    expect(ok(await server().call(admin.adminNewsUnpublish, {}, as(editor, { id: second.id }))).state).toBe('draft');
    // A job left queued by an older version (or a lost cancel) must not publish it either.
    await db.updateTable('jobs').set({ state: JOB_STATE.queued }).where('jobKey', '=', `news:${second.id}`).execute();
    const third = await draftNews();
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(base + 4 * HOUR) }, as(editor, { id: third.id })));
    ok(await server().call(admin.adminNewsDelete, {}, as(editor, { id: third.id })));
    await db.updateTable('jobs').set({ state: JOB_STATE.queued }).where('jobKey', '=', `news:${third.id}`).execute();
    server().clock.set(base + 4 * HOUR);
    await refresh();
    const r = await runJobs();
    expect(r.failed).toEqual([]);
    expect(await isPublic(second.id)).toBe(false);
    expect(ok(await server().call(admin.adminNewsGet, {}, as(editor, { id: second.id }))).state).toBe('draft');
    expect(await isPublic(third.id)).toBe(false);
  });

  test('a time not after now, a malformed time and a published item are refused', async () => {
    const news = await draftNews();
    const now = server().clock.value;
    expectRefused(
      await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(now - 60_000) }, as(editor, { id: news.id })),
      ErrorCode.CONFLICT,
      '定时发布时间须晚于当前时间',
    );
    expectRefused(
      await server().call(admin.adminNewsSchedule, { publishAt: '明天' }, as(editor, { id: news.id })),
      ErrorCode.BAD_REQUEST,
      '发布时间格式不正确',
    );
    expectRefused(await server().call(admin.adminNewsSchedule, { publishAt: '' }, as(editor, { id: news.id })), ErrorCode.BAD_REQUEST, '请选择发布时间');
    ok(await server().call(admin.adminNewsPublish, {}, as(editor, { id: news.id })));
    expectRefused(
      await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(now + HOUR) }, as(editor, { id: news.id })),
      ErrorCode.CONFLICT,
      '已发布的内容请先撤回，再设置定时发布',
    );
  });
});

describe('notices', () => {
  test('a notice is written as a draft, scheduled, published by the job, withdrawn and deleted', async () => {
    const notice = ok(
      await server().call(admin.adminNoticeSave, { title: '放假通知', writerName: '教务处', content: '<p>通知<script>x</script></p>' }, as(editor)),
    );
    expect(notice).toMatchObject({ state: 'draft', writerName: '教务处', content: '<p>通知</p>' });
    const publicNotice = () => server().call(content.noticeDetail, { id: notice.id }, { tenant: DEMO.id, params: { id: notice.id } });
    expectRefused(await publicNotice(), ErrorCode.NOT_FOUND, t('common.noData'));
    const at = Math.floor((server().clock.value + HOUR) / 60_000) * 60_000;
    ok(await server().call(admin.adminNoticeSchedule, { publishAt: formatDateTime(at) }, as(editor, { id: notice.id })));
    server().clock.set(at - 1000);
    await refresh();
    await runJobs();
    expectRefused(await publicNotice(), ErrorCode.NOT_FOUND, t('common.noData'));
    server().clock.set(at);
    await refresh();
    await runJobs();
    expect(ok(await publicNotice()).title).toBe('放假通知');
    const list = ok(await server().call(admin.adminNoticePage, { title: '放假', state: 'published' }, as(editor)));
    expect(list.records.map((r: admin.AdminNoticeSummary) => r.id)).toContain(notice.id);
    expect(ok(await server().call(admin.adminNoticeUnpublish, {}, as(editor, { id: notice.id }))).state).toBe('withdrawn');
    expectRefused(await publicNotice(), ErrorCode.NOT_FOUND, t('common.noData'));
    ok(await server().call(admin.adminNoticePublish, {}, as(editor, { id: notice.id })));
    ok(await server().call(admin.adminNoticeDelete, {}, as(editor, { id: notice.id })));
    expectRefused(await publicNotice(), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().call(admin.adminNoticeGet, {}, as(editor, { id: notice.id })), ErrorCode.NOT_FOUND, '公告不存在或已被删除');
  });
});

describe('categories', () => {
  test('create, rename, order and delete; a name taken or a category in use is refused clearly', async () => {
    const a = ok(await server().call(admin.adminCategorySave, { name: '分类甲' }, as(editor)));
    const b = ok(await server().call(admin.adminCategorySave, { name: '分类乙' }, as(editor)));
    expectRefused(await server().call(admin.adminCategorySave, { name: '分类甲' }, as(editor)), ErrorCode.CONFLICT, '已有同名分类');
    expectRefused(await server().call(admin.adminCategorySave, { name: ' ' }, as(editor)), ErrorCode.BAD_REQUEST, '请输入分类名称');
    expectRefused(await server().call(admin.adminCategorySave, { name: '类'.repeat(21) }, as(editor)), ErrorCode.BAD_REQUEST, '分类名称不能超过20个字');
    expect(ok(await server().call(admin.adminCategorySave, { id: a.id, name: '分类丙' }, as(editor))).name).toBe('分类丙');

    const all: admin.AdminCategory[] = ok(await server().call(admin.adminCategories, {}, as(editor)));
    const reversed = [...all].reverse().map((c) => c.id);
    expect(ok(await server().call(admin.adminCategoryOrder, { ids: reversed }, as(editor))).map((c: admin.AdminCategory) => c.id)).toEqual(reversed);
    expectRefused(await server().call(admin.adminCategoryOrder, { ids: reversed.slice(1) }, as(editor)), ErrorCode.BAD_REQUEST, '分类列表已变化，请刷新后重试');
    // The public list follows the new order.
    const publicList = await server().post(content.categoryPage.path.replace(/^/, '/api'), {}, { tenant: DEMO.id });
    expect(publicList.body.data.records.map((c: { id: string }) => c.id)).toEqual(reversed);

    const news = await draftNews({ categorizeIds: [b.id] });
    expectRefused(
      await server().call(admin.adminCategoryDelete, {}, as(editor, { id: b.id })),
      ErrorCode.CONFLICT,
      '该分类下还有新闻，请先将新闻移出该分类再删除',
    );
    ok(
      await server().call(admin.adminNewsSave, { id: news.id, title: news.title, categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, as(editor)),
    );
    ok(await server().call(admin.adminCategoryDelete, {}, as(editor, { id: b.id })));
    ok(await server().call(admin.adminCategoryDelete, {}, as(editor, { id: a.id })));
    expectRefused(await server().call(admin.adminCategoryDelete, {}, as(editor, { id: a.id })), ErrorCode.NOT_FOUND, '分类不存在或已被删除');
  });
});

describe("another school's items", () => {
  test("are not found by another school's staff, whatever the call, and never listed", async () => {
    const news = await draftNews();
    const notice = ok(await server().call(admin.adminNoticeSave, { title: '本校公告', content: '<p>x</p>' }, as(editor)));
    const cat = ok(await server().call(admin.adminCategorySave, { name: `本校分类${n}` }, as(editor)));
    const h = (params: Record<string, string>) => as(foreign, params, HUAXIA.id);
    for (const call of [admin.adminNewsGet, admin.adminNewsPublish, admin.adminNewsUnpublish, admin.adminNewsDelete, admin.adminNewsPreview]) {
      expectRefused(await server().call(call as never, {}, h({ id: news.id })), ErrorCode.NOT_FOUND, '新闻不存在或已被删除');
    }
    expectRefused(
      await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(server().clock.value + HOUR) }, h({ id: news.id })),
      ErrorCode.NOT_FOUND,
      '新闻不存在或已被删除',
    );
    expectRefused(
      await server().call(admin.adminNewsSave, { id: news.id, title: '改', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, h({})),
      ErrorCode.NOT_FOUND,
      '新闻不存在或已被删除',
    );
    expectRefused(
      await server().call(admin.adminNewsSave, { title: '借用分类', categorizeIds: [cat.id], contentType: 'ARTICLE', content: '<p>x</p>' }, h({})),
      ErrorCode.BAD_REQUEST,
      '所选分类不存在，请刷新后重试',
    );
    for (const call of [admin.adminNoticeGet, admin.adminNoticePublish, admin.adminNoticeDelete]) {
      expectRefused(await server().call(call as never, {}, h({ id: notice.id })), ErrorCode.NOT_FOUND, '公告不存在或已被删除');
    }
    expectRefused(await server().call(admin.adminCategoryDelete, {}, h({ id: cat.id })), ErrorCode.NOT_FOUND, '分类不存在或已被删除');
    const theirs = ok(await server().call(admin.adminNewsPage, { size: 100 }, h({})));
    expect(theirs.records.map((r: admin.AdminNewsSummary) => r.id)).not.toContain(news.id);
    expect(ok(await server().call(admin.adminNewsGet, {}, as(editor, { id: news.id }))).state).toBe('draft');
  });
});

describe('preview link', () => {
  test("mints the school's signed, expiring ticket for the item in any state", async () => {
    const news = await draftNews();
    const link: admin.PreviewLink = ok(await server().call(admin.adminNewsPreview, {}, as(editor, { id: news.id })));
    expect(link.url).toMatch(/^\/news-information\/preview\?ticket=/);
    const ticket = decodeURIComponent(link.url.split('ticket=')[1]!);
    const read = readPreviewTicket(ticket, server().runtime.config.PREVIEW_SECRET!, Math.floor(server().clock.value / 1000));
    expect(read).toMatchObject({ state: 'valid', payload: { tenantId: DEMO.id, id: news.id, kind: 'news' } });
    expect(link.expiresAt).toBe(read.state === 'valid' ? read.payload.exp * 1000 : 0);
  });
});
