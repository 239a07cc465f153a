import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { DEMO_ORIGIN } from './support/env';

/** A mobile no other run has used lately (the server allows one code per mobile per 60 s). */
const freshMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The floating tools panel; on narrow screens it is folded behind one button first. */
async function toolsPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: '便捷工具' });
  const fold = panel.getByRole('button', { name: '便捷工具' });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') {
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
  }
  return panel;
}

async function openConsult(page: Page): Promise<Locator> {
  const panel = await toolsPanel(page);
  await panel.getByRole('button', { name: '留言咨询' }).click();
  const dialog = page.getByRole('dialog', { name: '留言咨询' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The code the development SMS provider keeps (as a developer would read it from the log). */
async function latestCode(page: Page, mobile: string): Promise<string> {
  const res = await page.request.get(`${DEMO_ORIGIN}/api/oauth/anyTenant/dev/latestSmsCode`, {
    params: { mobile, templateCode: 'VISITOR_MSG_VERIFY' },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.code as string;
}

const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

test.describe('consult modal (留言咨询)', () => {
  test('is an accessible dialog: labelled, focus inside, Escape closes and focus returns', async ({ page }) => {
    await page.goto('/');
    const dialog = await openConsult(page);
    await expect(field(dialog, '姓名')).toBeFocused();
    for (const label of ['姓名', '电话', '验证码', '咨询内容']) await expect(field(dialog, label)).toBeVisible();
    await expect(field(dialog, '电话')).toHaveAttribute('maxlength', '11');
    await expect(field(dialog, '验证码')).toHaveAttribute('maxlength', '6');
    await expectNoSeriousA11yViolations(page, 'home with the consult modal open');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect((await toolsPanel(page)).getByRole('button', { name: '留言咨询' })).toBeFocused();

    // The close button works as well.
    const again = await openConsult(page);
    await again.getByRole('button', { name: '关闭' }).click();
    await expect(again).toBeHidden();
  });

  test('shows the message of each field', async ({ page }) => {
    await page.goto('/news-information/list');
    const dialog = await openConsult(page);
    await dialog.getByRole('button', { name: '提交' }).click();
    for (const message of ['请输入姓名', '请输入电话', '请输入验证码', '请输入您要咨询的内容']) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(field(dialog, '姓名')).toBeFocused();
    await expect(field(dialog, '姓名')).toHaveAttribute('aria-invalid', 'true');

    await field(dialog, '姓名').fill('张三3');
    await expect(dialog.getByText('姓名格式不正确', { exact: true })).toBeVisible();
    await field(dialog, '姓名').fill('张三');
    await expect(dialog.getByText('姓名格式不正确', { exact: true })).toBeHidden();
    await expect(dialog.getByText('请输入姓名', { exact: true })).toBeHidden();

    await field(dialog, '电话').fill('23800138000');
    await expect(dialog.getByText('手机格式不正确', { exact: true })).toBeVisible();
    await field(dialog, '电话').fill('1380013800');
    await expect(dialog.getByText('手机格式不正确', { exact: true })).toBeVisible();
    // The input takes 11 characters at most.
    await field(dialog, '电话').fill('138001380001234');
    await expect(field(dialog, '电话')).toHaveValue('13800138000');
    await expect(dialog.getByText('手机格式不正确', { exact: true })).toBeHidden();

    await field(dialog, '验证码').fill('12345678');
    await expect(field(dialog, '验证码')).toHaveValue('123456');
    await field(dialog, '咨询内容').fill('周末班什么时候开课？');
    await expect(dialog.getByText('请输入验证码', { exact: true })).toBeHidden();
    await expect(dialog.getByText('请输入您要咨询的内容', { exact: true })).toBeHidden();
  });

  test('the code button checks the mobile before sending @desktop-only', async ({ page }) => {
    await page.goto('/');
    const dialog = await openConsult(page);
    const status = dialog.getByRole('status');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(status).toHaveText('请输入手机号码');
    await field(dialog, '电话').fill('12345');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(status).toHaveText('请输入正确的手机号码');
    // Nothing was sent: the button has not started a countdown.
    await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeVisible();
  });

  test('a visitor leaves a message with a real code: 提交成功, the form resets and the modal closes', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/');
    const dialog = await openConsult(page);
    await field(dialog, '姓名').fill('王小红');
    await field(dialog, '电话').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('status')).toHaveText('发送成功');
    await expect(dialog.getByRole('button', { name: /^\d+秒重新获取$/ })).toBeVisible();

    // A wrong code is refused with the server's message and nothing closes.
    const code = await latestCode(page, mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await field(dialog, '验证码').fill(wrong);
    await field(dialog, '咨询内容').fill('请问电工证培训的学费和上课地点？');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog.getByRole('status')).toHaveText('验证码错误');
    await expect(dialog).toBeVisible();

    await field(dialog, '验证码').fill(code);
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#toast-region')).toContainText('提交成功');

    // Opened again, the form is empty.
    const again = await openConsult(page);
    for (const label of ['姓名', '电话', '验证码', '咨询内容']) await expect(field(again, label)).toHaveValue('');
  });

  test('the code button counts down 60 seconds and refuses a second send meanwhile @desktop-only', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const dialog = await openConsult(page);
    await page.clock.pauseAt(Date.now() + 1_000);
    await field(dialog, '电话').fill(freshMobile());
    const status = dialog.getByRole('status');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(status).toHaveText('发送成功');
    const button = dialog.getByRole('button', { name: /秒重新获取$|^重新获取$/ });
    await expect(button).toHaveText('60秒重新获取');

    await page.clock.runFor(1_000);
    await expect(button).toHaveText('59秒重新获取');
    await button.click();
    await expect(status).toHaveText('请在倒计时结束后再发送');
    await expect(button).toHaveText('59秒重新获取');

    await page.clock.runFor(57_000);
    await expect(button).toHaveText('2秒重新获取');
    await page.clock.runFor(1_000);
    await expect(button).toHaveText('1秒重新获取');
    await page.clock.runFor(1_000);
    await expect(button).toHaveText('重新获取');
  });

  test('opens from any main-layout page through the panel', async ({ page }) => {
    await page.goto('/notice/list');
    // Any control marked data-consult-open opens it the same way (the panel listens on the document).
    const dialog = await openConsult(page);
    await expect(dialog.getByRole('heading', { name: '留言咨询' })).toBeVisible();
  });
});
