import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { DEMO_TENANT } from './support/seed';

const DAY_HOURS = 24;
/** Published notices and news of the last 30 days, newest first: what the ticker shows. */
const recent = [...DEMO_TENANT.news, ...DEMO_TENANT.notices]
  .filter((r) => (r.status ?? 1) === 1 && r.ageHours <= 30 * DAY_HOURS)
  .sort((a, b) => a.ageHours - b.ageHours)
  .map((r) => r.title);
const older = [...DEMO_TENANT.news, ...DEMO_TENANT.notices].filter((r) => r.ageHours > 31 * DAY_HOURS).map((r) => r.title);

test.describe('home page', () => {
  test('the ticker lists the last 30 days of notices and news and advances every 6 s @desktop-only', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const ticker = page.getByRole('region', { name: '通知资讯' });
    const links = ticker.getByRole('link').filter({ hasNotText: '更多' });
    const titles = (await links.allInnerTexts()).map((s) => s.trim());
    expect(titles.slice(0, Math.min(10, recent.length))).toEqual(recent.slice(0, 10));
    for (const title of older) expect(titles).not.toContain(title);

    const track = ticker.locator('.ticker-track');
    await expect(track).not.toHaveAttribute('style', /translateY\(-/);
    await page.clock.runFor(6_000);
    await expect(track).toHaveAttribute('style', /translateY\(-1\.5rem\)/);
    await page.clock.runFor(6_000);
    await expect(track).toHaveAttribute('style', /translateY\(-3rem\)/);

    // The line in view opens its detail page.
    await links.nth(2).click();
    await expect(page.getByRole('heading', { level: 1, name: recent[2] })).toBeVisible();
  });

  test('shows the six business entries', async ({ page }) => {
    await page.goto('/');
    const tiles = page.getByRole('region', { name: '业务入口' }).getByRole('link');
    await expect(tiles).toHaveCount(6);
    for (const name of ['报名', '学习', '证书', '考试', '评价', '认证']) {
      await expect(tiles.filter({ hasText: name }).first()).toBeVisible();
    }
    await expect(tiles.filter({ hasText: '证书' }).first()).toHaveAttribute('href', '/query_pc');
  });

  test('every business tile lands where its label promises @desktop-only', async ({ page }) => {
    const tile = (label: string) =>
      page
        .getByRole('region', { name: '业务入口' })
        .getByRole('link')
        .filter({ has: page.getByText(label, { exact: true }) });
    const tabs = () => page.getByRole('navigation', { name: '学校简介栏目' });

    await page.goto('/');
    await tile('报名').click();
    await expect(page).toHaveURL(/\/educational-product$/);
    await expect(page.getByRole('heading', { level: 1, name: '教学培训' })).toBeVisible();
    await expect(page.getByRole('button', { name: '立即报名' })).toBeVisible();

    await page.goto('/');
    await tile('学习').click();
    await expect(page).toHaveURL(/\/study\/mine$|\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/学员|登录/);

    await page.goto('/');
    await tile('证书').click();
    await expect(page).toHaveURL(/\/query_pc$/);
    await expect(page.getByRole('heading', { name: '证书查询' }).first()).toBeVisible();

    // No exam system of the operator's: the tests are the learner area's (a visitor signs in first).
    await page.goto('/');
    await expect(tile('考试')).not.toHaveAttribute('target', /./);
    await tile('考试').click();
    await expect(page).toHaveURL(/\/study\/mine$|\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/学员|登录/);

    await page.goto('/');
    await tile('评价').click();
    await expect(page).toHaveURL(/\/school-info\?index=evaluation$/);
    await expect(tabs().getByRole('link', { name: '认证机构介绍' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('职业技能等级评价：以下是本校合作的评价机构与评价点。')).toBeVisible();
    await expect(page.getByRole('article').getByText('评价机构', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: '评价点' }).getByRole('listitem')).not.toHaveCount(0);

    await page.goto('/');
    await tile('认证').click();
    await expect(page).toHaveURL(/\/school-info\?index=2$/);
    await expect(tabs().getByRole('link', { name: '认证机构介绍' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: '认证机构介绍' })).toBeVisible();
    await expect(page.getByRole('article').getByText('认证机构', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '本项目介绍' })).toHaveCount(0);
  });

  test('the phone preview shows the site at phone size, and takes a login from inside @desktop-only', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '手机预览' }).click();
    const dialog = page.getByRole('dialog', { name: '手机端预览' });
    await expect(dialog).toBeVisible();
    // The demo school offers no app (none of its own, none from the operator): no QR code beside it.
    await expect(dialog.getByRole('img', { name: 'APP下载二维码' })).toHaveCount(0);
    const frame = page.frameLocator('iframe[title="手机端预览"]');
    await expect(frame.getByRole('heading', { level: 1, name: /欢迎来到/ })).toBeVisible();
    await expect(dialog.getByRole('status')).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'home with the phone preview open');

    // The site inside logs in: it sends its token and user to this page, which stores them.
    const inner = page.frames().find((f) => f !== page.mainFrame())!;
    await inner.evaluate(() =>
      window.parent.postMessage({ type: 'loginInfo', token: 'token-from-preview', userInfo: { id: 'u-9', userId: 'u-9', nickName: '小张' } }, location.origin),
    );
    await expect.poll(() => page.evaluate(() => localStorage.getItem('szyx_token'))).toBe('token-from-preview');
    await dialog.getByRole('button', { name: '关闭预览' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText('小张')).toBeVisible();
  });

  test('a login message that does not come from the preview frame is ignored @desktop-only', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.postMessage({ type: 'loginInfo', token: 'forged' }, '*'));
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => localStorage.getItem('szyx_token'))).toBeNull();
  });
});
