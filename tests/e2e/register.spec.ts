import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { authForm, field, freshMobile, sendAndTypeCode, storage, toasts } from './support/login';
import { DEMO_TENANT, SECOND_TENANT } from './support/seed';

const select = (form: import('@playwright/test').Locator) => form.getByRole('combobox', { name: '云校' });

test.describe('registration', () => {
  test('type 1: the join form offers three cloud schools and says what is missing', async ({ page }) => {
    await page.goto('/register?type=1');
    await expect(page.getByRole('heading', { level: 1, name: '加入云校' })).toBeVisible();
    const form = await authForm(page);
    const options = await select(form).locator('option').allInnerTexts();
    expect(options).toEqual(['请选择要加入的云校', '江南职业技能培训学院', '华夏数字云校', '新开云校']);
    await expect(field(form, '姓名')).toHaveAttribute('maxlength', '11');

    await form.getByRole('button', { name: '提交' }).click();
    for (const message of ['请输入姓名', '请输入手机号码', '请输入验证码', '请先阅读并同意协议']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // The select's own message (its placeholder option has the same words).
    await expect(select(form)).toHaveAccessibleDescription('请选择要加入的云校');
    await expect(select(form)).toHaveAttribute('aria-invalid', 'true');
    // No code before a school is chosen: the code belongs to the school.
    await field(form, '手机号码').fill(freshMobile());
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toasts(page)).toContainText('请选择要加入的云校');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'registration, join form');
  });

  test('type 1: join this school; logged in with the typed name; 操作成功', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register?type=1&redirect=%2Fnotice%2Flist');
    const form = await authForm(page);
    await field(form, '姓名').fill('周小云');
    await select(form).selectOption({ label: '江南职业技能培训学院' });
    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交' }).click();
    await expect(toasts(page)).toContainText('操作成功');
    await page.waitForURL('**/notice/list');
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText('周小云')).toBeVisible();
    expect(JSON.parse((await storage(page, 'szyx_userInfo'))!)).toMatchObject({ nickName: '周小云', mobile });
  });

  test('type 1: join another cloud school: the code is for that school and its site opens @desktop-only', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register?type=1');
    const form = await authForm(page);
    await field(form, '姓名').fill('吴华');
    await select(form).selectOption({ label: '华夏数字云校' });
    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile, { tenantId: SECOND_TENANT.id });
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交' }).click();
    await expect(toasts(page)).toContainText('操作成功');
    await page.waitForURL(`**/?schoolId=${SECOND_TENANT.id}`);
    await expect(page.getByRole('banner')).toContainText('华夏数字云校');
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText('吴华')).toBeVisible();
  });

  test('type 3: one cloud school, already chosen', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register?type=3');
    const form = await authForm(page);
    expect(await select(form).locator('option').allInnerTexts()).toEqual(['请选择要加入的云校', '江南职业技能培训学院']);
    await expect(select(form)).toHaveValue(DEMO_TENANT.id);
    await field(form, '姓名').fill('郑一');
    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交' }).click();
    await expect(toasts(page)).toContainText('操作成功');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('type 2: the enterprise form; a wrong invitation code costs nothing, the right one joins @desktop-only', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register?type=2');
    await expect(page.getByRole('heading', { level: 1, name: '企业邀请注册' })).toBeVisible();
    const form = await authForm(page);
    await expect(select(form)).toHaveCount(0);
    await expect(field(form, '邀请码')).toHaveAttribute('maxlength', '6');
    await form.getByRole('button', { name: '提交' }).click();
    for (const message of ['请输入姓名', '请输入手机号码', '请输入验证码', '请输入企业名称', '请输入邀请码']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'registration, enterprise form');

    await field(form, '姓名').fill('钱经理');
    await field(form, '手机号码').fill(mobile);
    await sendAndTypeCode(page, form, mobile);
    await field(form, '企业名称').fill('江南智造科技有限公司');
    await field(form, '邀请码').fill('ZZZZZZ');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交' }).click();
    await expect(form.getByRole('alert')).toHaveText('邀请码无效或已过期');
    expect(await storage(page, 'szyx_token')).toBeNull();

    // The same SMS code still works: the invitation was checked before logging in.
    await field(form, '邀请码').fill('a1b2c3');
    await form.getByRole('button', { name: '提交' }).click();
    await expect(toasts(page)).toContainText('操作成功');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByText('钱经理')).toBeVisible();
  });
});
