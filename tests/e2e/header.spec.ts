import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { E2E_DB_FILE, E2E_TOKEN_PARAM_SECRET } from './support/env';
import { encryptTokenParam } from '../../src/server/identity/token-param';
import { openDatabase } from '../../src/server/db/database';
import { bindUserToTenant, findOrCreateUser, issueToken } from '../../src/server/identity/identity.service';
import { freshMobile } from './support/login';

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
    // 个人中心 is the portal's own learner area, in the same window.
    await expect(menu.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/study/mine');
    await expect(menu.getByRole('link', { name: '个人中心' })).not.toHaveAttribute('target', /./);
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

  test('the unread count changes 消息 in place: 退出登录 stays the element a pointer is on, where it was', async ({ page }) => {
    await loggedIn(page);
    let answer: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      void page.route('**/api/messages/unreadCount?*', async (route) => {
        resolve();
        await new Promise<void>((release) => (answer = release));
        await route.fulfill({ json: { code: 0, data: { count: 3 }, message: 'success' } });
      });
    });
    await page.goto('/news-information/list');
    const menu = page.getByRole('navigation', { name: '用户菜单' });
    await asked;
    const logout = await menu.getByRole('button', { name: '退出登录' }).elementHandle();
    const before = await logout!.boundingBox();
    answer();
    await expect(menu.getByRole('link', { name: '消息，3 条未读' })).toBeVisible();
    expect(await logout!.evaluate((button) => button.isConnected)).toBe(true);
    // Nor does the count move it: it sits over 消息's corner.
    expect(await logout!.boundingBox()).toEqual(before);
    await expectNoSeriousA11yViolations(page, 'the header with unread messages');
  });
});

/** A real session of a new user of the demo school in the e2e database, as another app holds it. */
async function tokenOfNewUser(nickName: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const now = Date.now();
    const user = await findOrCreateUser(db, freshMobile('136'), now, nickName);
    await bindUserToTenant(db, '1000000000000000001', user.id, now);
    return (await issueToken(db, { userId: user.id, tenantId: '1000000000000000001', now, ttlMs: 3_600_000 })).token;
  } finally {
    await db.destroy();
  }
}

test.describe('the encrypted token link parameter', () => {
  test('logs the user in: the token is stored, the user fetched and shown, the parameter removed @desktop-only', async ({ page }) => {
    const token = await tokenOfNewUser('令牌学员');
    await page.goto(`/news-information/list?token=${encryptTokenParam(token, E2E_TOKEN_PARAM_SECRET)}`);
    const menu = page.getByRole('navigation', { name: '用户菜单' });
    await expect(menu.getByText('令牌学员')).toBeVisible();
    await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '注册/登录' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/news-information\/list$/);
    expect(await storage(page, 'szyx_token')).toBe(token);
    expect(JSON.parse((await storage(page, 'szyx_userInfo'))!)).toMatchObject({ nickName: '令牌学员' });
    await expectNoSidewaysScroll(page);

    // Still logged in on the next page.
    await page.goto('/notice/list');
    await expect(menu.getByText('令牌学员')).toBeVisible();
  });

  test('a token the server does not accept is cleared and the visitor is sent to login, as an expired login is @desktop-only', async ({ page }) => {
    await page.goto(`/news-information/list?token=${encryptTokenParam('token-the-server-never-issued', E2E_TOKEN_PARAM_SECRET)}`);
    await page.waitForURL('**/login?redirect=%2Fnews-information%2Flist');
    expect(await storage(page, 'szyx_token')).toBeNull();
    expect(await storage(page, 'szyx_userInfo')).toBeNull();
  });

  test('an altered parameter is ignored and the visitor stays a visitor @desktop-only', async ({ page }) => {
    const param = encryptTokenParam('token-from-the-app', 'some-other-secret-that-the-server-does-not-know');
    const decoded = page.waitForResponse((r) => r.url().includes('/tokenParam/decode'));
    await page.goto(`/news-information/list?token=${param}`);
    expect((await (await decoded).json()).code).not.toBe(0);
    await expect(page).toHaveURL(/\/news-information\/list$/);
    expect(await storage(page, 'szyx_token')).toBeNull();
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '注册/登录' })).toBeVisible();
  });
});

/** Counts the page's requests for the browser position (a prompt, when not allowed yet). */
async function countPositionRequests(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { positionRequests: number };
    w.positionRequests = 0;
    const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
      w.positionRequests += 1;
      original(...args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);
}

const topBar = (page: Page) => page.getByRole('banner');
const ADDRESS = '南京市建邺区江东中路 369 号';

test.describe('distance to the school', () => {
  test('is shown in metres nearby and in km further away, once the visitor allowed location', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    // The demo school is at 32.0196, 118.7386; 0.005° of latitude is about 557 m.
    await context.setGeolocation({ latitude: 32.0246, longitude: 118.7386 });
    await page.goto('/');
    await expect(page.getByText(/^距您 5\d\dm$/)).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: '精确定位' })).toHaveCount(0);

    await page.evaluate(() => localStorage.removeItem('szyx_location'));
    await context.setGeolocation({ latitude: 31.3049, longitude: 120.7434 }); // Suzhou
    await page.reload();
    await expect(page.getByText(/^距您 2\d\d\.\d\dkm$/)).toBeVisible();
  });

  test('without permission: estimated from the IP address, and the position is asked only when the visitor presses 精确定位 @desktop-only', async ({
    page,
    context,
  }) => {
    const positionRequests = await countPositionRequests(page);
    // The e2e server has no map web service; answer the map proxy as a configured one does
    // (tests/api/leads-platform.test.ts covers the server against a stand-in service): Suzhou.
    const asked: unknown[] = [];
    await page.route('**/api/system/anyTenant/mapProxy', async (route) => {
      asked.push(route.request().postDataJSON());
      await route.fulfill({
        json: {
          code: 0,
          message: 'success',
          data: { province: '江苏省', city: '苏州市', adcode: '320500', rectangle: '120.4,31.1;121.0,31.5', latitude: 31.3, longitude: 120.7 },
        },
      });
    });
    await page.goto('/');
    await expect(topBar(page).getByText(ADDRESS)).toBeVisible();
    await expect(topBar(page).getByText(/^距您约 2\d\d\.\d\dkm$/)).toBeVisible();
    expect(asked).toEqual([{ path: 'location/ip', data: {} }]);
    expect(await positionRequests()).toBe(0);
    await expectNoSidewaysScroll(page);

    // The estimate is kept: the next page does not ask again.
    await page.goto('/notice/list');
    await expect(topBar(page).getByText(/^距您约 2\d\d\.\d\dkm$/)).toBeVisible();
    expect(asked).toHaveLength(1);

    // The visitor asks for the precise distance, and allows it.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 32.0246, longitude: 118.7386 });
    await topBar(page).getByRole('button', { name: '精确定位' }).click();
    await expect(topBar(page).getByText(/^距您 5\d\dm$/)).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: '精确定位' })).toHaveCount(0);
    expect(await positionRequests()).toBe(1);
    await page.reload();
    await expect(topBar(page).getByText(/^距您 5\d\dm$/)).toBeVisible();
  });

  test('without a map service (none configured here): the address alone, and 精确定位 says when the visitor refuses @desktop-only', async ({ page }) => {
    const positionRequests = await countPositionRequests(page);
    const proxied = page.waitForResponse((r) => r.url().includes('/api/system/anyTenant/mapProxy'));
    await page.goto('/');
    expect(await (await proxied).json()).toMatchObject({ code: 503, message: '定位服务未配置' });
    await expect(topBar(page).getByText(ADDRESS)).toBeVisible();
    await expect(page.getByText(/^距您/)).toHaveCount(0);
    expect(await positionRequests()).toBe(0);
    // Not asked again on every page while the service is missing.
    let again = 0;
    page.on('request', (r) => {
      if (r.url().includes('/mapProxy')) again += 1;
    });
    await page.goto('/news-information/list');
    await expect(topBar(page).getByText(ADDRESS)).toBeVisible();

    // No permission given: the browser refuses, and the visitor is told why there is no distance.
    await topBar(page).getByRole('button', { name: '精确定位' }).click();
    await expect(page.getByRole('status')).toContainText('未获得定位权限');
    await expect(topBar(page).getByRole('button', { name: '精确定位' })).toBeEnabled();
    await expect(page.getByText(/^距您/)).toHaveCount(0);
    expect(again).toBe(0);
  });
});

test.describe('the phone preview', () => {
  test('keeps the visitor identity of the page that opens it, however often it is opened @desktop-only', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => storage(page, 'szyx_uuid')).toMatch(/^[0-9a-f-]{36}$/);
    const visitor = await storage(page, 'szyx_uuid');
    for (let round = 0; round < 2; round++) {
      await page.getByRole('button', { name: '手机预览' }).click();
      const dialog = page.getByRole('dialog', { name: '手机端预览' });
      const frame = page.frameLocator('iframe[title="手机端预览"]');
      await expect(frame.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '注册/登录' })).toBeVisible();
      await expect(dialog.getByRole('status')).toBeHidden();
      // The frame has had the parent's logout message: a round trip through it proves it was handled.
      const inner = page.frames().find((f) => f !== page.mainFrame())!;
      await inner.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(await storage(page, 'szyx_uuid')).toBe(visitor);
      expect(await inner.evaluate(() => localStorage.getItem('szyx_uuid'))).toBe(visitor);
      await dialog.getByRole('button', { name: '关闭预览' }).click();
      await page.reload();
    }
    expect(await storage(page, 'szyx_uuid')).toBe(visitor);
  });

  test('still makes the frame forget a login the page does not have, keeping the visitor @desktop-only', async ({ page }) => {
    // A token without a user is no login (the spec: both must exist), e.g. left over from a failed login.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('szyx_token', 'left-over-token');
      localStorage.setItem('szyx_uuid', 'visitor-1');
    });
    await page.goto('/');
    await page.getByRole('button', { name: '手机预览' }).click();
    await expect.poll(() => storage(page, 'szyx_token')).toBeNull();
    expect(await storage(page, 'szyx_uuid')).toBe('visitor-1');
  });
});
