import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { E2E_SSO_SECRET } from './support/env';
import { freshMobile, storage } from './support/login';
import { DEMO_TENANT } from './support/seed';
import { makeSsoToken } from '../../src/server/login/sso.service';

const ticketFor = (mobile: string, o: { lifetimeS?: number; nowMs?: number } = {}) =>
  makeSsoToken(E2E_SSO_SECRET, { mobile, tenantId: DEMO_TENANT.id, nowMs: o.nowMs ?? Date.now(), nickName: '单点学员', ...o });

test.describe('/sso-login', () => {
  test('a signed ticket signs the student in and goes to the redirect page', async ({ page }) => {
    const mobile = freshMobile('136');
    const document = page.waitForResponse((r) => r.url().includes('/sso-login?'));
    await page.goto(`/sso-login?ticket=${ticketFor(mobile)}&redirect=${encodeURIComponent('/notice/list')}`);
    expect((await document).headers()['cache-control']).toBe('no-store');
    await page.waitForURL('**/notice/list');
    expect(JSON.parse((await storage(page, 'szyx_userInfo'))!)).toMatchObject({ mobile, nickName: '单点学员' });
    expect(await storage(page, 'szyx_tenantId')).toBe(DEMO_TENANT.id);
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText('单点学员')).toBeVisible();
  });

  test('without a redirect it goes home; a foreign redirect is not followed', async ({ page }) => {
    await page.goto(`/sso-login?ticket=${ticketFor(freshMobile('136'))}&redirect=${encodeURIComponent('https://evil.example/')}`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a replayed, expired or forged ticket is refused with a way to the login page', async ({ page }) => {
    const used = ticketFor(freshMobile('136'));
    await page.goto(`/sso-login?ticket=${used}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.evaluate(() => localStorage.clear());

    const forged = `${used.split('.')[0]}.${'A'.repeat(43)}`;
    const expired = ticketFor(freshMobile('136'), { nowMs: Date.now() - 301_000, lifetimeS: 300 });
    for (const ticket of [used, expired, forged]) {
      await page.goto(`/sso-login?ticket=${ticket}`);
      await expect(page.getByRole('status')).toHaveText('登录链接无效或已过期，请重新登录');
      // The ticket left the address bar.
      await expect(page).toHaveURL(/\/sso-login$/);
      await expect(page.getByRole('link', { name: '前往登录页' })).toHaveAttribute('href', '/login');
      expect(await storage(page, 'szyx_token')).toBeNull();
    }
    await expectNoSeriousA11yViolations(page, 'sso-login refused');
  });
});
