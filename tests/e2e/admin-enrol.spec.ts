import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { makeStaff, saveClass, signIn, staffWrite } from './support/staff';
import { leadTag, makeLeads } from './support/leads';
import { expectDialogLayout } from './support/dialogs';

/**
 * The administrator's first-day journeys, at a desktop's width and at 375 px: students chosen in
 * 学员管理 and enrolled into a class at once (a second click enrols nobody again), a consult lead
 * turned into a student of a class (转为学员, once), an 操作日志 entry about a student opening that
 * student's page, and an invitation appearing in the pending list as soon as it is made.
 */

let made = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${++made}`;
/** A mobile no earlier run has used lately: 133 + time-based digits + a counter. */
const freshMobile = () => `133${String(((Date.now() / 1000) % 1e6) | 0).padStart(6, '0')}${String(++made % 100).padStart(2, '0')}`;
const studentRows = (page: Page) => page.getByRole('region', { name: '学员列表' }).getByRole('row');

async function newClass(page: Page, name: string): Promise<string> {
  const klass = await saveClass(page, name);
  expect(klass.code).toBe(0);
  return klass.data.id;
}

async function enrolByMobile(page: Page, classId: string, name: string) {
  expect((await staffWrite(page, `/admin/classes/${classId}/students/enrol`, { mobile: freshMobile(), name })).code).toBe(0);
}

async function openStudents(page: Page, search: string) {
  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { level: 1, name: '学员管理' })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '查询' }));
  await page.getByLabel('姓名或手机号').fill(search);
  await page.getByRole('button', { name: '查询' }).click();
}

test.describe('the administrator’s first day', () => {
  // 学员管理 and 咨询线索 at 375 px: admin-students.spec.ts and admin-mobile.spec.ts.
  test('学员管理: choose students, 加入班级 once; the log’s entry opens the student @desktop-only', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    const tag = unique('批量');
    const from = await newClass(page, unique('原班'));
    const target = unique('目标班');
    await newClass(page, target);
    await enrolByMobile(page, from, `${tag}甲`);
    await enrolByMobile(page, from, `${tag}乙`);

    await openStudents(page, tag);
    await expect(studentRows(page)).toHaveCount(3);
    const enrol = page.getByRole('button', { name: '加入班级' });
    await expect(enrol).toBeDisabled();
    await page.getByRole('checkbox', { name: `选择 ${tag}甲` }).check();
    await page.getByRole('checkbox', { name: `选择 ${tag}乙` }).check();
    await expect(page.getByRole('checkbox', { name: '选择本页全部学员' })).toBeChecked();
    await expect(page.getByText('已选 2 名学员')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'students list with choices');

    await enrol.click();
    const dialog = page.getByRole('dialog', { name: '将选中的学员加入班级' });
    await expect(dialog).toContainText('将 2 名学员加入以下班级');
    await dialog.getByLabel('班级').selectOption({ label: target });
    await expectDialogLayout(dialog, '确认加入');
    await expectNoSeriousA11yViolations(page, 'enrol dialog');
    await dialog.getByRole('button', { name: '确认加入' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`加入“${target}”：新加入 2 名，已在班级中 0 名`);
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(dialog).toBeHidden();
    // The choice was cleared.
    await expect(page.getByRole('checkbox', { name: `选择 ${tag}甲` })).not.toBeChecked();

    // A second click enrols nobody again: both are reported as in the class already.
    await page.getByRole('checkbox', { name: '选择本页全部学员' }).check();
    await enrol.click();
    await dialog.getByLabel('班级').selectOption({ label: target });
    await dialog.getByRole('button', { name: '确认加入' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`加入“${target}”：新加入 0 名，已在班级中 2 名`);
    await expect(dialog).toContainText(`已在班级中（未重复加入）：`);
    await dialog.getByRole('button', { name: '完成' }).click();

    // 操作日志: the enrolment's entry links to the student's page, which opens that student.
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: '操作日志' })).toBeVisible();
    const entry = page.getByRole('link', { name: new RegExp(`${tag}甲`) }).first();
    await hydrated(entry);
    await expect(entry).toHaveAttribute('href', /^\/admin\/students\?id=/);
    await entry.click();
    await expect(page.getByRole('heading', { level: 1, name: `${tag}甲` })).toBeVisible();
    await expect(page.getByRole('region', { name: '所在班级' }).first()).toContainText(target);
    await expectNoSidewaysScroll(page);
  });

  test('咨询线索: 转为学员 makes the student in the chosen class, once @desktop-only', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    const tag = leadTag();
    const klass = unique('线索班');
    await newClass(page, klass);
    await makeLeads([{ name: `${tag}丁`, mobile: freshMobile(), content: '想报名电工班', minutesAgo: 5 }]);

    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: '咨询线索' })).toBeVisible();
    const search = page.getByLabel('姓名或手机号');
    await hydrated(search);
    await search.fill(tag);
    await page.getByRole('button', { name: '查询' }).click();
    const rows = page.getByRole('region', { name: '线索列表' }).getByRole('row');
    await expect(rows.filter({ hasText: tag })).toHaveCount(1);
    await rows
      .filter({ hasText: tag })
      .getByRole('button', { name: `查看 ${tag}丁` })
      .click();
    const dialog = page.getByRole('dialog', { name: '线索详情' });
    await dialog.getByRole('button', { name: '转为学员' }).click();
    await expect(dialog).toContainText(`将${tag}丁`);
    await dialog.getByLabel('班级').selectOption({ label: klass });
    await expectDialogLayout(dialog, '转为学员');
    await expectNoSeriousA11yViolations(page, 'lead conversion');
    await dialog.getByRole('button', { name: '转为学员' }).click();
    await expect(page.locator('#toast-region')).toContainText(`${tag}丁已转为学员，加入了“${klass}”`);
    await expect(dialog).toContainText('已转为学员');
    // Once: the converted lead offers no second conversion, and links to the student.
    await expect(dialog.getByRole('button', { name: '转为学员' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(rows.filter({ hasText: tag })).toContainText('已转为学员');
    await page.getByLabel('状态').selectOption({ label: '已转为学员' });
    await page.getByRole('button', { name: '查询' }).click();
    await expect(rows.filter({ hasText: tag })).toHaveCount(1);
    await expectNoSidewaysScroll(page);

    await rows
      .filter({ hasText: tag })
      .getByRole('button', { name: `查看 ${tag}丁` })
      .click();
    await dialog.getByRole('link', { name: '查看学员' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${tag}丁` })).toBeVisible();
    await expect(page.getByRole('region', { name: '所在班级' }).first()).toContainText(klass);
  });

  test('员工账号: an invitation is in the pending list as soon as it is made, however the dialog is closed @desktop-only', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await page.goto('/admin/accounts');
    await expect(page.getByRole('heading', { level: 1, name: '员工账号' })).toBeVisible();
    const invite = page.getByRole('button', { name: '邀请员工' });
    await hydrated(invite);
    await expect(page.getByText('加载中…')).toHaveCount(0);
    const name = unique('新同事');
    await invite.click();
    const dialog = page.getByRole('dialog', { name: '邀请员工' });
    await dialog.getByLabel('姓名').fill(name);
    await dialog.getByLabel('角色').selectOption({ label: '任课教师' });
    await dialog.getByRole('button', { name: '生成邀请链接' }).click();
    await expect(dialog.getByText('邀请链接已生成')).toBeVisible();
    // Listed while the link is still shown, before the dialog is put away.
    const pending = page.getByRole('region', { name: '待接受的邀请' });
    await expect(pending.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pending.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'accounts with the new invitation');
  });
});
