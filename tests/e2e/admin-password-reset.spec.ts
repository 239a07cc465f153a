import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { confirm, makeStaff, signIn, signInForm, type E2eStaff } from './support/staff';
import { DEMO_ORIGIN } from './support/env';

/**
 * A forgotten staff password, at a desktop's width and at 375 px: an administrator makes a
 * teacher's reset link on 员工账号 (the teacher's sessions end), the teacher opens it, sets a new
 * password and signs in; a teacher resets their own password with an SMS code from the sign-in
 * page's 忘记密码; a disabled account is enabled again. Everything found by role and text.
 */

const row = (page: Page, text: string) => page.getByRole('region', { name: '员工账号' }).getByRole('row').filter({ hasText: text });

/** The accounts screen narrowed to the accounts whose mobile starts so (the school has more accounts than a page). */
async function findAccounts(page: Page, mobiles: string) {
  const search = page.getByLabel('姓名或手机号');
  await hydrated(search);
  await search.fill(mobiles);
  await page.getByRole('button', { name: '查询' }).click();
}

/** The staff reset code the development SMS provider keeps (as a developer reads it from the log). */
async function latestResetCode(page: Page, mobile: string): Promise<string> {
  const res = await page.request.get(`${DEMO_ORIGIN}/api/oauth/anyTenant/dev/latestSmsCode`, { params: { mobile, templateCode: 'STAFF_PASSWORD_RESET' } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.code as string;
}

/** Signs in with the form of /admin/login (already open) and waits for the dashboard. */
async function signInThere(page: Page, who: Pick<E2eStaff, 'mobile'>, password: string) {
  const form = await signInForm(page);
  await form.getByLabel('手机号', { exact: true }).fill(who.mobile);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('staff password reset', () => {
  test("an administrator resets a teacher's password; the teacher opens the link, sets a password and signs in", async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    const teacher = await makeStaff('teacher');
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const teacherPage = await other.newPage();
    await signIn(teacherPage, teacher);

    await signIn(page, admin, '/admin/accounts');
    await findAccounts(page, admin.mobile);
    await expect(row(page, admin.mobile)).toContainText('（我）');
    // No such action on one's own row.
    await expect(row(page, admin.mobile).getByRole('button', { name: '重置密码' })).toHaveCount(0);
    await findAccounts(page, teacher.mobile);
    const teacherRow = row(page, teacher.mobile);
    const reset = teacherRow.getByRole('button', { name: '重置密码' });
    await hydrated(reset);
    await reset.click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText(`将为${teacher.name}生成重置密码链接`);
    await confirm(page);
    const dialog = page.getByRole('dialog', { name: '重置密码' });
    await expect(dialog.getByText('重置密码链接已生成')).toBeVisible();
    const url = await dialog.getByLabel('重置密码链接').inputValue();
    expect(url).toMatch(/\/admin\/reset#token=[\w-]{43}$/);
    await expectNoSeriousA11yViolations(page, 'staff accounts, reset link dialog');
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(dialog).toBeHidden();

    // The teacher's session ended with the link's making.
    await teacherPage.goto('/admin');
    await expect(teacherPage).toHaveURL(/\/admin\/login/);

    await teacherPage.goto(url);
    await expect(teacherPage.getByRole('heading', { level: 1, name: '重置密码' })).toBeVisible();
    await expect(teacherPage.getByText('为江南职业技能培训学院的员工账号设置新密码。')).toBeVisible();
    await expect(teacherPage.getByText(teacher.mobile)).toBeVisible();
    await expectNoSeriousA11yViolations(teacherPage, 'password reset link');
    const submit = teacherPage.getByRole('button', { name: '设置新密码' });
    await hydrated(submit);
    await teacherPage.getByLabel('新密码', { exact: true }).fill('short');
    await teacherPage.getByLabel('再次输入新密码').fill('short');
    await submit.click();
    await expect(teacherPage.getByText('密码至少8位')).toBeVisible();
    await teacherPage.getByLabel('新密码', { exact: true }).fill('Renewed2026');
    await teacherPage.getByLabel('再次输入新密码').fill('Renewed2026');
    await submit.click();
    await expect(teacherPage.getByRole('status')).toContainText('密码已重置');
    await teacherPage.getByRole('link', { name: '去登录' }).click();
    await expect(teacherPage).toHaveURL(/\/admin\/login$/);
    await signInThere(teacherPage, teacher, 'Renewed2026');

    // The link works once.
    await teacherPage.goto(url);
    await expect(teacherPage.getByRole('alert')).toHaveText('重置密码链接无效、已使用或已过期，请联系学校管理员重新生成');
    await other.close();
  });

  test("忘记密码 on the sign-in page: an SMS code to the account's mobile and a new password", async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await page.goto('/admin/login');
    await (await signInForm(page)).getByRole('link', { name: '忘记密码' }).click();
    await expect(page).toHaveURL(/\/admin\/forgot$/);
    await expect(page.getByRole('heading', { level: 1, name: '忘记密码' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'staff forgot password');

    const form = page.getByRole('main').locator('form');
    const send = form.getByRole('button', { name: '获取验证码' });
    await hydrated(send);
    await form.getByLabel('手机号', { exact: true }).fill(teacher.mobile);
    await send.click();
    await expect(form.getByRole('status')).toHaveText('发送成功');
    await expect(form.getByRole('button', { name: /^\d+秒重新获取$/ })).toBeVisible();
    const code = await latestResetCode(page, teacher.mobile);
    await form.getByLabel('短信验证码').fill(code === '000000' ? '000001' : '000000');
    await form.getByLabel('新密码', { exact: true }).fill('BySms2026');
    await form.getByLabel('再次输入新密码').fill('BySms2026');
    await form.getByRole('button', { name: '重置密码' }).click();
    await expect(form.getByRole('alert')).toHaveText('验证码错误');
    await form.getByLabel('短信验证码').fill(code);
    await form.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByRole('status')).toContainText('密码已重置');
    await expectNoSeriousA11yViolations(page, 'staff forgot password, done');
    await page.getByRole('link', { name: '去登录' }).click();
    await signInThere(page, teacher, 'BySms2026');
  });

  // 员工账号 at 375 px: admin-mobile.spec.ts.
  test('a disabled account is enabled again, after a confirmation, and signs in @desktop-only', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    const teacher = await makeStaff('teacher');
    await signIn(page, admin, '/admin/accounts');
    await findAccounts(page, teacher.mobile);
    const teacherRow = row(page, teacher.mobile);
    await hydrated(teacherRow.getByRole('button', { name: '停用' }));
    await teacherRow.getByRole('button', { name: '停用' }).click();
    await confirm(page);
    await expect(teacherRow).toContainText('已停用');
    // A disabled account gets no reset link.
    await expect(teacherRow.getByRole('button', { name: '重置密码' })).toHaveCount(0);
    await teacherRow.getByRole('button', { name: '启用' }).click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText(`启用后${teacher.name}可以重新登录`);
    await confirm(page);
    await expect(teacherRow.getByRole('button', { name: '停用' })).toBeVisible();
    await expect(teacherRow.getByRole('button', { name: '重置密码' })).toBeVisible();

    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const teacherPage = await other.newPage();
    await teacherPage.goto('/admin/login');
    await signInThere(teacherPage, teacher, teacher.password);
    await other.close();
  });
});
