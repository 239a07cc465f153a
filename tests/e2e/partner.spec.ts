import { test, expect } from './support/fixtures';
import { PARTNER_ORIGIN } from './support/env';
import AxeBuilder from '@axe-core/playwright';

test.describe('partner edition', () => {
  test('uses the partner header, footer and title', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/news-information/list`);
    await expect(page).toHaveTitle('金蝶认证中心');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['培训登录', '考试登录', '证书查询', '用户登录', '机构登录']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: '培训登录' })).toHaveAttribute('href', '/kingdee-login');
    await expect(page.getByRole('contentinfo')).toContainText('金蝶认证中心 授权认证服务平台');
    // The school's own header is not there.
    await expect(page.getByText('数字技能人才培养工程')).toHaveCount(0);
    // The page itself is the same news list.
    await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
  });

  test('has its own login route', async ({ page }) => {
    const response = await page.goto(`${PARTNER_ORIGIN}/kingdee-login`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: '金蝶认证中心学员登录' })).toBeVisible();
  });

  test('has no accessibility violations that are serious or critical', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the partner login route does not exist on a school site', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource('/kingdee-login', 404);
    const response = await page.goto('/kingdee-login');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '暂无数据' })).toBeVisible();
  });
});
