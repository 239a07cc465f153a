import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { makeStaff, signIn } from './support/staff';

/**
 * The staff screens on a 375 px phone: staff work at desktops, but nothing may break on a phone:
 * every screen opens, nothing makes the page scroll sideways (wide tables scroll in their own box),
 * axe finds nothing serious, and the console stays clean.
 */
test.describe('@mobile-only staff screens at 375 px', () => {
  test('sign-in, invitation, dashboard, accounts, my account, the audit log and the leads', async ({ page }) => {
    await page.goto('/admin/login');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'staff sign-in (375)');
    await page.goto('/admin/accept');
    await expect(page.getByRole('alert')).toHaveText('链接不完整，请打开管理员发给您的完整邀请链接。');
    await expectNoSidewaysScroll(page);

    const admin = await makeStaff('admin');
    await signIn(page, admin);
    for (const [path, heading] of [
      ['/admin', `${admin.name}，您好`],
      ['/admin/accounts', '员工账号'],
      ['/admin/account', '我的账号'],
      ['/admin/audit', '操作日志'],
      ['/admin/leads', '咨询线索'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('加载中…')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `${path} (375)`);
    }

    // The invitation dialog fits the phone too.
    await page.goto('/admin/accounts');
    await hydrated(page.getByRole('button', { name: '邀请员工' }));
    await page.getByRole('button', { name: '邀请员工' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请员工' });
    await expect(dialog.getByRole('button', { name: '生成邀请链接' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
