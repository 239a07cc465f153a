import type { Page } from '@playwright/test';
import { pasteHtml } from './support/editor';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_ORIGIN, E2E_PREVIEW_SECRET } from './support/env';
import { makeSchool } from './support/school';
import { DESKTOP, confirm, signIn } from './support/staff';
import { makePreviewTicket } from '../../src/server/content/preview.rules';

/**
 * At an office desktop's width, each on a school of the test's own: the administrator writes
 * /school-info's project introduction (the one editor, the order, a delete with confirmation) and
 * sees it on the public page at once, script pasted into it inert; creates an album tab, puts a
 * category under it and finds both in the home page's album, and cannot delete the tab while it is
 * in use; previews a notice draft in a new tab, the same article as the published page but for the
 * preview marks, and a forged, expired or other school's ticket is refused. Then a 375 px smoke.
 */

/** A page of the open page's origin fetched by the browser (the test runner cannot resolve a school's *.localhost name). */
async function fetched(page: Page, url: string): Promise<{ status: number; headers: Record<string, string>; html: string }> {
  return page.evaluate(async (u) => {
    const res = await fetch(u, { credentials: 'omit' });
    return { status: res.status, headers: Object.fromEntries(res.headers.entries()), html: await res.text() };
  }, url);
}

/** The main content region of a page (its article), nothing but its markup. */
async function articleOf(page: Page, url: string): Promise<string> {
  const { html } = await fetched(page, url);
  const m = /<article class="card[\s\S]*?<\/article>/.exec(html);
  expect(m, `no article in ${url}`).not.toBeNull();
  return m![0];
}

const blocks = (page: Page) => page.getByRole('region', { name: '项目介绍' });

async function openSettings(page: Page, origin: string) {
  await page.goto(`${origin}/admin/school`);
  await expect(page.getByRole('heading', { level: 1, name: '学校设置' })).toBeVisible();
  await hydrated(blocks(page).getByRole('button', { name: '新增介绍' }));
}

async function addBlock(page: Page, title: string, html: string) {
  await blocks(page).getByRole('button', { name: '新增介绍' }).click();
  const dialog = page.getByRole('dialog', { name: '新增介绍' });
  const body = dialog.getByRole('textbox', { name: '正文' });
  await hydrated(body);
  await dialog.getByRole('textbox', { name: '标题' }).fill(title);
  await pasteHtml(body, html);
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(dialog).toBeHidden();
  await expect(blocks(page).getByRole('row').filter({ hasText: title })).toBeVisible();
}

test.describe('@desktop-only school info, album tabs and notice preview', () => {
  test.use({ viewport: DESKTOP });

  test("/school-info's project introduction: written, ordered, edited and deleted, shown at once, script inert", async ({ page }) => {
    const school = await makeSchool('介绍测试学院');
    // The public page first, so its render is cached: saving must drop it.
    await page.goto(`${school.origin}/school-info`);
    await expect(page.getByText('暂无内容').first()).toBeVisible();
    expect((await page.goto(`${school.origin}/school-info`))?.headers()['x-render-cache']).toBe('hit');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);
    await expect(blocks(page).getByText('还没有项目介绍')).toBeVisible();

    await addBlock(page, '项目背景', '<h2>面向在职人员</h2><p>本项目<strong>线上线下结合</strong>。</p>');
    await addBlock(
      page,
      '项目特色',
      '<p onclick="window.__xss=1">小班教学</p><img src="/favicon.svg" alt="" onerror="window.__xss=2"><script>window.__xss=3</script>',
    );
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'school settings with project blocks');

    // Moved first: the page lists it first.
    const second = blocks(page).getByRole('row').filter({ hasText: '项目特色' });
    await second.getByRole('button', { name: '上移' }).click();
    await expect(page.getByText('顺序已保存并发布')).toBeVisible();
    await expect(blocks(page).getByRole('row').nth(1)).toContainText('项目特色');

    await page.goto(`${school.origin}/school-info`);
    const tabs = page.getByRole('tablist', { name: '详细介绍' });
    await expect(tabs.getByRole('tab')).toHaveText(['项目特色', '项目背景']);
    await expect(page.getByRole('tabpanel')).toContainText('小班教学');
    await page.getByText('小班教学').click();
    await tabs.getByRole('tab', { name: '项目背景' }).click();
    await expect(page.getByRole('tabpanel', { name: '项目背景' }).locator('strong')).toHaveText('线上线下结合');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('.rich-text script, [onclick], [onerror]').count()).toBe(0);

    // Edited (the tab's own label), then deleted with confirmation.
    await openSettings(page, school.origin);
    await blocks(page).getByRole('row').filter({ hasText: '项目背景' }).getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑介绍' });
    await hydrated(dialog.getByRole('textbox', { name: '正文' }));
    await dialog.getByRole('textbox', { name: '标签名称' }).fill('背景');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog).toBeHidden();
    await blocks(page).getByRole('row').filter({ hasText: '项目特色' }).getByRole('button', { name: '删除' }).click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText('确定删除介绍“项目特色”？');
    await confirm(page);
    await expect(blocks(page).getByRole('row').filter({ hasText: '项目特色' })).toHaveCount(0);

    await page.goto(`${school.origin}/school-info`);
    await expect(page.getByRole('tablist', { name: '详细介绍' }).getByRole('tab')).toHaveText(['背景']);
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: '项目背景' })).toBeVisible();
  });

  test('an album tab: created, a category put under it, both in the home page album; in use it cannot be deleted', async ({ page }) => {
    const school = await makeSchool('相册测试学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await page.goto(`${school.origin}/admin/catalog/album-categories`);
    await expect(page.getByRole('heading', { level: 1, name: '相册分类' })).toBeVisible();
    const tabsRegion = page.getByRole('region', { name: '相册栏目' });
    await hydrated(tabsRegion.getByRole('button', { name: '添加栏目' }));
    await expect(tabsRegion.getByText('还没有栏目，请先添加栏目再新建相册分类')).toBeVisible();

    for (const name of ['校园风光', '学习生活']) {
      await tabsRegion.getByRole('button', { name: '添加栏目' }).click();
      const dialog = page.getByRole('dialog', { name: '添加栏目' });
      await dialog.getByLabel('栏目名称').fill(name);
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog).toBeHidden();
      await expect(tabsRegion.getByRole('row').filter({ hasText: name })).toBeVisible();
    }
    // A second tab of the same name is refused in the dialog.
    await tabsRegion.getByRole('button', { name: '添加栏目' }).click();
    const again = page.getByRole('dialog', { name: '添加栏目' });
    await again.getByLabel('栏目名称').fill('校园风光');
    await again.getByRole('button', { name: '保存' }).click();
    await expect(again.getByRole('alert')).toHaveText('已有同名栏目“校园风光”');
    await again.getByRole('button', { name: '取消' }).click();

    // 学习生活 first.
    await tabsRegion.getByRole('row').filter({ hasText: '学习生活' }).getByRole('button', { name: '上移' }).click();
    await expect(page.getByText('栏目顺序已保存')).toBeVisible();
    await expect(tabsRegion.getByRole('row').nth(1)).toContainText('学习生活');

    // A category under 校园风光, chosen on the category form.
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('分类名称').fill('教学楼');
    await form.getByLabel('所属栏目').selectOption({ label: '校园风光' });
    await form.getByRole('button', { name: '保存并发布' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: '教学楼' })).toContainText('校园风光');
    await expect(tabsRegion.getByRole('row').filter({ hasText: '校园风光' })).toContainText('1');
    await expectNoSeriousA11yViolations(page, 'album categories and tabs');

    // In use: refused with the count.
    await tabsRegion.getByRole('row').filter({ hasText: '校园风光' }).getByRole('button', { name: '删除' }).click();
    const sure = page.getByRole('dialog', { name: '确认删除' });
    await expect(sure).toContainText('确定删除栏目“校园风光”？');
    await sure.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('该栏目下还有 1 个相册分类，请先把这些分类移到其他栏目或删除')).toBeVisible();
    await expect(tabsRegion.getByRole('row').filter({ hasText: '校园风光' })).toBeVisible();

    await page.goto(`${school.origin}/`);
    await hydrated(page.getByRole('button', { name: '打开相册' }));
    await page.getByRole('button', { name: '打开相册' }).click();
    const album = page.getByRole('dialog', { name: '校园相册' });
    await expect(album.getByRole('tab')).toHaveText(['学习生活', '校园风光']);
    // The first tab with a category opens first.
    await expect(album.getByRole('tab', { name: '校园风光' })).toHaveAttribute('aria-selected', 'true');
    await expect(album.getByRole('button', { name: /教学楼/ })).toBeVisible();
  });

  test('a notice draft previewed in a new tab is the published page but for the preview marks; bad tickets are refused', async ({ page, consoleGuard }) => {
    const school = await makeSchool('公告预览学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await page.goto(`${school.origin}/admin/notices/edit`);
    await expect(page.getByRole('heading', { level: 1, name: '写公告' })).toBeVisible();
    const body = page.getByRole('textbox', { name: '正文' });
    await hydrated(body);
    await page.getByRole('textbox', { name: '标题', exact: true }).fill('期末考试安排');
    await page.getByLabel('发布人').fill('教务处');
    await body.click();
    await page.keyboard.type('考试在 ');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('一月十日');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type(' 举行。');

    const popupEvent = page.waitForEvent('popup');
    await page.getByRole('button', { name: '预览' }).click();
    const popup = await popupEvent;
    await popup.waitForURL(/\/notice\/preview\?ticket=/);
    await expect(popup.getByRole('heading', { level: 1, name: '期末考试安排' })).toBeVisible();
    await expect(popup.locator('article strong')).toHaveText('一月十日');
    await expect(popup.getByRole('status')).toContainText('内容预览');
    await expect(popup.getByRole('status')).toContainText('当前状态：草稿');
    await expect(popup.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoSeriousA11yViolations(popup, 'notice preview');
    const previewUrl = popup.url();
    const answer = await fetched(page, previewUrl);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toContain('noindex');
    await popup.close();
    const id = new URL(page.url()).searchParams.get('id')!;
    consoleGuard.allowFailedResource(`${school.origin}/notice/detail?id=${id}&draft=1`, 404);
    expect((await fetched(page, `${school.origin}/notice/detail?id=${id}&draft=1`)).status).toBe(404);

    await page.getByRole('button', { name: '立即发布' }).click();
    await expect(page.getByText('当前状态：已发布')).toBeVisible();
    const previewArticle = await articleOf(page, previewUrl);
    const publishedArticle = await articleOf(page, `${school.origin}/notice/detail?id=${id}`);
    expect(previewArticle).toBe(publishedArticle);
    expect((await fetched(page, previewUrl)).html).toContain('当前状态：已发布');

    // This school's ticket on another school's site; a forged one; an expired one; a news ticket.
    const ticket = decodeURIComponent(previewUrl.split('ticket=')[1]!);
    const other = `${DEMO_ORIGIN}/notice/preview?ticket=${encodeURIComponent(ticket)}`;
    consoleGuard.allowFailedResource(other, 403);
    expect((await page.goto(other))?.status()).toBe(403);
    await expect(page.getByText('该预览链接属于其他学校，请在对应学校的站点打开。')).toBeVisible();
    await expect(page.getByText('期末考试安排')).toHaveCount(0);

    const iat = Math.floor(Date.now() / 1000);
    const claims = Buffer.from(JSON.stringify({ tenantId: school.tenantId, kind: 'notice', id, iat, exp: iat + 600 })).toString('base64url');
    const forged = `${claims}.${ticket.split('.')[1]}`;
    const expired = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: school.tenantId, id, kind: 'notice', nowMs: Date.now() - 20 * 60_000, lifetimeS: 600 });
    const news = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: school.tenantId, id, kind: 'news', nowMs: Date.now() });
    for (const [bad, message] of [
      [forged, '预览链接无效，请在内容管理系统中重新打开预览。'],
      [news, '预览链接无效，请在内容管理系统中重新打开预览。'],
      [expired, '预览链接已过期，请在内容管理系统中重新打开预览。'],
    ] as const) {
      const url = `${school.origin}/notice/preview?ticket=${encodeURIComponent(bad)}`;
      consoleGuard.allowFailedResource(url, 403);
      const refused = await page.goto(url);
      expect(refused?.status()).toBe(403);
      expect(refused?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText('期末考试安排')).toHaveCount(0);
    }
  });
});

test.describe('@mobile-only school info, album tabs and notice preview at 375 px', () => {
  test('the screens and the notice preview open, nothing scrolls sideways, axe finds nothing serious', async ({ page }) => {
    const school = await makeSchool('手机介绍学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await page.goto(`${school.origin}/admin/school`);
    await hydrated(blocks(page).getByRole('button', { name: '新增介绍' }));
    await addBlock(page, '项目背景', '<p>手机上也能编辑</p>');
    await page.getByRole('button', { name: '新增介绍' }).click();
    await expect(page.getByRole('dialog', { name: '新增介绍' }).getByRole('button', { name: '保存并发布' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('dialog', { name: '新增介绍' }).getByRole('button', { name: '取消' }).click();
    await expectNoSeriousA11yViolations(page, '/admin/school project blocks (375)');

    await page.goto(`${school.origin}/admin/catalog/album-categories`);
    await hydrated(page.getByRole('button', { name: '添加栏目' }));
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/catalog/album-categories (375)');

    await page.goto(`${school.origin}/school-info`);
    await expect(page.getByRole('tabpanel')).toContainText('手机上也能编辑');
    await expectNoSidewaysScroll(page);

    await page.goto(`${school.origin}/admin/notices/edit`);
    const body = page.getByRole('textbox', { name: '正文' });
    await hydrated(body);
    await page.getByRole('textbox', { name: '标题', exact: true }).fill('手机预览公告');
    await body.click();
    await page.keyboard.type('正文');
    const popupEvent = page.waitForEvent('popup');
    await page.getByRole('button', { name: '预览' }).click();
    const popup = await popupEvent;
    await popup.waitForURL(/\/notice\/preview\?ticket=/);
    await expect(popup.getByRole('heading', { level: 1, name: '手机预览公告' })).toBeVisible();
    await expectNoSidewaysScroll(popup);
    await expectNoSeriousA11yViolations(popup, 'notice preview (375)');
  });
});
