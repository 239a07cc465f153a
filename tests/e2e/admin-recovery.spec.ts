import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { DESKTOP, authenticator, makeStaff, signInWithForm, signInForm } from './support/staff';

/**
 * Recovery codes in the browser: turning the second factor on shows ten codes once; a lost phone
 * is passed at sign-in with one of them, which then no longer works; my account shows how many are
 * left and makes a new set.
 */
test.use({ viewport: DESKTOP });

test.describe('@desktop-only recovery codes', () => {
  test('shown once on turning the second factor on, then a sign-in with a recovery code instead of the phone', async ({ page }) => {
    const editor = await makeStaff('editor');
    await signInWithForm(page, editor);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '两步验证' });
    await hydrated(section.getByRole('button', { name: '开启两步验证' }));
    await section.getByRole('button', { name: '开启两步验证' }).click();
    const phone = authenticator(((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, ''));
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '确认开启' }).click();

    const codes = section.getByRole('list', { name: '恢复码列表' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const all = await codes.allTextContents();
    for (const c of all) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    await expectNoSeriousA11yViolations(page, 'my account, recovery codes shown');
    await section.getByRole('button', { name: '我已保存' }).click();
    await expect(section.getByText('剩余 10 个未使用的恢复码', { exact: false })).toBeVisible();
    await expect(section.getByRole('list', { name: '恢复码列表' })).toHaveCount(0);

    // The phone is lost.
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const signInWithCode = async (code: string) => {
      const form = await signInForm(page);
      await form.getByLabel('手机号', { exact: true }).fill(editor.mobile);
      await form.getByLabel('密码', { exact: true }).fill(editor.password);
      await form.getByRole('button', { name: '登录', exact: true }).click();
      await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
      await page.getByRole('button', { name: '手机丢失？使用恢复码' }).click();
      await page.getByLabel('恢复码').fill(code);
      await page.getByRole('button', { name: '验证并登录' }).click();
    };
    await signInWithCode(all[0]!.toLowerCase());
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('您在江南职业技能培训学院的角色：内容编辑')).toBeVisible();

    await page.goto('/admin/account');
    await expect(page.getByText('剩余 9 个未使用的恢复码', { exact: false })).toBeVisible();

    // The same code a second time is refused.
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInWithCode(all[0]!);
    await expect(page.getByRole('alert')).toHaveText('恢复码不正确或已使用');
    await expectNoSeriousA11yViolations(page, 'staff sign-in, recovery code');
  });
});
