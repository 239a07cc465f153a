import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { DESKTOP, authenticator, makeStaff, signInWithForm, signInForm, signedInContext } from './support/staff';

/** My account and the audit log at an office desktop's width. */
test.use({ viewport: DESKTOP });

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

test.describe('@desktop-only my account', () => {
  test('my devices: listed, one signed out from here, then all the others', async ({ page, browser }) => {
    const me = await makeStaff('teacher');
    const first = await signedInContext(browser, me, WINDOWS_CHROME);
    const second = await signedInContext(browser, me, WINDOWS_CHROME);
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const devices = page.getByRole('region', { name: '登录设备' });
    await expect(devices.getByRole('row')).toHaveCount(4);
    await expect(devices.getByRole('row').filter({ hasText: '当前设备' })).toHaveCount(1);
    await expect(devices.getByRole('row').filter({ hasText: 'Chrome · Windows' })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'my account');

    const firstRow = devices.getByRole('row').filter({ hasText: 'Chrome · Windows' }).first();
    await hydrated(firstRow.getByRole('button', { name: '退出该设备' }));
    await firstRow.getByRole('button', { name: '退出该设备' }).click();
    await expect(page.locator('#toast-region')).toContainText('已退出该设备');
    await expect(devices.getByRole('row')).toHaveCount(3);

    await devices.getByRole('button', { name: '退出其他所有设备' }).click();
    await expect(page.locator('#toast-region')).toContainText('已退出其他 1 个设备');
    await expect(devices.getByRole('row')).toHaveCount(2);
    for (const device of [first, second]) {
      await device.page.goto('/admin');
      await expect(device.page).toHaveURL(/\/admin\/login/);
      await device.context.close();
    }
  });

  test('a new password needs the current one and signs my other devices out', async ({ page, browser }) => {
    const me = await makeStaff('editor');
    const elsewhere = await signedInContext(browser, me);
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '修改密码' });
    await hydrated(section.getByRole('button', { name: '修改密码' }));
    await section.getByLabel('当前密码').fill('Wrong2026');
    await section.getByLabel('新密码', { exact: true }).fill('Another2027');
    await section.getByLabel('再次输入新密码').fill('Another2027');
    await section.getByRole('button', { name: '修改密码' }).click();
    await expect(section.getByRole('alert')).toHaveText('当前密码不正确');
    await section.getByLabel('当前密码').fill(me.password);
    await section.getByRole('button', { name: '修改密码' }).click();
    await expect(page.locator('#toast-region')).toContainText('密码已修改，其他设备上的登录已退出');
    await elsewhere.page.goto('/admin');
    await expect(elsewhere.page).toHaveURL(/\/admin\/login/);
    const form = await signInForm(elsewhere.page);
    await form.getByLabel('手机号', { exact: true }).fill(me.mobile);
    await form.getByLabel('密码', { exact: true }).fill('Another2027');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(elsewhere.page).toHaveURL(/\/admin$/);
    await elsewhere.context.close();
  });

  test('the second factor is turned off with the password and a current code', async ({ page }) => {
    const me = await makeStaff('editor');
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '两步验证' });
    await hydrated(section.getByRole('button', { name: '开启两步验证' }));
    await section.getByRole('button', { name: '开启两步验证' }).click();
    const phone = authenticator(((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, ''));
    await expectNoSeriousA11yViolations(page, 'my account, second factor set-up');
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '确认开启' }).click();
    await expect(section.getByText('已开启：登录时需输入身份验证器上的动态验证码。')).toBeVisible();

    await section.getByLabel('当前密码').fill(me.password);
    await section.getByLabel('动态验证码').fill('000000');
    await section.getByRole('button', { name: '关闭两步验证' }).click();
    await expect(section.getByRole('alert')).toHaveText('动态验证码不正确或已使用，请输入验证器上的新验证码');
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '关闭两步验证' }).click();
    await expect(section.getByText('未开启：', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: '开启两步验证' })).toBeVisible();
  });
});

test.describe('@desktop-only the audit log', () => {
  test('an administrator sees every action with what changed, filters by action and person, pages through', async ({ page }) => {
    const admin = await makeStaff('admin');
    const target = await makeStaff('editor');
    await signInWithForm(page, admin);
    // Three role changes and a sign-in of this administrator: at least four entries of theirs.
    await page.goto('/admin/accounts');
    const select = page.getByRole('combobox', { name: `${target.name}的角色` });
    await hydrated(select);
    for (const label of ['任课教师', '内容编辑', '任课教师']) {
      await select.selectOption({ label });
      await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
      await expect(page.locator('#toast-region')).toContainText('已保存');
      await expect(page.locator('#toast-region')).toBeEmpty({ timeout: 5000 });
    }

    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '操作日志' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '操作日志' })).toBeVisible();
    const log = page.getByRole('region', { name: '操作日志' }).last();
    const filters = page.getByRole('region', { name: '筛选' });
    await hydrated(filters.getByRole('button', { name: '查询' }));
    await filters.getByLabel('操作人').selectOption({ label: `${admin.name}（${admin.mobile}）` });
    await filters.getByLabel('操作', { exact: true }).selectOption({ label: '修改角色' });
    await filters.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('共 3 条')).toBeVisible();
    const rows = log.getByRole('row').filter({ hasText: '修改角色' });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('角色：内容编辑 → 任课教师');
    await expect(rows.first()).toContainText(admin.name);
    await expectNoSeriousA11yViolations(page, 'audit log');

    await filters.getByRole('button', { name: '重置' }).click();
    await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager.getByText(/^第 1 \/ \d+ 页$/)).toBeVisible();
    if (await pager.getByRole('button', { name: '下一页' }).isEnabled()) {
      await pager.getByRole('button', { name: '下一页' }).click();
      await expect(pager.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
    }
  });
});
