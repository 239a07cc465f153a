import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { E2E_PARTNER_SSO_URL, PARTNER_DB_FILE, PARTNER_ORIGIN } from './support/env';
import { DEMO_STUDENT, authForm, field, freshMobile, sendAndTypeCode, spoilToken, storage, toasts } from './support/login';

test.describe('partner edition login', () => {
  test('tabs 验证码登录 and 密码登录; code login goes to the learner home', async ({ page }) => {
    const mobile = freshMobile('135');
    await page.goto(`${PARTNER_ORIGIN}/kingdee-login`);
    const form = await authForm(page);
    const tabs = form.getByRole('tablist', { name: '登录方式' });
    await expect(tabs.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'false');
    await expectNoSeriousA11yViolations(page, 'partner login');

    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile, { origin: PARTNER_ORIGIN });
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toasts(page)).toContainText('登录成功');
    await page.waitForURL(`${PARTNER_ORIGIN}/study/mine`);
    await expect(page.getByText(`欢迎回来，学员${mobile.slice(-4)}`)).toBeVisible();
  });

  test('password tab, then the partner platform with a signed ticket, then logout from the partner header', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/kingdee-login`);
    const form = await authForm(page);
    await form.getByRole('tab', { name: '密码登录' }).click();
    await expect(form.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
    await field(form, '手机号码').fill(DEMO_STUDENT.mobile);
    await field(form, '密码').fill(DEMO_STUDENT.password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${PARTNER_ORIGIN}/study/mine`);

    // The partner platform is not there in tests: answer for it.
    await page.route(`${E2E_PARTNER_SSO_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>partner</title>' }));
    await page.getByRole('button', { name: '进入金蝶认证中心学习平台' }).click();
    await page.waitForURL(`${E2E_PARTNER_SSO_URL}?ticket=**`);
    const ticket = new URL(page.url()).searchParams.get('ticket')!;
    const payload = JSON.parse(Buffer.from(ticket.split('.')[0]!, 'base64url').toString());
    expect(payload).toMatchObject({ aud: 'kingdee', mobile: DEMO_STUDENT.mobile });

    await page.goto(`${PARTNER_ORIGIN}/news-information/list`);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(toasts(page)).toContainText('退出成功');
    await page.waitForURL(`${PARTNER_ORIGIN}/kingdee-login?redirect=%2Fnews-information%2Flist`);
    expect(await storage(page, 'szyx_token')).toBeNull();
  });

  test('an expired token on the partner site goes to the partner login and back to the learner home @desktop-only', async ({ page }) => {
    await page.goto(`${PARTNER_ORIGIN}/kingdee-login`);
    let form = await authForm(page);
    await form.getByRole('tab', { name: '密码登录' }).click();
    await field(form, '手机号码').fill(DEMO_STUDENT.mobile);
    await field(form, '密码').fill(DEMO_STUDENT.password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${PARTNER_ORIGIN}/study/mine`);
    // The page's own first calls are over before the token is spoiled: only the reload meets it.
    await page.waitForLoadState('networkidle');
    await spoilToken((await storage(page, 'szyx_token'))!, 'expire', PARTNER_DB_FILE);
    // The page leaves for login as soon as the server refuses the token, which can be before the
    // reloaded page's own load event: the reload is then reported as aborted.
    await page.reload().catch((error: unknown) => {
      if (!/ERR_ABORTED|frame was detached/.test(String(error))) throw error;
    });
    await page.waitForURL(`${PARTNER_ORIGIN}/kingdee-login?redirect=%2Fstudy%2Fmine`);
    form = await authForm(page);
    await form.getByRole('tab', { name: '密码登录' }).click();
    await field(form, '手机号码').fill(DEMO_STUDENT.mobile);
    await field(form, '密码').fill(DEMO_STUDENT.password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${PARTNER_ORIGIN}/study/mine`);
  });
});
