import { test, expect, expectNoSeriousA11yViolations, hydrated, holdBack } from './support/fixtures';
import { DESKTOP, DEMO_ADMIN, DEMO_STAFF_PASSWORD, authenticator, makeStaff, signInWithForm, signInForm } from './support/staff';
import { DEMO_ORIGIN, E2E_FAKE_PLATFORM_ORIGIN } from './support/env';

/**
 * The staff side's way in, at an office desktop's width: the footer's 后台登录, signing in with a
 * password and with a second factor, the dashboard each role sees, signing out, and pages that are
 * never cached.
 */
test.use({ viewport: DESKTOP });

test.describe('@desktop-only staff sign-in', () => {
  test("后台登录 in the footer opens the portal's own sign-in; the demo administrator signs in and sees the school and the role", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: '后台登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: '登录管理后台' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'staff sign-in');

    const form = await signInForm(page);
    await form.getByLabel('手机号', { exact: true }).fill(DEMO_ADMIN.mobile);
    await form.getByLabel('密码', { exact: true }).fill('Wrong2026');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('手机号或密码不正确');

    await form.getByLabel('密码', { exact: true }).fill(DEMO_STAFF_PASSWORD);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: `${DEMO_ADMIN.name}，您好` })).toBeVisible();
    await expect(page.getByText('您在江南职业技能培训学院的角色：学校管理员')).toBeVisible();
    const nav = page.getByRole('navigation', { name: '后台导航' });
    // An area where something waits shows how many after its name (the badge 3; the link's name 咨询线索，3 条待处理).
    await expect(nav.getByRole('link')).toHaveText([
      '概览',
      '学校设置',
      '新闻资讯',
      '通知公告',
      /^咨询线索(\s*\d+)?$/,
      '培训项目',
      '项目分类',
      '热门专业',
      '常见问题',
      '首页横幅',
      '相册分类',
      '相册素材',
      '优惠券',
      '班级管理',
      '学员管理',
      '课程管理',
      '媒体库',
      '活动与考勤',
      '学员问答',
      '学习进度',
      '题库',
      '试卷',
      '作业与考试',
      /^阅卷(\s*\d+)?$/,
      '证书管理',
      '员工账号',
      '操作日志',
      /^后台任务(\s*\d+)?$/,
      '我的账号',
    ]);
    await expect(nav.getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('link', { name: /员工账号/ })).toBeVisible();
    // The staff layout, not the public site's.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'staff dashboard');
  });

  test('an editor sees only what an editor may use; a page for administrators says so (403)', async ({ page, consoleGuard }) => {
    const editor = await makeStaff('editor');
    await signInWithForm(page, editor);
    await expect(page.getByText('您在江南职业技能培训学院的角色：内容编辑')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '后台导航' }).getByRole('link')).toHaveText([
      '概览',
      '新闻资讯',
      '通知公告',
      /^咨询线索(\s*\d+)?$/,
      '培训项目',
      '项目分类',
      '热门专业',
      '常见问题',
      '首页横幅',
      '相册分类',
      '相册素材',
      '优惠券',
      '我的账号',
    ]);
    consoleGuard.allowFailedResource('/admin/accounts', 403);
    const answer = await page.goto('/admin/accounts');
    expect(answer?.status()).toBe(403);
    await expect(page.getByText('您的角色无权查看此页面。')).toBeVisible();
  });

  test('a staff page asked for while signed out goes to sign in and comes back; signing out ends the session', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await page.goto('/admin/account');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount$/);
    const form = await signInForm(page);
    await form.getByLabel('手机号', { exact: true }).fill(teacher.mobile);
    await form.getByLabel('密码', { exact: true }).fill(teacher.password);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: '我的账号' })).toBeVisible();

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The old cookie is gone and its session ended: the dashboard asks to sign in again.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('signing out while the screen is still loading goes to the sign-in page, not back to that screen', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await page.goto('/admin/login?next=%2Fadmin%2Faccount');
    const form = await signInForm(page);
    await form.getByLabel('手机号', { exact: true }).fill(teacher.mobile);
    await form.getByLabel('密码', { exact: true }).fill(teacher.password);
    // The screen's list of devices is held back until the session has ended: it then finds the session gone.
    const signedOut = await holdBack(page, '**/api/admin/sessions');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    // Hydrated: the page's scripts (the header's sign-out among them) are running.
    await hydrated(page.getByRole('heading', { level: 1, name: '我的账号' }));
    const signOut = page.waitForResponse('**/api/admin/session/signOut');
    await page.getByRole('button', { name: '退出登录' }).click();
    await signOut;
    signedOut();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a link to a staff page from another site (the cookie is SameSite=Strict) goes on without signing in again', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signInWithForm(page, admin);
    // Another site's page with a link to the accounts screen, clicked as in an e-mail.
    await page.goto(`${E2E_FAKE_PLATFORM_ORIGIN}/health`);
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'open';
      document.body.append(link);
      link.click();
    }, `${DEMO_ORIGIN}/admin/accounts`);
    await expect(page).toHaveURL(/\/admin\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: '员工账号' })).toBeVisible();
  });

  test('staff pages are never stored by a shared cache, and the cookie is HttpOnly and SameSite=Strict', async ({ page, context }) => {
    for (const path of ['/admin/login', '/admin/accept']) {
      const answer = await page.goto(path);
      expect(answer?.headers()['cache-control'], path).toBe('no-store');
      expect(answer?.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(answer?.headers()['etag'], path).toBeUndefined();
    }
    await signInWithForm(page, await makeStaff('editor'));
    const dashboard = await page.goto('/admin');
    expect(dashboard?.headers()['cache-control']).toBe('no-store');
    const cookie = (await context.cookies()).find((c) => c.name === 'szyx_staff');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
  });

  test('with a second factor, the code is asked after the password; a wrong code is refused', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signInWithForm(page, editor);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '两步验证' });
    await hydrated(section.getByRole('button', { name: '开启两步验证' }));
    await section.getByRole('button', { name: '开启两步验证' }).click();
    await expect(section.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
    const secret = ((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    const phone = authenticator(secret);
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '确认开启' }).click();
    await expect(section.getByText('已开启：登录时需输入身份验证器上的动态验证码。')).toBeVisible();

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const form = await signInForm(page);
    await form.getByLabel('手机号', { exact: true }).fill(editor.mobile);
    await form.getByLabel('密码', { exact: true }).fill(editor.password);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'staff sign-in, second step');
    await page.getByLabel('动态验证码').fill('000000');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('动态验证码不正确或已使用，请输入验证器上的新验证码');
    await page.getByLabel('动态验证码').fill(await phone.code());
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('您在江南职业技能培训学院的角色：内容编辑')).toBeVisible();
  });
});
