import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { LEARNING_CLASSES } from '../../src/dev/seed/learning-data';
import { test, expect, hydrated } from './support/fixtures';
import { DEMO_ORIGIN } from './support/env';
import { loginStudent } from './support/session';
import { todaysAutoSignInActivity } from './support/attendance';
import { enrolNewStudent } from './support/exams';

/**
 * A student's way into today's online class (issue 12): from the class page's 今日课程 to the
 * activity, where online attendance signs them in with the message. A new student of class A of
 * the test's own takes it (entering signs in and counts a visit), so no seeded student changes.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;

test('from the class page to today’s online activity: signed in on entry, with the message', async ({ page }) => {
  const student = await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
  const headers = { Token: student.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' };
  const classes = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`, { headers, data: { userId: student.userId } })
  ).json();
  const classId = classes.data.find((c: { className: string }) => c.className === CLASS_A).classId as string;
  const detail = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/detail`, { headers, data: { classId, userId: student.userId } })
  ).json();
  const studentId = detail.data.studentId as string;

  const today = await todaysAutoSignInActivity(classId, studentId);

  await page.goto(`/study/training-class?classId=${classId}`);
  const all = page.getByRole('tablist', { name: '今日课程分类' }).getByRole('tab', { name: /^全部/ });
  await hydrated(all);
  await all.click();
  await page.locator('#class-today-panel').getByRole('link').filter({ hasText: today.name }).click();
  await page.waitForURL(/\/study\/classroom\/classroom-detail\?/);
  expect(new URL(page.url()).searchParams.get('activityId')).toBe(today.id);
  await expect(page.getByRole('heading', { level: 1, name: today.name })).toBeVisible();
  await expect(page.getByText('本课堂已开启自动签到，您已签到成功')).toBeVisible();
  await expect(page.getByText(/^已签到 \d\d:\d\d$/)).toBeVisible();
});
