import type { Page } from '@playwright/test';
import { pasteHtml } from './support/editor';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { makeSchool } from './support/school';
import { pngOf } from '../setup/files';
import { DESKTOP, confirm, signIn } from './support/staff';

/**
 * 学校设置 at an office desktop's width, on a school of the test's own: the administrator edits the
 * name and colour and sees the live preview (the public header drawn by the site) follow, saves,
 * and the public home page shows the new name and colour at once; adds and removes a host name;
 * sets a service point's hours and the public school page shows it resting; script in the text
 * fields is refused and in an agreement it is rendered inert; its own app address (https, never a
 * placeholder) and licence number show on the public pages once saved. Then a 375 px smoke.
 */

const profile = (page: Page) => page.getByRole('region', { name: '基本资料与品牌' });
const preview = (page: Page) => page.frameLocator('iframe[title="实时预览"]');
const navColour = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

async function openSettings(page: Page, origin: string) {
  await page.goto(`${origin}/admin/school`);
  await expect(page.getByRole('heading', { level: 1, name: '学校设置' })).toBeVisible();
  await hydrated(profile(page).getByRole('button', { name: '保存并发布' }));
}

test.describe('@desktop-only school settings', () => {
  test.use({ viewport: DESKTOP });

  test('name and colour: the preview follows the typing, saving publishes to the public home page at once', async ({ page }) => {
    const school = await makeSchool('预览测试学院');
    // The public home page first, so its render is cached: saving must drop it.
    await page.goto(`${school.origin}/`);
    await expect(page.getByRole('banner')).toContainText('预览测试学院');
    // Asked again, it comes from the render cache: saving must drop it there.
    expect((await page.goto(`${school.origin}/`))?.headers()['x-render-cache']).toBe('hit');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);
    await expect(preview(page).getByRole('banner')).toContainText('预览测试学院');
    await expectNoSeriousA11yViolations(page, 'school settings');

    await page.getByLabel('学校名称', { exact: true }).fill('晨光职业技术学院');
    await page.getByLabel('主题色', { exact: true }).fill('#FFD700');
    await expect(page.getByText(/主题色太浅，白色文字在上面看不清/)).toBeVisible();
    await page.getByLabel('主题色', { exact: true }).fill('#0B6E4F');
    await expect(page.getByText(/白色文字对比度 \d+\.\d:1/)).toBeVisible();
    await expect(preview(page).getByRole('banner')).toContainText('晨光职业技术学院');
    await expect.poll(() => navColour(preview(page).getByRole('navigation', { name: '主导航' }))).toBe('rgb(11, 110, 79)');

    await profile(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(page.getByText('已保存并发布', { exact: true })).toBeVisible();

    await page.goto(`${school.origin}/`);
    await expect(page.getByRole('banner')).toContainText('晨光职业技术学院');
    expect(await navColour(page.getByRole('navigation', { name: '主导航' }))).toBe('rgb(11, 110, 79)');
    await expect(page.getByRole('contentinfo')).toContainText('晨光职业技术学院');
  });

  test('a wide logo (240×80) keeps its proportions in the public header, on the sign-in page and in the staff header', async ({ page }) => {
    const school = await makeSchool('标志比例学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);
    await expect(profile(page)).toContainText('如 240×80 的横向标志显示为 144×48');
    await profile(page)
      .getByLabel('学校标志')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(240, 80) });
    await expect(profile(page).getByRole('img', { name: '学校标志' })).toBeVisible();
    await profile(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(page.getByText('已保存并发布', { exact: true })).toBeVisible();
    const ratio = async (where: import('@playwright/test').Locator) => {
      const logo = where.locator('img[src^="/files/"]').first();
      await expect(logo).toBeVisible();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
      const box = (await logo.boundingBox())!;
      return Math.round((box.width / box.height) * 10) / 10;
    };
    await page.goto(`${school.origin}/admin`);
    expect(await ratio(page.getByRole('banner'))).toBe(3);
    await page.goto(`${school.origin}/`);
    expect(await ratio(page.getByRole('banner'))).toBe(3);
    await page.context().clearCookies();
    await page.goto(`${school.origin}/login`);
    expect(await ratio(page.locator('body'))).toBe(3);
  });

  test('its own app address and licence: refused unless https and real, previewed, then on the public pages', async ({ page }) => {
    const school = await makeSchool('链接测试学院');
    await page.goto(`${school.origin}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'APP下载' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).not.toContainText('增值电信业务经营许可证');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);

    const app = page.getByLabel('APP 下载页地址', { exact: true });
    await app.fill('http://app.chenguang.edu.cn/download');
    await expect(page.getByText('APP 下载页地址请填写以 https:// 开头的完整网址')).toBeVisible();
    await app.fill('https://app.example.com/download');
    await expect(page.getByText('APP 下载页地址不能使用示例地址（如 example.com），请填写真实的网址')).toBeVisible();
    await app.fill('https://app.chenguang.edu.cn/download');
    await page.getByLabel('增值电信业务经营许可证', { exact: true }).fill('浙B2-20260001');
    await expect(preview(page).getByRole('banner').getByRole('link', { name: 'APP下载' })).toBeVisible();
    await expect(preview(page).getByRole('contentinfo')).toContainText('增值电信业务经营许可证：浙B2-20260001');

    await profile(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(page.getByText('已保存并发布', { exact: true })).toBeVisible();
    await page.goto(`${school.origin}/`);
    await expect(page.getByRole('contentinfo')).toContainText('增值电信业务经营许可证：浙B2-20260001');
    // The home page's phone preview now has the app's QR code beside it.
    await page.getByRole('button', { name: '手机预览' }).click();
    const phone = page.getByRole('dialog', { name: '手机端预览' });
    await expect(phone.getByRole('img', { name: 'APP下载二维码' })).toBeVisible();
    await phone.getByRole('button', { name: '关闭预览' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'APP下载' }).click();
    await expect(page.getByRole('img', { name: 'APP下载二维码' })).toHaveAttribute('data-qr-url', 'https://app.chenguang.edu.cn/download');
  });

  test('a host name is added, another school’s or the platform’s is refused, and it is removed', async ({ page }) => {
    const school = await makeSchool('域名测试学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);
    const domains = page.getByRole('region', { name: '访问域名' }).first();
    await expect(domains).toContainText(`固定地址（始终可用）：${new URL(school.origin).hostname}`);
    const host = `www.${new URL(school.origin).hostname.split('.')[0]}.example.com`;
    await domains.getByLabel('新域名').fill(host.toUpperCase());
    await domains.getByRole('button', { name: '添加域名' }).click();
    await expect(page.getByText('域名已添加，立即生效')).toBeVisible();
    await expect(domains.getByRole('row').filter({ hasText: host })).toContainText('电脑端');
    await domains.getByLabel('新域名').fill('huaxia.localhost');
    await domains.getByRole('button', { name: '添加域名' }).click();
    await expect(domains.getByText('该域名属于平台的固定地址，无需添加')).toBeVisible();
    await domains.getByLabel('新域名').fill('https://x.example.com/a');
    await domains.getByRole('button', { name: '添加域名' }).click();
    await expect(domains.getByText('请输入正确的域名，例如 www.example.com（不含 http:// 和路径）')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'school settings, domains');

    await domains.getByRole('row').filter({ hasText: host }).getByRole('button', { name: '移除' }).click();
    await confirm(page);
    await expect(page.getByText('域名已移除')).toBeVisible();
    await expect(domains.getByText('还没有添加自己的域名')).toBeVisible();
  });

  test('a service point outside its hours shows 休息中 here and on the public school page', async ({ page }) => {
    const school = await makeSchool('网点测试学院');
    await signIn(page, school.admin, `${school.origin}/admin/school`);
    await openSettings(page, school.origin);
    // Hours that start two hours from now (China Standard Time) and last one hour: resting now.
    const hour = (new Date(Date.now() + 8 * 3_600_000).getUTCHours() + 2) % 24;
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    const points = page.getByRole('region', { name: '服务网点' }).first();
    await points.getByRole('button', { name: '新增网点' }).click();
    const dialog = page.getByRole('dialog', { name: '新增网点' });
    await dialog.getByLabel('网点名称').fill('城北测试教学点');
    await dialog.getByLabel('开始营业').fill(hh(hour));
    await dialog.getByLabel('结束营业').fill(hh(hour + 1));
    await expectNoSeriousA11yViolations(page, 'school settings, service point dialog');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    await expect(page.getByText('网点已保存')).toBeVisible();
    const row = points.getByRole('row').filter({ hasText: '城北测试教学点' });
    await expect(row).toContainText('休息中');
    await expect(row).toContainText(`${hh(hour)}–${hh(hour + 1)}`);

    await page.goto(`${school.origin}/school-info`);
    const card = page.locator('[data-service-point]').filter({ hasText: '城北测试教学点' });
    await expect(card.getByText('休息中')).toBeVisible();
  });

  test('script in the text fields is refused; in an agreement it is saved and shown inert', async ({ page }) => {
    const school = await makeSchool('安全测试学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await openSettings(page, school.origin);
    const script = '<script>window.__xss=1</script>';
    for (const label of ['项目名称', '学校名称', '学校简称', '地址', 'ICP 备案号']) {
      await page.getByLabel(label, { exact: true }).fill(script);
      await expect(page.getByText(`${label}不能包含尖括号或控制字符`)).toBeVisible();
      await page.getByLabel(label, { exact: true }).fill(label === '学校名称' || label === '项目名称' ? '安全测试学院' : '');
    }
    // Quotes and ampersands are text: saved and shown as typed, never as markup.
    const quoted = `"'&amp; onmouseover=alert(1) x="`;
    await page.getByLabel('学校简称', { exact: true }).fill('安全"校');
    await page.getByLabel('地址', { exact: true }).fill(quoted);
    await profile(page).getByRole('button', { name: '保存并发布' }).click();
    await expect(page.getByText('已保存并发布', { exact: true })).toBeVisible();

    const agreements = page.getByRole('region', { name: '协议与政策' });
    const privacy = agreements.getByRole('textbox', { name: '隐私政策正文' });
    // Pasted from a hostile page: the editor keeps the heading and the text, nothing that runs.
    await pasteHtml(
      privacy,
      `<h2>本校隐私政策</h2><p onclick="window.__xss=2">我们保护您的信息</p><img src="/favicon.svg" alt="" onerror="window.__xss=3">${script}`,
    );
    await expect(privacy.getByRole('heading', { name: '本校隐私政策' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await agreements.getByRole('button', { name: '保存并发布' }).nth(1).click();
    await expect(page.getByText('隐私政策已保存并发布')).toBeVisible();
    expect(await privacy.innerHTML()).not.toMatch(/onclick|onerror|<script/);

    await page.goto(`${school.origin}/agreement/privacy`);
    await expect(page.getByRole('heading', { name: '本校隐私政策' })).toBeVisible();
    await page.getByText('我们保护您的信息').click();
    await expect(page.getByRole('banner')).toContainText(quoted);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main script, main [onclick], main [onerror]').count()).toBe(0);
  });
});

test.describe('@mobile-only school settings at 375 px', () => {
  test('the settings screen opens, nothing scrolls sideways, axe finds nothing serious', async ({ page }) => {
    const school = await makeSchool('手机测试学院');
    await signIn(page, school.admin, `${school.origin}/admin/login`);
    await page.goto(`${school.origin}/admin/school`);
    await expect(page.getByRole('heading', { level: 1, name: '学校设置' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await expect(preview(page).getByRole('banner')).toContainText('手机测试学院');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/school (375)');
  });
});
