import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { DESKTOP, authenticator, confirm, makeStaff, signInWithForm, signInForm } from './support/staff';

/**
 * Staff accounts at an office desktop's width: an administrator invites a colleague, who accepts
 * the link in another browser; the administrator changes a role, disables and enables an account,
 * resets a lost second factor and revokes an invitation. Everything found by role and text.
 */
test.use({ viewport: DESKTOP });

const row = (page: import('@playwright/test').Page, text: string) => page.getByRole('region', { name: '员工账号' }).getByRole('row').filter({ hasText: text });

test.describe('@desktop-only staff accounts', () => {
  test('an invitation link, shown once, lets the colleague set a password and sign in with the role given', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    await signInWithForm(page, admin);
    await page.goto('/admin/accounts');
    await expect(page.getByRole('heading', { level: 1, name: '员工账号' })).toBeVisible();
    await expect(row(page, admin.mobile)).toContainText('（我）');
    await expectNoSeriousA11yViolations(page, 'staff accounts');

    await hydrated(page.getByRole('button', { name: '邀请员工' }));
    await page.getByRole('button', { name: '邀请员工' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请员工' });
    await dialog.getByRole('button', { name: '生成邀请链接' }).click();
    await expect(dialog.getByText('请输入姓名')).toBeVisible();
    await dialog.getByLabel('姓名').fill('吴新老师');
    await dialog.getByLabel('角色').selectOption({ label: '任课教师' });
    await dialog.getByRole('button', { name: '生成邀请链接' }).click();
    await expect(dialog.getByText('邀请链接已生成')).toBeVisible();
    const url = await dialog.getByLabel('邀请链接').inputValue();
    expect(url).toMatch(/\/admin\/accept#token=[\w-]{43}$/);
    await expectNoSeriousA11yViolations(page, 'staff accounts, invitation dialog');
    await dialog.getByRole('button', { name: '完成' }).click();
    const pending = page.getByRole('region', { name: '待接受的邀请' });
    await expect(pending.getByRole('row').filter({ hasText: '吴新老师' })).toContainText('由受邀人填写');

    // The colleague, in another browser.
    const other = await browser.newContext({ viewport: DESKTOP });
    const invitee = await other.newPage();
    await invitee.goto(url);
    await expect(invitee.getByText('江南职业技能培训学院邀请您以“任课教师”身份加入管理后台。')).toBeVisible();
    await expectNoSeriousA11yViolations(invitee, 'accept invitation');
    const mobile = `134${String(Date.now() % 1e8).padStart(8, '0')}`;
    await invitee.getByLabel('手机号').fill(mobile);
    await invitee.getByLabel('新密码', { exact: true }).fill('short');
    await invitee.getByLabel('再次输入新密码').fill('short');
    await invitee.getByRole('button', { name: '设置密码并登录' }).click();
    await expect(invitee.getByText('密码至少8位')).toBeVisible();
    await invitee.getByLabel('新密码', { exact: true }).fill('Teacher2026');
    await invitee.getByLabel('再次输入新密码').fill('Teacher2026');
    await invitee.getByRole('button', { name: '设置密码并登录' }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    await expect(invitee.getByText('您在江南职业技能培训学院的角色：任课教师')).toBeVisible();
    // The link works once.
    await invitee.goto(url);
    await expect(invitee.getByRole('alert')).toHaveText('邀请链接无效、已使用或已过期，请联系学校管理员重新邀请');
    await other.close();

    await page.reload();
    await expect(row(page, mobile)).toContainText('吴新老师');
    await expect(pending.getByRole('row').filter({ hasText: '吴新老师' })).toHaveCount(0);
  });

  test('change a role, disable and enable an account; the disabled one is out at once', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    const editor = await makeStaff('editor');
    const other = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await other.newPage();
    await signInWithForm(editorPage, editor);

    await signInWithForm(page, admin);
    await page.goto('/admin/accounts');
    const editorRow = row(page, editor.mobile);
    const roleSelect = editorRow.getByRole('combobox', { name: `${editor.name}的角色` });
    await hydrated(roleSelect);
    await roleSelect.selectOption({ label: '任课教师' });
    await confirm(page);
    await expect(page.locator('#toast-region')).toContainText('已保存');
    await expect(roleSelect).toHaveValue('teacher');

    await editorRow.getByRole('button', { name: '停用' }).click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText(`停用后${editor.name}将立即退出所有登录`);
    await confirm(page);
    await expect(editorRow).toContainText('已停用');
    await editorPage.goto('/admin');
    await expect(editorPage).toHaveURL(/\/admin\/login/);
    await other.close();

    await editorRow.getByRole('button', { name: '启用' }).click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText(`启用后${editor.name}可以重新登录`);
    await confirm(page);
    await expect(editorRow.getByRole('button', { name: '停用' })).toBeVisible();
    await expect(editorRow).toContainText('启用');
  });

  test('a lost second factor is reset by an administrator; an invitation is revoked', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    const editor = await makeStaff('editor');
    // The editor turns the second factor on, then loses the phone.
    const other = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await other.newPage();
    await signInWithForm(editorPage, editor);
    await editorPage.goto('/admin/account');
    const section = editorPage.getByRole('region', { name: '两步验证' });
    await hydrated(section.getByRole('button', { name: '开启两步验证' }));
    await section.getByRole('button', { name: '开启两步验证' }).click();
    const secret = ((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    await section.getByLabel('动态验证码').fill(await authenticator(secret).code());
    await section.getByRole('button', { name: '确认开启' }).click();
    await expect(section.getByText('已开启', { exact: false })).toBeVisible();
    await other.close();

    await signInWithForm(page, admin);
    await page.goto('/admin/accounts');
    const editorRow = row(page, editor.mobile);
    await expect(editorRow).toContainText('已开启');
    await hydrated(editorRow.getByRole('button', { name: '重置两步验证' }));
    await editorRow.getByRole('button', { name: '重置两步验证' }).click();
    await confirm(page);
    await expect(editorRow).toContainText('未开启');

    // The password alone signs in now.
    const again = await browser.newContext({ viewport: DESKTOP });
    const signInPage = await again.newPage();
    await signInPage.goto('/admin/login');
    const form = await signInForm(signInPage);
    await form.getByLabel('手机号', { exact: true }).fill(editor.mobile);
    await form.getByLabel('密码', { exact: true }).fill(editor.password);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(signInPage).toHaveURL(/\/admin$/);
    await again.close();

    await page.getByRole('button', { name: '邀请员工' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请员工' });
    await dialog.getByLabel('姓名').fill('待撤销的人');
    await dialog.getByLabel('手机号（选填，不填则由受邀人填写）').fill('13412345678');
    await dialog.getByLabel('角色').selectOption({ label: '内容编辑' });
    await dialog.getByRole('button', { name: '生成邀请链接' }).click();
    const url = await dialog.getByLabel('邀请链接').inputValue();
    await dialog.getByRole('button', { name: '完成' }).click();
    const pendingRow = page.getByRole('region', { name: '待接受的邀请' }).getByRole('row').filter({ hasText: '待撤销的人' });
    await pendingRow.getByRole('button', { name: '撤销' }).click();
    await confirm(page);
    await expect(pendingRow).toHaveCount(0);
    await page.goto(url);
    await expect(page.getByRole('alert')).toHaveText('邀请链接无效、已使用或已过期，请联系学校管理员重新邀请');
  });

  test('more accounts than a page: search by name, filter by role, page through', async ({ page }) => {
    const tag = `翻页${String(Date.now() % 1e5).padStart(5, '0')}`;
    const admin = await makeStaff('admin');
    for (let i = 0; i < 21; i++) await makeStaff(i === 0 ? 'teacher' : 'editor', `${tag}员工${String(i).padStart(2, '0')}`);
    await signInWithForm(page, admin);
    await page.goto('/admin/accounts');
    const search = page.getByLabel('姓名或手机号');
    await hydrated(search);
    await search.fill(tag);
    await page.getByRole('button', { name: '查询' }).click();
    const rows = page.getByRole('region', { name: '员工账号' }).getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager).toContainText('共 21 条');
    await expect(pager).toContainText('第 1 / 2 页');
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${tag}员工20`);

    await page.getByLabel('角色', { exact: true }).selectOption({ label: '任课教师' });
    await page.getByRole('button', { name: '查询' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${tag}员工00`);
    await expectNoSeriousA11yViolations(page, 'staff accounts, searched');
  });
});
