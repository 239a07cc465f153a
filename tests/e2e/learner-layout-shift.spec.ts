import type { Page } from '@playwright/test';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as classPage from '~/lib/api/contracts/learning-class';
import { openDatabase } from '~/server/db/database';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { test, expect } from './support/fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';
import { loginStudent, type Student } from './support/session';
import { enrolNewStudent, startUrl, workPlace, type WorkPlace } from './support/exams';

/**
 * Nothing on a learner or exam page jumps while its parts load: the page's cumulative layout
 * shift (every layout-shift entry not caused by input, summed, which is stricter than the
 * windowed figure Lighthouse reports) stays at most 0.1. The API answers are held back by
 * different amounts, so the parts of a page arrive one by one and in a mixed order, as on a slow
 * phone network: a part that pushes another down shows up here.
 */

const BUDGET = 0.1;
/** Each API answer is held back by one of these in turn (ms). */
const DELAYS = [300, 60, 480, 150, 20, 240];
const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;

interface Shift {
  value: number;
  sources: string[];
}

/** Collects layout shifts from the first paint on and slows the API down as a phone network would. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (e.hadRecentInput) continue;
        const sources = (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : null;
          return el ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}` : '?';
        });
        w.__shifts.push({ value: e.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let n = 0;
  await page.route('**/api/**', async (route) => {
    const delay = DELAYS[n++ % DELAYS.length]!;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue().catch(() => undefined);
  });
}

/** Opens a page, waits until every part has its content (no busy placeholder, the network quiet) and answers its layout shift. */
async function shiftOf(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<{ total: number; shifts: Shift[] }> {
  await page.goto(url);
  await ready(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

async function expectSteady(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const { total, shifts } = await shiftOf(page, url, ready);
  expect(total, `layout shift of ${url}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(BUDGET);
}

async function call<T>(page: Page, student: Student, contract: { path: string }, body: unknown): Promise<T> {
  const res = await page.request.post(`${DEMO_ORIGIN}${urlOf(contract)}`, { headers: { Token: student.token }, data: body });
  const envelope = await res.json();
  expect(envelope.code, JSON.stringify(envelope)).toBe(0);
  return envelope.data as T;
}

interface ClassA {
  student: Student;
  classId: string;
  studentId: string;
  courseId: string;
}

/** A new student of class A (opening the class page counts a visit, the classroom makes a study record). */
async function classA(page: Page): Promise<ClassA> {
  const student = await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
  const classes = await call<learning.LearnerClass[]>(page, student, learning.studentClasses, { userId: student.userId });
  const classId = classes.find((c) => c.className === CLASS_A)!.classId;
  const { studentId } = await call<learning.StudentClassDetail>(page, student, learning.studentClassDetail, { classId, userId: student.userId });
  type CourseList = { classStudentCourseResultVOS: classPage.ClassStudentCourse[] };
  const { classStudentCourseResultVOS: courses } = await call<CourseList>(page, student, classPage.studentCourseStatistic, { classId, studentId });
  return { student, classId, studentId, courseId: courses[0]!.courseId };
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
};

test.describe('learner and exam pages do not jump while they load (layout shift at most 0.1)', () => {
  test('the class page, at the size of the device and at 1366 px', async ({ page }, info) => {
    const a = await classA(page);
    await watchShifts(page);
    const url = `/study/training-class?classId=${a.classId}`;
    const ready = async (p: Page) => {
      await heading(CLASS_A)(p);
      await expect(p.getByRole('heading', { name: /^全部课程/ })).toBeVisible({ timeout: 15_000 });
    };
    await expectSteady(page, url, ready);
    if (info.project.name === 'desktop') {
      await page.setViewportSize({ width: 1366, height: 768 });
      await expectSteady(page, url, ready);
    }
  });

  test('my learning, the timetable, the course page and the online classroom', async ({ page }) => {
    const a = await classA(page);
    await watchShifts(page);
    await expectSteady(page, '/study/mine', async (p) => {
      await expect(p.getByRole('tabpanel').locator('li > button').first()).toBeVisible({ timeout: 15_000 });
    });
    await expectSteady(page, `/study/class-time-table?classId=${a.classId}&studentId=${a.studentId}&userId=${a.student.userId}`, heading('课程表'));
    await expectSteady(page, `/study/course/course-detail?courseId=${a.courseId}&classId=${a.classId}&classStudentId=${a.studentId}`, async (p) => {
      await expect(p.getByRole('region', { name: '课程要求' })).toBeVisible({ timeout: 15_000 });
    });
    await expectSteady(page, `/study/classroom/online?classId=${a.classId}&studentId=${a.studentId}&courseId=${a.courseId}`, async (p) => {
      await expect(p.getByRole('region', { name: '课堂互动' })).toBeVisible({ timeout: 15_000 });
    });
  });

  test('the exam pages: a test’s start page, its review, and a homework being answered', async ({ page }) => {
    const mock: WorkPlace = await workPlace(page, '第一次模拟考试');
    const homework = await workPlace(page, '第二章课后作业');
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    let reviewed: string;
    try {
      const attempt = await db
        .selectFrom('workAttempts')
        .select('id')
        .where('tenantId', '=', DEMO_TENANT.id)
        .where('classStudentId', '=', mock.studentId)
        .where('classroomId', '=', mock.classroomId)
        .where('status', '=', 2)
        .executeTakeFirstOrThrow();
      reviewed = attempt.id;
    } finally {
      await db.destroy();
    }
    await watchShifts(page);
    await expectSteady(page, startUrl(mock), heading('第一次模拟考试'));
    const q = `classId=${mock.classId}&classroomId=${mock.classroomId}&classStudentId=${mock.studentId}&courseId=${mock.courseId}&workId=${mock.workId}`;
    await expectSteady(page, `/study/test/check-my-test-exam?${q}&answerLogId=${reviewed}&status=2`, heading('第一次模拟考试'));
    await expectSteady(page, startUrl(homework), heading('第二章课后作业'));
  });
});
