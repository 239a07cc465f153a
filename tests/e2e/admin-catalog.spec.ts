import type { Page } from '@playwright/test';
import { pasteHtml } from './support/editor';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn } from './support/staff';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { PNG_1PX } from '../setup/files';

/**
 * The staff catalogue at an office desktop's width: a banner with an uploaded picture appears on
 * the home page; a product saved as a draft is not public until published; a common question and a
 * coupon go from the form to the public side. Markup typed into any text field stays text on the
 * public pages. A 375 px smoke opens every catalogue screen.
 */

const XSS = '<img src=x onerror="window.__xss=1">';
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;
/** A URL of a public page that no earlier request rendered, so the render cache cannot answer it. */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '新建' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

const dialogOf = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * Searches the list by a name only one row has, and waits until the list shows that row alone: a
 * row's button clicked while the unfiltered page is being replaced can be clicked where it no
 * longer is (a CI run's delete opened no confirmation).
 */
async function searchFor(page: Page, keyword: string) {
  await page.getByLabel('按名称搜索').fill(keyword);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, keyword)).toHaveCount(1);
}

/** No script of a typed value ran, and no element carries a handler (a sanitised answer may keep a plain picture). */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('[onerror], [onclick], [onload]')).toHaveCount(0);
}

/**
 * The browser tests share one database: what a test made is deleted at its end (through the staff
 * API, as the signed-in person), so seeded home-page blocks other specs check stay as seeded.
 */
async function staffDelete(page: Page, type: string, keyword: string) {
  const origin = new URL(page.url()).origin;
  const me = await (await page.request.get('/api/admin/session/me')).json();
  const listed = await (await page.request.get(`/api/admin/catalog/${type}?keyword=${encodeURIComponent(keyword)}`)).json();
  for (const row of listed.data.records as { id: string }[]) {
    const answer = await page.request.post(`/api/admin/catalog/${type}/${row.id}/delete`, {
      data: {},
      headers: { 'X-CSRF-Token': me.data.csrfToken, Origin: origin },
    });
    expect((await answer.json()).code).toBe(0);
  }
}

const publicProductIds = async (page: Page) => {
  const answer = await page.request.post('/api/product/anyBiz/product/page', { data: { current: 1, size: 100 }, headers: { TenantId: DEMO_TENANT.id } });
  return ((await answer.json()).data.records as { id: string }[]).map((r) => r.id);
};

test.use({ viewport: DESKTOP });

test.describe('@desktop-only the staff catalogue', () => {
  test('a banner with an uploaded picture shows on the home page once published, and its markup stays text', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signIn(page, editor);
    await openScreen(page, '/admin/catalog/banners', '首页横幅');
    await expectNoSeriousA11yViolations(page, 'banners');
    const name = unique('秋季招生横幅');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = dialogOf(page);
    // The form checks its fields by the route's schema before anything is sent: the first refused field says why
    // and takes the focus; the picture, which is not typed, is said under the form.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/admin\/catalog\/banners/.test(request.url())) saves.push(request.url());
    });
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog.getByLabel('横幅名称')).toHaveAccessibleDescription('请填写横幅名称');
    await expect(dialog.getByLabel('横幅名称')).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveText('请上传横幅图片');
    expect(saves).toEqual([]);
    await dialog.getByLabel('横幅名称').fill(`${name}${XSS}`);
    await expect(dialog.getByLabel('横幅名称')).not.toHaveAccessibleDescription('请填写横幅名称');
    await dialog.getByLabel('横幅图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(dialog.getByRole('img', { name: '横幅图片' })).toHaveAttribute('src', /^\/files\/.+\.png$/);
    await dialog.getByLabel('链接地址').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog.getByLabel('链接地址')).toHaveAccessibleDescription('链接地址须为本站地址或 http(s) 地址');
    expect(saves).toEqual([]);
    await dialog.getByLabel('链接地址').fill('/news');
    await dialog.getByLabel('排序（小的在前）').fill('0');
    await expectNoSeriousA11yViolations(page, 'banner form');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toContainText('已发布');

    const home = await page.context().newPage();
    await home.goto(fresh('/'));
    await expect(home.getByAltText(`${name}${XSS}`).first()).toBeAttached();
    await expect(home.getByAltText(`${name}${XSS}`).first()).toHaveAttribute('src', /^\/files\/.+\.png$/);
    await expectInert(home);

    // Taken down, it leaves the home page.
    await rowOf(page, name).getByRole('button', { name: '下架' }).click();
    await expect(rowOf(page, name)).toContainText('草稿');
    await home.goto(fresh('/'));
    await expect(home.getByAltText(`${name}${XSS}`)).toHaveCount(0);
    await home.close();
    await staffDelete(page, 'banners', name);
  });

  test('a product saved as a draft is not public; published it is; deleting asks first', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openScreen(page, '/admin/catalog/products', '培训项目');
    await expectNoSeriousA11yViolations(page, 'products');
    const name = unique('电工证培训');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = dialogOf(page);
    await dialog.getByLabel('项目名称').fill(`${name}${XSS}`);
    await dialog.getByLabel('封面图片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(dialog.getByRole('img', { name: '封面图片' })).toBeVisible();
    // Checked while the picture field is in view: axe takes a label scrolled out of the dialog's view for a missing one.
    await expectNoSeriousA11yViolations(page, 'product form');
    await dialog.getByLabel('优惠价').fill('980起');
    await dialog.getByLabel('证书用途').fill(`可用于上岗${XSS}`);
    await dialog.getByLabel('培训', { exact: true }).check();
    await dialog.getByLabel('证书查验').selectOption({ label: '国家网可查' });
    const detail = dialog.getByRole('textbox', { name: '项目详情' });
    await pasteHtml(detail, `<h3>课程安排</h3><p onclick="window.__xss=1">理论加实操</p><script>window.__xss=1</script>${XSS}`);
    await expect(detail.getByRole('heading', { name: '课程安排' })).toBeVisible();
    expect(await detail.innerHTML()).not.toMatch(/onclick|<script/);
    await dialog.getByRole('button', { name: '保存为草稿' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toContainText('草稿');

    const listed = await page.request.get(`/api/admin/catalog/products?keyword=${encodeURIComponent(name)}`);
    const id = (await listed.json()).data.records[0].id as string;
    expect(await publicProductIds(page)).not.toContain(id);
    const visitor = await page.context().newPage();
    expect((await visitor.goto(fresh(`/educational-product/detail?id=${id}`)))!.status()).toBe(404);

    await rowOf(page, name).getByRole('button', { name: '发布', exact: true }).click();
    await expect(rowOf(page, name)).toContainText('已发布');
    expect(await publicProductIds(page)).toContain(id);
    expect((await visitor.goto(fresh(`/educational-product/detail?id=${id}`)))!.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText(`${name}${XSS}`);
    const intro = visitor.getByRole('region', { name: '项目详情' });
    await expect(intro.getByRole('heading', { name: '课程安排' })).toBeVisible();
    await expect(intro.getByText('理论加实操')).toBeVisible();
    await expectInert(visitor);

    // Search finds it; deleting asks, and cancelling keeps it.
    await searchFor(page, name);
    await rowOf(page, name).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '确认删除' });
    await expect(confirm).toContainText(`确定删除“${name}${XSS}”吗？删除后不能恢复。`);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(rowOf(page, name)).toHaveCount(1);
    await rowOf(page, name).getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('暂无内容')).toBeVisible();
    expect(await publicProductIds(page)).not.toContain(id);
    await visitor.close();
  });

  test('a common question shows on its major page with its answer sanitised', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signIn(page, editor);
    await openScreen(page, '/admin/catalog/questions', '常见问题');
    const name = unique('报名需要什么材料');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = dialogOf(page);
    const major = dialog.getByLabel('所属专业');
    await expect(major.locator('option')).not.toHaveCount(1);
    await major.selectOption({ index: 1 });
    await dialog.getByRole('textbox', { name: '问题', exact: true }).fill(`${name}${XSS}`);
    const answer = dialog.getByRole('textbox', { name: '回答' });
    await pasteHtml(answer, `<p>带<strong>身份证</strong></p><script>window.__xss=1</script>${XSS}`);
    await expect(answer.getByText('身份证')).toBeVisible();
    await expect(answer.locator('img[src="x"], img[onerror], script')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'question form');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog).toBeHidden();
    await searchFor(page, name);
    await expect(rowOf(page, name)).toContainText('已发布');
    await expectInert(page);

    const listed = await page.request.get(`/api/admin/catalog/questions?keyword=${encodeURIComponent(name)}`);
    const q = (await listed.json()).data.records[0] as { id: string; majorId: string };
    const visitor = await page.context().newPage();
    await visitor.goto(fresh(`/educational-product?id=${q.majorId}&questionId=${q.id}`));
    await expect(visitor.getByText(`${name}${XSS}`)).toBeVisible();
    await expect(visitor.getByText('身份证').first()).toBeAttached();
    await expectInert(visitor);
    await visitor.close();
    await staffDelete(page, 'questions', name);
  });

  test('a coupon saved and published is offered on the home page', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openScreen(page, '/admin/catalog/coupons', '优惠券');
    const title = unique('新生立减');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = dialogOf(page);
    await dialog.getByLabel('优惠券名称').fill(`${title}${XSS}`);
    await dialog.getByLabel('优惠金额（元）').fill('30');
    await dialog.getByLabel('使用门槛（元，0 为无门槛）').fill('0');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    await dialog.getByLabel('开始时间').fill(day(10));
    await dialog.getByLabel('结束时间').fill(day(1));
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('结束时间不能早于开始时间');
    await dialog.getByLabel('开始时间').fill(day(-1));
    await dialog.getByLabel('结束时间').fill(day(30));
    await expectNoSeriousA11yViolations(page, 'coupon form');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, title)).toContainText('已发布');

    const home = await page.context().newPage();
    await home.goto(fresh('/'));
    await expect(home.getByText(`${title}${XSS}`)).toBeVisible();
    await expectInert(home);
    await home.close();
    await staffDelete(page, 'coupons', title);
  });

  test('a hot major with a certificate is on the training-projects page once published', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signIn(page, editor);
    await openScreen(page, '/admin/catalog/majors', '热门专业');
    await expectNoSeriousA11yViolations(page, 'hot majors');
    const name = unique('无人机驾驶员');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = dialogOf(page);
    await dialog.getByRole('textbox', { name: '专业名称' }).fill(`${name}${XSS}`);
    await dialog.getByLabel('行业月薪（元，0 为不显示）').fill('9000');
    await dialog.getByLabel('排序（小的在前）').fill('999');
    await dialog.getByLabel('就业前景').fill(`航拍测绘需求大${XSS}`);
    await dialog.getByRole('button', { name: '添加证书' }).click();
    await dialog.getByRole('textbox', { name: '证书名称 1' }).fill('民用无人机驾驶员执照');
    await expectNoSeriousA11yViolations(page, 'hot major form');
    await dialog.getByRole('button', { name: '保存为草稿' }).click();
    await expect(dialog).toBeHidden();
    await searchFor(page, name);
    await expect(rowOf(page, name)).toContainText('草稿');
    const listed = await page.request.get(`/api/admin/catalog/hotMajors?keyword=${encodeURIComponent(name)}`);
    const id = (await listed.json()).data.records[0].id as string;

    const visitor = await page.context().newPage();
    await visitor.goto(fresh(`/educational-product?id=${id}`));
    await expect(visitor.getByText(`${name}${XSS}`)).toHaveCount(0);

    await rowOf(page, name).getByRole('button', { name: '发布', exact: true }).click();
    await expect(rowOf(page, name)).toContainText('已发布');
    await visitor.goto(fresh(`/educational-product?id=${id}`));
    await expect(visitor.getByText(`航拍测绘需求大${XSS}`)).toBeVisible();
    await expect(visitor.getByText('民用无人机驾驶员执照')).toBeVisible();
    await expectInert(visitor);
    await visitor.close();
    await staffDelete(page, 'hotMajors', name);
  });

  test('a category with products cannot be deleted, and says why', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signIn(page, editor);
    await openScreen(page, '/admin/catalog/categories', '项目分类');
    await expectNoSeriousA11yViolations(page, 'categories');
    const name = unique('电力类');
    await page.getByRole('button', { name: '新建' }).click();
    await dialogOf(page).getByLabel('分类名称').fill(name);
    await dialogOf(page).getByLabel('排序（小的在前）').fill('999');
    await dialogOf(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(dialogOf(page)).toBeHidden();
    await searchFor(page, name);
    await expect(rowOf(page, name)).toContainText('已发布');

    await openScreen(page, '/admin/catalog/products', '培训项目');
    const product = unique('高压电工');
    await page.getByRole('button', { name: '新建' }).click();
    await dialogOf(page).getByLabel('项目名称').fill(product);
    await dialogOf(page).getByLabel(name).check();
    await dialogOf(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(rowOf(page, product)).toContainText('已发布');

    await openScreen(page, '/admin/catalog/categories', '项目分类');
    await searchFor(page, name);
    await rowOf(page, name).getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '确认删除' }).getByRole('button', { name: '确定' }).click();
    await expect(page.locator('#toast-region')).toContainText('该分类下还有 1 个培训项目，请先移出项目再删除');
    await expect(rowOf(page, name)).toHaveCount(1);
    await staffDelete(page, 'products', product);
    await staffDelete(page, 'categories', name);
  });
});

test.describe('@mobile-only the staff catalogue at 375 px', () => {
  test('every catalogue screen opens, fits, and passes axe', async ({ page }) => {
    // Eight screens, each with an axe run: more than one test's default time on a busy machine.
    test.setTimeout(120_000);
    const editor = await makeStaff('editor');
    await signIn(page, editor);
    for (const [path, heading] of [
      ['/admin/catalog/products', '培训项目'],
      ['/admin/catalog/categories', '项目分类'],
      ['/admin/catalog/majors', '热门专业'],
      ['/admin/catalog/questions', '常见问题'],
      ['/admin/catalog/banners', '首页横幅'],
      ['/admin/catalog/coupons', '优惠券'],
      ['/admin/catalog/album-categories', '相册分类'],
      ['/admin/catalog/materials', '相册素材'],
    ] as const) {
      await openScreen(page, path, heading);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `${path} (375)`);
    }
    await page.getByRole('button', { name: '新建' }).click();
    await expect(dialogOf(page).getByRole('button', { name: '保存并发布' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
