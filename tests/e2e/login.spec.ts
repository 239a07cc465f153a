import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { DEMO_ORIGIN } from './support/env';
import { DEMO_STUDENT, authForm, field, freshMobile, latestLoginCode, passwordLogin, sendAndTypeCode, spoilToken, storage, toasts } from './support/login';
import { isLoginInvalid } from '../../src/lib/envelope';

test.describe('login page', () => {
  test('has the back link, logo, project and school name, the mode toggle and the agreement links', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 数字技能人才培养工程 - 江南职业技能培训学院');
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await expect(page.getByText('数字技能人才培养工程', { exact: true })).toBeVisible();
    await expect(page.getByText('江南职业技能培训学院', { exact: true })).toBeVisible();
    await expect(page.locator('main img[src="/images/demo-logo.svg"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '学员登录' })).toBeVisible();

    const form = await authForm(page);
    await expect(form.getByRole('heading', { name: '验证码登录' })).toBeVisible();
    await expect(field(form, '手机号码')).toHaveAttribute('maxlength', '11');
    await expect(field(form, '验证码')).toHaveAttribute('maxlength', '6');
    await expect(form.getByRole('button', { name: '获取验证码' })).toBeVisible();
    await expect(form.getByRole('link', { name: '《用户服务协议》' })).toHaveAttribute('href', '/agreement/service');
    await expect(form.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/agreement/privacy');

    await form.getByRole('button', { name: '使用密码登录' }).click();
    await expect(form.getByRole('heading', { name: '密码登录' })).toBeVisible();
    await expect(field(form, '密码')).toHaveAttribute('type', 'password');
    await expect(field(form, '验证码')).toHaveCount(0);
    await form.getByRole('button', { name: '使用验证码登录' }).click();
    await expect(field(form, '验证码')).toBeVisible();

    await expect(page.getByRole('link', { name: '注册加入云校' })).toHaveAttribute('href', '/register?type=1');
    await expect(page.getByRole('link', { name: '企业邀请注册' })).toHaveAttribute('href', '/register?type=2');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'login page');
    await form.getByRole('button', { name: '使用密码登录' }).click();
    await expectNoSeriousA11yViolations(page, 'login page, password mode');
  });

  test('the agreement pages are real pages with short Chinese texts', async ({ page }) => {
    await page.goto('/agreement/service');
    await expect(page.getByRole('heading', { level: 1, name: '用户服务协议' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('江南职业技能培训学院在线学习平台');
    await page.goto('/agreement/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('密码经过加盐哈希处理后保存');
  });

  test('shows the message of each field and the agreement warning', async ({ page }) => {
    await page.goto('/login');
    const form = await authForm(page);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    for (const message of ['请输入手机号码', '请输入验证码', '请先阅读并同意协议']) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(field(form, '手机号码')).toBeFocused();
    await expect(field(form, '手机号码')).toHaveAttribute('aria-invalid', 'true');

    await field(form, '手机号码').fill('1380013800');
    await expect(form.getByText('请输入正确的手机号码', { exact: true })).toBeVisible();
    await field(form, '手机号码').fill('13800138000');
    await expect(form.getByText('请输入正确的手机号码', { exact: true })).toBeHidden();
    await field(form, '验证码').fill('123');
    await expect(form.getByText('请输入6位验证码', { exact: true })).toBeVisible();

    // The agreement is the last thing missing: a warning, nothing is sent.
    await field(form, '验证码').fill('123456');
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/oauth/anyTenant/login')) called = true;
    });
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toasts(page)).toContainText('请先阅读并同意协议');
    expect(called).toBe(false);

    await form.getByRole('button', { name: '使用密码登录' }).click();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(form.getByText('请输入密码', { exact: true })).toBeVisible();
  });

  test('the code button checks the mobile, then counts down and refuses a second send @desktop-only', async ({ page }) => {
    await page.goto('/login');
    const form = await authForm(page);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toasts(page)).toContainText('请输入手机号码');
    await field(form, '手机号码').fill('23800138000');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toasts(page)).toContainText('请输入正确的手机号码');

    const mobile = freshMobile();
    await field(form, '手机号码').fill(mobile);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toasts(page)).toContainText('发送成功');
    const countdown = form.getByRole('button', { name: /^\d+秒重新获取$/ });
    await expect(countdown).toBeVisible();
    const first = await latestLoginCode(page, mobile);
    await countdown.click();
    await expect(toasts(page)).toContainText('请在倒计时结束后再发送');
    // Nothing new was sent.
    expect(await latestLoginCode(page, mobile)).toBe(first);
  });

  test('code login end to end: a new user, 登录成功, back to the redirect page as a logged-in student', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/login?redirect=%2Fnews-information%2Flist%3Fcurrent%3D2');
    const visitor = await storage(page, 'szyx_uuid');
    expect(visitor).toBeTruthy();
    const form = await authForm(page);
    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toasts(page)).toContainText('登录成功');
    await page.waitForURL('**/news-information/list?current=2');

    expect(await storage(page, 'szyx_token')).toMatch(/^[\w-]{43}$/);
    const user = JSON.parse((await storage(page, 'szyx_userInfo')) ?? '{}');
    expect(user).toMatchObject({ mobile, type: 'user' });
    expect(user.userId).toBeTruthy();
    expect(Number(await storage(page, 'szyx_tokenExpire'))).toBeGreaterThan(Date.now());
    const menu = page.getByRole('navigation', { name: '用户菜单' });
    await expect(menu.getByText(`学员${mobile.slice(-4)}`)).toBeVisible();
    await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
  });

  test('a wrong code shows the server message and nothing is stored @desktop-only', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/login');
    const form = await authForm(page);
    await field(form, '手机号码').fill(mobile);
    const code = await sendAndTypeCode(page, form, mobile);
    await field(form, '验证码').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('账号、密码或验证码错误，请检查后重试');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, 'szyx_token')).toBeNull();
  });

  test('password login with the demo student; a wrong password gets the same message @desktop-only', async ({ page }) => {
    await page.goto('/login?redirect=%2Fschool-info');
    const form = await authForm(page);
    await passwordLogin(form, DEMO_STUDENT.mobile, 'Wrong2026');
    await expect(form.getByRole('alert')).toHaveText('账号、密码或验证码错误，请检查后重试');
    await field(form, '密码').fill(DEMO_STUDENT.password);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toasts(page)).toContainText('登录成功');
    await page.waitForURL('**/school-info');
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText(DEMO_STUDENT.realName)).toBeVisible();
  });

  test('a redirect to another site is not followed: home instead @desktop-only', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal');
    const form = await authForm(page);
    await passwordLogin(form);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(DEMO_ORIGIN);
  });
});

test.describe('learner home and sessions', () => {
  test('/study/mine needs a login: a visitor goes to login and comes back after it @desktop-only', async ({ page }) => {
    await page.goto('/study/mine');
    await page.waitForURL('**/login?redirect=%2Fstudy%2Fmine');
    const form = await authForm(page);
    await passwordLogin(form);
    await page.waitForURL('**/study/mine');
    await expect(page.getByRole('heading', { level: 1, name: '学习中心' })).toBeVisible();
    await expect(page.getByText('学员首页', { exact: true })).toBeVisible();
    await expect(page.getByText(`欢迎回来，${DEMO_STUDENT.realName}`)).toBeVisible();
  });

  test('logout: 确定退出登录？, 退出成功, token and user cleared, a new visitor identity, login after 1 s @desktop-only', async ({ page }) => {
    await page.goto('/login?redirect=%2Fstudy%2Fmine');
    await passwordLogin(await authForm(page));
    await page.waitForURL('**/study/mine');
    const visitorBefore = await storage(page, 'szyx_uuid');
    const token = await storage(page, 'szyx_token');
    await page.getByRole('main').getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '提示' });
    await expect(dialog).toContainText('确定退出登录？');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toasts(page)).toContainText('退出成功');
    expect(await storage(page, 'szyx_token')).toBeNull();
    expect(await storage(page, 'szyx_userInfo')).toBeNull();
    const visitorAfter = await storage(page, 'szyx_uuid');
    expect(visitorAfter).toBeTruthy();
    expect(visitorAfter).not.toBe(visitorBefore);
    await page.waitForURL('**/login?redirect=%2Fstudy%2Fmine');
    // The server forgot the token too.
    const answer = await page.request.post('/api/oauth/appUser/getUserInfo', { headers: { Token: token! }, data: {} });
    expect((await answer.json()).code).toBe(40005);
  });

  for (const how of ['expire', 'revoke'] as const) {
    test(`a token that the server ${how === 'expire' ? 'has expired' : 'revoked'} sends the student to login, and back after login @desktop-only`, async ({
      page,
    }) => {
      await page.goto('/login?redirect=%2Fstudy%2Fmine');
      await passwordLogin(await authForm(page));
      await page.waitForURL('**/study/mine');
      await expect(page.getByText(`欢迎回来，${DEMO_STUDENT.realName}`)).toBeVisible();
      const token = await storage(page, 'szyx_token');
      // The page's own first calls are over: none of them can meet the spoiled token unwatched.
      await page.waitForLoadState('networkidle');

      // The server's answers, read on the way (the page leaves before a test could read them). Any of the
      // page's calls may be the first to meet the refusal (the header's user info, the page's own data, a
      // call the open page makes by itself), so the answers are watched before the token is spoiled.
      const codes: number[] = [];
      await page.route('**/api/**', async (route) => {
        const response = await route.fetch();
        const body = await response.json().catch(() => null);
        if (isLoginInvalid(body?.code)) codes.push(body.code);
        // The first refusal sends the page to login at once: another call's answer read meanwhile is disposed of with
        // the page it was for, and there is nobody left to give it to.
        await route.fulfill({ response }).catch((error: unknown) => {
          if (!/Fetch response has been disposed/.test(String(error))) throw error;
        });
      });
      await spoilToken(token!, how);
      // The page leaves for login by itself as soon as the server refuses the token, which can be
      // before the reloaded page's own load event: the reload is then reported as aborted.
      await page.reload().catch((error: unknown) => {
        if (!/ERR_ABORTED|frame was detached/.test(String(error))) throw error;
      });
      await page.waitForURL('**/login?redirect=%2Fstudy%2Fmine');
      // Every refusal the page got was this one (the header and the page may both have asked).
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes)).toEqual(new Set([how === 'expire' ? 40001 : 40005]));
      // Watched enough: the calls of the login page and of the page after it go straight to the server, and a call still
      // in the watcher when the test ends is no error of the test.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // The server's message, shown on the login page.
      await expect(toasts(page)).toContainText(how === 'expire' ? '登录已失效，请重新登录' : '您已退出登录或在其他设备登录，请重新登录');
      expect(await storage(page, 'szyx_token')).toBeNull();

      await passwordLogin(await authForm(page));
      await page.waitForURL('**/study/mine');
      await expect(page.getByText(`欢迎回来，${DEMO_STUDENT.realName}`)).toBeVisible();
      expect(await storage(page, 'szyx_token')).not.toBe(token);
    });
  }
});
