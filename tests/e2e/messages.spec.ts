import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { confirm, makeStaff, saveClass, signIn, signedInContext, staffWrite } from './support/staff';
import { loginStudent } from './support/session';
import { runJobsAt } from './support/jobs';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';

/**
 * The message centre as its people use it: a head teacher writes an urgent notice on the class's
 * screen; the student sees 消息 with the unread count in the header, reads the enrolment and the
 * notice in 消息中心 and marks them read, and the count goes. An administrator sets the school's
 * 短信签名 and sees the notice's SMS sent. The student's side at the project's width (desktop and
 * 375 px); the staff's at an office desktop.
 */

let made = 0;
const freshMobile = () => `133${String(((Date.now() / 1000) % 1e6) | 0).padStart(6, '0')}${String(++made % 100).padStart(2, '0')}`;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${++made}`;
const header = (page: Page) => page.getByRole('banner');

test('a teacher’s urgent notice reaches the student’s message centre; read, the header’s count goes', async ({ page, browser }) => {
  const admin = await makeStaff('admin');
  const teacher = await makeStaff('teacher');
  const staff = await signedInContext(browser, admin);
  const className = unique('通知班');
  const klass = await saveClass(staff.page, className, [{ accountId: teacher.id, role: 'head' }]);
  expect(klass.code).toBe(0);
  const mobile = freshMobile();
  expect((await staffWrite(staff.page, `/admin/classes/${klass.data.id}/students/enrol`, { mobile, name: '消息学员' })).code).toBe(0);
  await staff.context.close();

  // The head teacher writes the notice on the class's screen, asked first.
  const t = await signedInContext(browser, teacher);
  const noticeTitle = unique('调课通知');
  await t.page.goto(`/admin/classes?id=${klass.data.id}`);
  await expect(t.page.getByRole('heading', { level: 1, name: className })).toBeVisible();
  await hydrated(t.page.getByRole('button', { name: '发布通知' }));
  await t.page.getByRole('button', { name: '发布通知' }).click();
  const form = t.page.getByRole('form', { name: '发布通知' });
  await form.getByRole('button', { name: '发布' }).click();
  await expect(form.getByText('请填写通知标题')).toBeVisible();
  await form.getByLabel('标题').fill(noticeTitle);
  await form.getByLabel('内容').fill('周六的课改到周日上午九点。');
  await form.getByLabel('紧急（同时发送短信）').check();
  await form.getByRole('button', { name: '发布' }).click();
  await confirm(t.page);
  await expect(t.page.getByText('已发布，送达 1 名学员，1 条短信排队发送')).toBeVisible();
  const list = t.page.getByRole('list', { name: '班级通知' });
  await expect(list.getByText(noticeTitle)).toBeVisible();
  await expect(list.getByText('送达 1 人')).toBeVisible();
  await expectNoSeriousA11yViolations(t.page, 'class notices');
  await t.context.close();

  // The student: 消息 with two unread in the header, then the message centre.
  await loginStudent(page, DEMO_TENANT.id, mobile);
  await page.goto('/');
  const messagesLink = header(page).getByRole('link', { name: '消息，2 条未读' });
  await expect(messagesLink).toBeVisible();
  await messagesLink.click();
  await expect(page.getByRole('heading', { level: 1, name: '消息中心' })).toBeVisible();
  const notice = page.getByRole('article', { name: `班级通知：${noticeTitle}` });
  await expect(notice).toContainText('周六的课改到周日上午九点。');
  await expect(page.getByRole('article', { name: `您已加入班级「${className}」` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'message centre');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: '未读' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await notice.getByRole('button', { name: '标为已读' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(header(page).getByRole('link', { name: '消息，1 条未读' })).toBeVisible();
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByText('没有未读消息')).toBeVisible();
  await expect(header(page).getByRole('link', { name: '消息', exact: true })).toBeVisible();

  // The enrolment message leads to the class's page.
  await page.getByRole('button', { name: '全部', exact: true }).click();
  await page
    .getByRole('article', { name: `您已加入班级「${className}」` })
    .getByRole('button', { name: '查看' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/study/training-class\\?classId=${klass.data.id}`));
});

// The settings screen at 375 px is admin-school.spec.ts's.
test('an administrator sets the school’s signature and budget, and sees the notification SMS sent @desktop-only', async ({ page }) => {
  const admin = await makeStaff('admin');
  await signIn(page, admin);
  await page.goto('/admin/school#sms');
  const form = page.getByRole('form', { name: '短信设置' });
  await hydrated(form.getByRole('button', { name: '保存短信设置' }));
  await form.getByLabel('短信签名').fill('【坏】');
  await form.getByRole('button', { name: '保存短信设置' }).click();
  await expect(form.getByText('短信签名为 2 至 12 个字，不含【】')).toBeVisible();
  await form.getByLabel('短信签名').fill('云校培训');
  await form.getByLabel('每日短信额度（条）').fill('800');
  await form.getByRole('button', { name: '保存短信设置' }).click();
  await expect(page.getByText('短信设置已保存')).toBeVisible();
  await expect(form.getByText('当前：云校培训')).toBeVisible();

  // A student enrolled now is told by SMS once the job ran.
  const klass = await saveClass(page, unique('短信班'));
  const mobile = freshMobile();
  expect((await staffWrite(page, `/admin/classes/${klass.data.id}/students/enrol`, { mobile, name: '短信学员' })).code).toBe(0);
  await runJobsAt(Date.now());
  await page.reload();
  const recent = page.getByRole('region', { name: '最近的通知短信' });
  await expect(recent.getByRole('row', { name: new RegExp(`短信学员 ${mobile.slice(0, 3)}\\*\\*\\*\\*${mobile.slice(7)}`) })).toContainText('已发送');
  await expectNoSeriousA11yViolations(page, 'sms settings');
  await expectNoSidewaysScroll(page);
});
