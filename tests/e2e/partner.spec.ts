import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { E2E_EXAM_LOGIN_URL, PARTNER_ORIGIN } from './support/env';

test.describe('partner edition', () => {
  test('uses the partner header, footer and title', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/news-information/list`);
    await expect(page).toHaveTitle('金蝶认证中心');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['培训登录', '考试登录', '证书查询', '用户登录', '机构登录']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText('金蝶认证中心 授权认证服务平台');
    // The school's own header is not there.
    await expect(page.getByText('数字技能人才培养工程')).toHaveCount(0);
    // The page itself is the same news list.
    await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
  });

  test('each header entry goes where it says, as buttons of one kind', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/news-information/list`);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '培训登录' })).toHaveAttribute('href', '/study/mine');
    // The partner's exam system (EXAM_LOGIN_URL) in a new window.
    await expect(nav.getByRole('link', { name: '考试登录' })).toHaveAttribute('href', E2E_EXAM_LOGIN_URL);
    await expect(nav.getByRole('link', { name: '考试登录' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: '证书查询' })).toHaveAttribute('href', '/query_pc');
    // 用户登录 comes back to this page; the code login registers a new mobile, so no separate 注册/登录.
    await expect(nav.getByRole('link', { name: '用户登录' })).toHaveAttribute('href', '/kingdee-login?redirect=%2Fnews-information%2Flist');
    // No institution system of the operator's (ADMIN_LOGIN_URL): the school's own staff sign-in.
    await expect(nav.getByRole('link', { name: '机构登录' })).toHaveAttribute('href', '/admin/login');
    await expect(page.getByText('注册/登录')).toHaveCount(0);
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size, hrefs.join(' ')).toBe(hrefs.length);

    // Every entry is the same bordered button: same height, same border, and those on a row line up.
    const boxes = await nav.getByRole('link').evaluateAll((links) =>
      links.map((a) => {
        const r = a.getBoundingClientRect();
        const cs = getComputedStyle(a);
        return { top: Math.round(r.top), height: Math.round(r.height), border: `${cs.borderTopStyle} ${cs.borderTopWidth} ${cs.borderTopColor}` };
      }),
    );
    expect(new Set(boxes.map((b) => b.height)).size, JSON.stringify(boxes)).toBe(1);
    expect(new Set(boxes.map((b) => b.border)).size, JSON.stringify(boxes)).toBe(1);
    // A misaligned entry would make a row of its own: one row on a desktop, at most three on a phone.
    const rows = new Set(boxes.map((b) => b.top));
    expect(rows.size, JSON.stringify(boxes)).toBeLessThanOrEqual(page.viewportSize()!.width < 640 ? 3 : 1);
  });

  test('培训登录 leads a visitor through the partner login to the learner home', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/`);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '培训登录' }).click();
    await page.waitForURL(`${PARTNER_ORIGIN}/kingdee-login?redirect=%2Fstudy%2Fmine`);
    await expect(page.getByRole('heading', { level: 1, name: '金蝶认证中心学员登录' })).toBeVisible();
  });

  test('/login is not served: it sends to the partner login route with its query', async ({ page }) => {
    const res = await page.request.get(`${PARTNER_ORIGIN}/login?redirect=%2Fnotice%2Flist`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/kingdee-login?redirect=%2Fnotice%2Flist');
    await page.goto(`${PARTNER_ORIGIN}/login`);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/kingdee-login`);
    await expect(page.getByRole('heading', { level: 1, name: '金蝶认证中心学员登录' })).toBeVisible();
  });

  test('has its own login route', async ({ page }) => {
    const response = await page.goto(`${PARTNER_ORIGIN}/kingdee-login`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: '金蝶认证中心学员登录' })).toBeVisible();
  });

  test('has no accessibility violations that are serious or critical', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/`);
    await expectNoSeriousA11yViolations(page, 'the partner home');
  });

  test('the partner login route does not exist on a school site', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource('/kingdee-login', 404);
    const response = await page.goto('/kingdee-login');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  });
});
