import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import { cstWeekday } from '~/lib/learning/recurrence';
import { DAY, formatDate } from '~/lib/time/cst';
import { openDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/ids';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn } from './support/staff';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';

/**
 * Activities and attendance on the staff side at an office desktop's width: a class's teacher
 * schedules a weekly activity (每周重复, today's weekday, 4 times) and the student finds it on their
 * timetable; a face-to-face activity of yesterday shows every student absent, the teacher corrects
 * one student's sign-in with a reason and exports the CSV. A 375 px smoke opens the screen.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** A class of its own (a course of two lessons, two students) with `teacherId` as its head teacher. */
async function ownClass(teacherId: string) {
  const learners = await newLearners(DEMO_TENANT.id, 2);
  const name = unique('活动班');
  const c = await newClass({
    tenantId: DEMO_TENANT.id,
    now: Date.now(),
    name,
    courseName: '电工基础',
    lessons: [
      { name: '安全用电', type: 1, minutes: 10 },
      { name: '现场实操', type: 11 },
    ],
    duties: [],
    userIds: learners.map((l) => l.userId),
    window: [-10, 60],
  });
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db
      .insertInto('classTeachers')
      .values({ id: newId(Date.now()), tenantId: DEMO_TENANT.id, classId: c.classId, accountId: teacherId, role: 'head', createdAt: Date.now() })
      .execute();
  } finally {
    await db.destroy();
  }
  return { ...c, name, learners };
}

async function openActivities(page: Page, classId: string) {
  await page.goto(`/admin/activities?classId=${classId}`);
  await expect(page.getByRole('heading', { level: 1, name: '活动与考勤' })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '新建活动' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

const activityRows = (page: Page) => page.getByRole('region', { name: '活动与考勤' }).getByRole('row');

test.use({ viewport: DESKTOP });

test.describe('@desktop-only activities and attendance on the staff side', () => {
  test("schedule a weekly activity and see it on the student's timetable; correct an attendance with a reason; export the CSV", async ({ page, browser }) => {
    // A whole journey through many screens and a second browser: 24 s alone on a fast machine, 2.5 times that on a
    // slower one (decision 086), past the 60 s default.
    test.setTimeout(90_000);
    const teacher = await makeStaff('teacher');
    const own = await ownClass(teacher.id);
    await signIn(page, teacher);
    await openActivities(page, own.classId);
    await expect(page.getByLabel('班级')).toHaveValue(own.classId);
    await expect(page.getByText('暂无活动')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'activities list');

    // A weekly activity from today, 4 times on today's weekday.
    const today = formatDate(Date.now());
    await page.getByRole('button', { name: '新建活动' }).click();
    let dialog = page.getByRole('dialog', { name: '新建活动' });
    await dialog.getByLabel('活动名称').fill('电工理论晚课');
    await dialog.getByLabel('课程').selectOption({ label: '电工基础' });
    await dialog.getByLabel('课时').selectOption({ label: '安全用电' });
    await dialog.getByLabel('开始时间').fill(`${today}T23:00`);
    await dialog.getByLabel('结束时间').fill(`${today}T23:45`);
    await dialog.getByRole('checkbox', { name: '每周重复' }).check();
    await dialog.getByRole('checkbox', { name: WEEKDAY[cstWeekday(Date.now())]!, exact: true }).check();
    await dialog.getByRole('spinbutton', { name: '重复次数' }).fill('4');
    await expect(dialog.getByText('将生成 4 次活动')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'activity form');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('已保存 4 次活动')).toBeVisible();
    await expect(activityRows(page).filter({ hasText: '电工理论晚课' })).toHaveCount(4);

    // The student's timetable shows it this week.
    const context = await browser.newContext({ viewport: DESKTOP });
    const studentPage = await context.newPage();
    const student = await loginStudent(studentPage, DEMO_TENANT.id, own.learners[0]!.mobile);
    const res = await studentPage.request.post(`${DEMO_ORIGIN}${urlOf(learning.studentClassDetail)}`, {
      headers: { Token: student.token },
      data: { classId: own.classId, userId: student.userId },
    });
    const { studentId } = ((await res.json()) as { data: learning.StudentClassDetail }).data;
    await studentPage.goto(`/study/class-time-table?classId=${own.classId}&studentId=${studentId}&userId=${student.userId}`);
    await expect(studentPage.getByRole('heading', { level: 1, name: '课程表' })).toBeVisible();
    await expect(studentPage.getByRole('region', { name: '课程日历' }).getByText('电工理论晚课').first()).toBeVisible();
    await context.close();

    // A face-to-face activity of yesterday, with sign-in and sign-out.
    const yesterday = formatDate(Date.now() - DAY);
    await page.getByRole('button', { name: '新建活动' }).click();
    dialog = page.getByRole('dialog', { name: '新建活动' });
    await dialog.getByLabel('活动名称').fill('现场实操课');
    await dialog.getByLabel('课程').selectOption({ label: '电工基础' });
    await dialog.getByLabel('课时').selectOption({ label: '现场实操' });
    await dialog.getByLabel('上课方式').selectOption({ label: '线下' });
    await dialog.getByLabel('开始时间').fill(`${yesterday}T08:00`);
    await dialog.getByLabel('结束时间').fill(`${yesterday}T09:00`);
    await dialog.getByLabel('上课地点').fill('一号实训室');
    await dialog.getByRole('checkbox', { name: '需要签退' }).check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存 1 次活动')).toBeVisible();

    // Its attendance: both students absent; correct the first one's sign-in with a reason.
    await activityRows(page).filter({ hasText: '现场实操课' }).getByRole('button', { name: '考勤' }).click();
    await expect(page.getByText('应到 2 人，签到 0 人，签退 0 人，缺勤 2 人')).toBeVisible();
    const masked = `${own.learners[0]!.mobile.slice(0, 3)}****${own.learners[0]!.mobile.slice(-4)}`;
    const sheet = page
      .getByRole('region', { name: /^考勤：现场实操课/ })
      .getByRole('row')
      .filter({ hasText: masked });
    await expect(sheet).toContainText('缺勤');
    await expectNoSeriousA11yViolations(page, 'attendance');
    await sheet.getByRole('button', { name: '更正' }).click();
    const correct = page.getByRole('dialog', { name: /^更正考勤/ });
    await expect(correct.getByLabel('更正项')).toHaveValue('1');
    await correct.getByLabel('时间').fill(`${yesterday}T08:05`);
    await correct.getByRole('button', { name: '保存' }).click();
    // The reason is required (the browser's own check stops the form first).
    await expect(correct).toBeVisible();
    await correct.getByLabel('更正原因').fill('签到设备故障，现场确认到课');
    await expectNoSeriousA11yViolations(page, 'correction form');
    await correct.getByRole('button', { name: '保存' }).click();
    await expect(correct).toBeHidden();
    await expect(page.getByText('考勤已更正')).toBeVisible();
    await expect(sheet).toContainText(`${yesterday} 08:05:00（老师更正）`);
    await expect(sheet).toContainText('已签到');
    await expect(page.getByText('应到 2 人，签到 1 人，签退 0 人，缺勤 1 人')).toBeVisible();

    // The CSV file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`考勤-现场实操课-${yesterday}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('姓名,手机号,签到时间,签退时间,状态,老师更正');
    expect(text).toContain(`${masked},${yesterday} 08:05:00,,已签到,是`);
  });
});

test.describe('@mobile-only activities at 375 px', () => {
  test('the activities screen and its form open without sideways scrolling and with nothing serious for axe', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    const own = await ownClass(teacher.id);
    await signIn(page, teacher);
    await openActivities(page, own.classId);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'activities (375)');
    await page.getByRole('button', { name: '新建活动' }).click();
    const dialog = page.getByRole('dialog', { name: '新建活动' });
    await dialog.getByRole('checkbox', { name: '每周重复' }).check();
    await expect(dialog.getByRole('button', { name: '保存' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'activity form (375)');
  });
});
