import type { Browser, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, confirm, makeStaff, saveClass, signIn, staffWrite, type E2eStaff } from './support/staff';
import { loginStudent } from './support/session';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';

/**
 * 学员管理 by role: an administrator searches a student, opens their page, edits the name, disables
 * them (the student's own calls are then refused) and enables them again; a teacher sees only the
 * students of their class. At an office desktop's width, and a 375 px pass over the list and a
 * student's page.
 */

let made = 0;
/** A mobile no earlier run has used lately: 134 + time-based digits + a counter. */
const freshMobile = () => `134${String(((Date.now() / 1000) % 1e6) | 0).padStart(6, '0')}${String(++made % 100).padStart(2, '0')}`;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${++made}`;
const studentRows = (page: Page) => page.getByRole('region', { name: '学员列表' }).getByRole('row');

/** A class of the demo school (with `teacher` as its head teacher, when given) and a student enrolled in it by the administrator's page. */
async function classWithStudent(page: Page, name: string, teacher?: E2eStaff): Promise<{ mobile: string }> {
  const klass = await saveClass(page, unique('学员管理班'), teacher ? [{ accountId: teacher.id, role: 'head' }] : []);
  expect(klass.code).toBe(0);
  const mobile = freshMobile();
  expect((await staffWrite(page, `/admin/classes/${klass.data.id}/students/enrol`, { mobile, name })).code).toBe(0);
  return { mobile };
}

async function openStudents(page: Page) {
  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { level: 1, name: '学员管理' })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '查询' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await page.getByLabel('姓名或手机号').fill(text);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(studentRows(page)).toHaveCount(2);
}

/** The student signed in in a browser of their own (a session issued as a sign-in issues it). */
async function studentBrowser(browser: Browser, mobile: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  let token: string;
  try {
    ({ token } = await loginStudent(page, DEMO_TENANT.id, mobile));
    await page.goto('/');
  } catch (error) {
    await context.close();
    throw error;
  }
  /** What a learner call with the student's token answers now (the envelope's code and message). */
  const ask = () =>
    page.evaluate(async (token) => {
      const res = await fetch('/api/oauth/appUser/getUserInfo', { method: 'POST', headers: { Token: token, 'Content-Type': 'application/json' }, body: '{}' });
      return (await res.json()) as { code: number; message: string };
    }, token);
  return { context, ask };
}

test.use({ viewport: DESKTOP });

test.describe('@desktop-only 学员管理', () => {
  test('an administrator searches, opens a student, edits the name, disables (the student is refused) and enables them', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    const name = unique('管理学员');
    const { mobile } = await classWithStudent(page, name);
    await openStudents(page);
    await expectNoSeriousA11yViolations(page, 'students list');

    await search(page, mobile.slice(-8));
    await expect(studentRows(page).nth(1)).toContainText(name);
    await expect(studentRows(page).nth(1)).toContainText('正常');
    await studentRows(page)
      .nth(1)
      .getByRole('button', { name: `查看 ${name}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/students\?id=/);
    await expect(page.getByRole('region', { name: '所在班级' }).getByRole('row')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'student page');

    // The name, asked first.
    const renamed = `${name}改`;
    const form = page.getByRole('form', { name: '修改姓名和手机号' });
    await form.getByLabel('姓名').fill(renamed);
    await form.getByRole('button', { name: '保存' }).click();
    await confirm(page);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // 停用: the student's signed-in browser is refused from then on, and no new session is given.
    const student = await studentBrowser(browser, mobile);
    expect((await student.ask()).code).toBe(0);
    await page.getByRole('button', { name: '停用' }).click();
    await confirm(page);
    await expect(page.getByRole('button', { name: '启用' })).toBeVisible();
    await expect(page.getByText('已停用', { exact: true }).first()).toBeVisible();
    expect((await student.ask()).code).toBe(40005);
    await student.context.close();
    await expect(studentBrowser(browser, mobile)).rejects.toThrow('你在本校的学员账号已停用，请联系学校');

    // 启用: the student signs in again and their calls work.
    await page.getByRole('button', { name: '启用' }).click();
    await confirm(page);
    await expect(page.getByRole('button', { name: '停用' })).toBeVisible();
    const again = await studentBrowser(browser, mobile);
    expect((await again.ask()).code).toBe(0);
    await again.context.close();

    // Back to the list: the new name.
    await page.getByRole('button', { name: '返回学员列表' }).click();
    await search(page, mobile);
    await expect(studentRows(page).nth(1)).toContainText(renamed);
  });

  test('a teacher sees only the students of their class, with masked mobiles and no changes', async ({ page, browser }) => {
    const admin = await makeStaff('admin');
    const teacher = await makeStaff('teacher');
    await signIn(page, admin);
    const mine = unique('本班学员');
    const other = unique('他班学员');
    const { mobile } = await classWithStudent(page, mine, teacher);
    const { mobile: otherMobile } = await classWithStudent(page, other);

    const context = await browser.newContext({ viewport: DESKTOP });
    const teacherPage = await context.newPage();
    await signIn(teacherPage, teacher);
    await openStudents(teacherPage);
    await expect(studentRows(teacherPage)).toHaveCount(2);
    await expect(studentRows(teacherPage).nth(1)).toContainText(mine);
    await expect(studentRows(teacherPage).nth(1)).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    await teacherPage.getByLabel('姓名或手机号').fill(otherMobile);
    await teacherPage.getByRole('button', { name: '查询' }).click();
    await expect(teacherPage.getByText('没有符合条件的学员')).toBeVisible();
    await teacherPage.getByLabel('姓名或手机号').fill('');
    await teacherPage.getByRole('button', { name: '查询' }).click();
    await studentRows(teacherPage)
      .nth(1)
      .getByRole('button', { name: `查看 ${mine}` })
      .click();
    await expect(teacherPage.getByRole('heading', { level: 1, name: mine })).toBeVisible();
    await expect(teacherPage.getByRole('button', { name: '停用' })).toHaveCount(0);
    await expect(teacherPage.getByRole('form', { name: '修改姓名和手机号' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('@mobile-only 学员管理 at 375 px', () => {
  test('the list and a student’s page fit the phone with nothing serious for axe', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    const name = unique('手机学员');
    const { mobile } = await classWithStudent(page, name);
    await openStudents(page);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'students list (375)');
    await search(page, mobile);
    await studentRows(page)
      .nth(1)
      .getByRole('button', { name: `查看 ${name}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'student page (375)');
  });
});
