import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_ADMIN, DEMO_STAFF_PASSWORD, DESKTOP, confirm, makeStaff, signIn } from './support/staff';
import { PARTNER_ORIGIN } from './support/env';
import { makeFailedJob, runJobsAt } from './support/jobs';
import { PNG_1PX } from '../setup/files';
import { HOME_SECTIONS_KEPT_MS } from '~/server/pages/home-sections';

/**
 * Scheduled publishing of the catalogue and the jobs screen at an office desktop's width: an
 * administrator schedules a banner (a time in the past is refused), sees it as 已排期 in the list
 * and as a queued 定时发布首页横幅 job on /admin/jobs; the jobs run at its time (a clock the test
 * sets, not a wait) and the banner is on the home page. A failed job shows its error in full and
 * 立即重试 queues it again. A 375 px smoke opens the jobs screen.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;
/** A URL of a public page that no earlier request rendered, so the render cache cannot answer it. */
/** How much longer than the home's look-up keeps its sections the test waits for a change the server did not hear. */
const LOOKUP_SLACK_MS = 10_000;
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The value of a datetime-local input for an instant, in China Standard Time as the school works. */
const cstInput = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const DEMO_ADMIN_SIGN_IN = { mobile: DEMO_ADMIN.mobile, password: DEMO_STAFF_PASSWORD };

async function openList(page: Page, path: string, heading: string, ready: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await hydrated(page.getByRole('combobox', { name: ready }).first());
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

/** Deletes the banners named so, through the staff API as the signed-in person (the database is shared by the browser tests). */
async function deleteBanners(page: Page, keyword: string) {
  const origin = new URL(page.url()).origin;
  const me = await (await page.request.get('/api/admin/session/me')).json();
  const listed = await (await page.request.get(`/api/admin/catalog/banners?keyword=${encodeURIComponent(keyword)}`)).json();
  for (const row of listed.data.records as { id: string }[]) {
    const answer = await page.request.post(`/api/admin/catalog/banners/${row.id}/delete`, {
      data: {},
      headers: { 'X-CSRF-Token': me.data.csrfToken, Origin: origin },
    });
    expect((await answer.json()).code).toBe(0);
  }
}

test.describe('@desktop-only scheduled publishing and the jobs screen', () => {
  test.use({ viewport: DESKTOP });

  test('a banner scheduled for a time is 已排期, a queued job, and on the home page once the jobs run at that time', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openList(page, '/admin/catalog/banners', '首页横幅', '状态');
    const name = unique('定时横幅');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('横幅名称').fill(name);
    await dialog.getByLabel('横幅图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(dialog.getByRole('img', { name: '横幅图片' })).toHaveAttribute('src', /^\/files\/.+\.png$/);
    await dialog.getByRole('button', { name: '保存为草稿' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toContainText('草稿');

    await rowOf(page, name).getByRole('button', { name: '定时发布' }).click();
    const schedule = page.getByRole('dialog', { name: `定时发布：${name}` });
    await schedule.getByLabel('发布时间').fill(cstInput(Date.now() - 3_600_000));
    await schedule.getByRole('button', { name: '确定排期' }).click();
    await expect(schedule.getByRole('alert')).toHaveText('定时发布时间须晚于当前时间');
    // Two minutes from now, to the minute: the soonest the form allows with room to spare.
    const at = Math.floor((Date.now() + 3 * 60_000) / 60_000) * 60_000;
    const atText = cstInput(at).replace('T', ' ');
    await schedule.getByLabel('发布时间').fill(cstInput(at));
    await expectNoSeriousA11yViolations(page, 'schedule dialog');
    await schedule.getByRole('button', { name: '确定排期' }).click();
    await expect(schedule).toBeHidden();
    await expect(rowOf(page, name)).toContainText(`已排期 ${atText}`);
    await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '已排期' });
    await expect(rowOf(page, name)).toHaveCount(1);

    const home = await page.context().newPage();
    await home.goto(fresh('/'));
    await expect(home.getByAltText(name)).toHaveCount(0);

    // The jobs screen shows the queued publication, linked to where the banner is edited.
    await openList(page, '/admin/jobs', '后台任务', '状态');
    const job = rowOf(page, name);
    await expect(job).toContainText('定时发布首页横幅');
    await expect(job).toContainText('排队中');
    await expect(job).toContainText(atText);
    await expect(job.getByRole('link', { name })).toHaveAttribute('href', '/admin/catalog/banners');

    // At its time the jobs run: published once, on the home page.
    const run = await runJobsAt(at);
    expect(run.failed).toEqual([]);
    // The jobs ran in this test's process, not the server's: the server hears no change from them, so its home shows
    // the banner once the home's look-up is read anew (kept HOME_SECTIONS_KEPT_MS, decision 110).
    await expect
      .poll(
        async () => {
          await home.goto(fresh('/'));
          return home.getByAltText(name).count();
        },
        { timeout: HOME_SECTIONS_KEPT_MS + LOOKUP_SLACK_MS },
      )
      .toBeGreaterThan(0);
    await home.close();
    await page.reload();
    await expect(rowOf(page, name)).toContainText('已完成');
    await openList(page, '/admin/catalog/banners', '首页横幅', '状态');
    await expect(rowOf(page, name)).toContainText('已发布');
    await deleteBanners(page, name);
  });

  test('a failed job shows its error in full; 立即重试 queues it again; a queued job can be cancelled after a confirmation', async ({ page }) => {
    const failed = await makeFailedJob();
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openList(page, '/admin/jobs', '后台任务', '状态');
    // This server has ffmpeg: no word about video processing.
    await expect(page.getByRole('alert').filter({ hasText: '视频处理不可用' })).toHaveCount(0);
    await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '失败' });
    await expect(page.getByText('加载中…')).toHaveCount(0);
    const row = rowOf(page, failed.error).filter({ hasText: '（内容已删除）' }).first();
    await expect(row).toContainText('失败');
    await expect(row).toContainText('1 / 1');
    await expectNoSeriousA11yViolations(page, 'jobs screen');
    await expectNoSidewaysScroll(page);

    await row.getByRole('button', { name: '立即重试' }).click();
    await expect(page.locator('#toast-region')).toContainText('已重新排队，将很快执行');
    const audit = await (await page.request.get('/api/admin/audit?action=job.retry')).json();
    expect(audit.data.records.length).toBeGreaterThan(0);

    // A queued job: a draft banner scheduled through the API, cancelled here; the banner stays a draft.
    const name = unique('取消横幅');
    const origin = new URL(page.url()).origin;
    const me = await (await page.request.get('/api/admin/session/me')).json();
    const headers = { 'X-CSRF-Token': me.data.csrfToken, Origin: origin };
    const made = await (
      await page.request.post('/api/admin/catalog/banners/save', {
        data: { name, pic: '/images/engagement/banner-1.svg', url: null, seq: 0, state: 0 },
        headers,
      })
    ).json();
    const at = Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
    const scheduled = await page.request.post(`/api/admin/catalog/banners/${made.data.id}/schedule`, {
      data: { publishAt: cstInput(at).replace('T', ' ') },
      headers,
    });
    expect((await scheduled.json()).code).toBe(0);
    await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '排队中' });
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await rowOf(page, name).getByRole('button', { name: '取消任务' }).click();
    await confirm(page);
    await expect(page.locator('#toast-region')).toContainText('任务已取消');
    await expect(rowOf(page, name)).toHaveCount(0);
    await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '已取消' });
    await expect(rowOf(page, name)).toContainText('已取消');
    await openList(page, '/admin/catalog/banners', '首页横幅', '状态');
    await expect(rowOf(page, name)).toContainText('草稿');
    await expect(rowOf(page, name)).not.toContainText('已排期');
    await deleteBanners(page, name);
  });
});

test.describe('@desktop-only a server without ffmpeg', () => {
  test.use({ viewport: DESKTOP });

  test('the jobs screen says video processing is unavailable and what to do', async ({ page }) => {
    // The partner server is started without ffmpeg and ffprobe (playwright.config.ts); its demo administrator signs in there.
    await signIn(page, DEMO_ADMIN_SIGN_IN, `${PARTNER_ORIGIN}/admin/login`);
    await openList(page, `${PARTNER_ORIGIN}/admin/jobs`, '后台任务', '状态');
    const line = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '视频处理不可用' }) });
    await expect(line).toBeVisible();
    await expect(line).toContainText('服务器未安装视频处理组件（ffprobe、ffmpeg）');
    await expect(line).toContainText('apt-get install ffmpeg');
    await expect(line).toContainText('立即重试');
    await expectNoSeriousA11yViolations(page, '/admin/jobs without ffmpeg');
  });
});

test.describe('@mobile-only the jobs screen at 375 px', () => {
  test('opens, fits, and passes axe', async ({ page }) => {
    await makeFailedJob();
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openList(page, '/admin/jobs', '后台任务', '状态');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/jobs (375)');
  });
});
