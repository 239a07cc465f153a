import { test, expect } from './support/fixtures';
import { E2E_TOKEN_PARAM_SECRET } from './support/env';
import { encryptTokenParam } from '../../src/server/identity/token-param';

const USER = { id: 'u-1001', userId: 'u-1001', realName: '李明', mobile: '13800001111' };

/** A session as the login flow leaves it in the browser. */
async function loggedIn(page: import('@playwright/test').Page) {
  await page.addInitScript((user) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('szyx_token', 'token-abc');
    localStorage.setItem('szyx_userInfo', JSON.stringify(user));
    localStorage.setItem('szyx_uuid', 'visitor-before-login');
  }, USER);
}

const storage = (page: import('@playwright/test').Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('header user menu', () => {
  test('a visitor gets 注册/登录 that keeps the page as redirect, and a visitor identity', async ({ page }) => {
    await page.goto('/notice/list?current=2');
    const login = page.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '注册/登录' });
    await expect(login).toHaveAttribute('href', '/login?redirect=%2Fnotice%2Flist%3Fcurrent%3D2');
    await expect.poll(() => storage(page, 'szyx_uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storage(page, 'szyx_tenantId')).toBe('1000000000000000001');
  });

  test('a logged-in student sees the name, 个人中心 and logs out after confirming', async ({ page }) => {
    await loggedIn(page);
    await page.goto('/news-information/list');
    const menu = page.getByRole('navigation', { name: '用户菜单' });
    await expect(menu.getByText('李明')).toBeVisible();
    await expect(menu.getByText('学员')).toBeVisible();
    await expect(menu.getByRole('link', { name: '个人中心' })).toHaveAttribute('target', '_blank');
    await expect(menu.getByRole('link', { name: '注册/登录' })).toHaveCount(0);

    // Cancelling keeps the session.
    await menu.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '提示' });
    await expect(dialog).toContainText('确定退出登录？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await storage(page, 'szyx_token')).toBe('token-abc');

    await menu.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('status')).toContainText('退出成功');
    expect(await storage(page, 'szyx_token')).toBeNull();
    expect(await storage(page, 'szyx_userInfo')).toBeNull();
    const visitor = await storage(page, 'szyx_uuid');
    expect(visitor).not.toBe('visitor-before-login');
    expect(visitor).toBeTruthy();
    await expect(menu.getByRole('link', { name: '注册/登录' })).toBeVisible();
    await page.waitForURL('**/login?redirect=%2Fnews-information%2Flist');
  });
});

test.describe('the encrypted token link parameter', () => {
  test('is decoded by the server, stored as the session token and removed from the address', async ({ page }) => {
    const param = encryptTokenParam('token-from-the-app', E2E_TOKEN_PARAM_SECRET);
    await page.goto(`/news-information/list?token=${param}`);
    await expect.poll(() => storage(page, 'szyx_token')).toBe('token-from-the-app');
    await expect(page).toHaveURL(/\/news-information\/list$/);
  });

  test('an altered parameter is ignored and the visitor stays a visitor', async ({ page }) => {
    const param = encryptTokenParam('token-from-the-app', 'some-other-secret-that-the-server-does-not-know');
    const decoded = page.waitForResponse((r) => r.url().includes('/tokenParam/decode'));
    await page.goto(`/news-information/list?token=${param}`);
    expect((await (await decoded).json()).code).not.toBe(0);
    await expect(page).toHaveURL(/\/news-information\/list$/);
    expect(await storage(page, 'szyx_token')).toBeNull();
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '注册/登录' })).toBeVisible();
  });
});

test.describe('distance to the school', () => {
  test('is shown in metres nearby and in km further away, once the visitor allowed location', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    // The demo school is at 32.0196, 118.7386; 0.005° of latitude is about 557 m.
    await context.setGeolocation({ latitude: 32.0246, longitude: 118.7386 });
    await page.goto('/');
    await expect(page.getByText(/^距您 5\d\dm$/)).toBeVisible();

    await page.evaluate(() => localStorage.removeItem('szyx_location'));
    await context.setGeolocation({ latitude: 31.3049, longitude: 120.7434 }); // Suzhou
    await page.reload();
    await expect(page.getByText(/^距您 2\d\d\.\d\dkm$/)).toBeVisible();
  });

  test('is not shown, and nothing is asked, when location was not allowed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/^距您/)).toHaveCount(0);
  });
});
