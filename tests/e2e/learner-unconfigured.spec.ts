import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { LEARNING_CLASSES, LEARNING_COURSES } from '../../src/dev/seed/learning-data';
import { DEMO_STUDENT } from '../../src/dev/seed/login';
import { bindUserToTenant, findOrCreateUser, issueToken, userInfoOf } from '../../src/server/identity/identity.service';
import { courseJump } from '../../src/lib/learning/jumps';
import { test, expect, hydrated } from './support/fixtures';
import { PARTNER_DB_FILE, PARTNER_ORIGIN } from './support/env';

/**
 * Issue 27: what cannot work says so and offers no button that could only fail. The partner
 * server (playwright.config.ts) runs the same demo school without the third-party platform and
 * without the external question bank: the third-party course iiot and the bank's practice 题库练习
 * say plainly that they are not available, with no 进入学习 and no 开始答题. Only reads: the demo
 * student's pages, no attempt is started.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;
const IIOT = LEARNING_COURSES[DEMO_TENANT.id]!.find((c) => c.key === 'iiot')!.name;
const HOUR_MS = 3_600_000;

interface Place {
  classId: string;
  studentId: string;
  courseId: string;
  bank: { classroomId: string; courseId: string };
}

/** The demo student signed in to the partner server's page, and their class A, iiot and the bank's practice there. */
async function placeOf(page: Page): Promise<Place> {
  const { db } = await openDatabase({ url: `file:./${PARTNER_DB_FILE}` });
  try {
    const now = Date.now();
    const user = await findOrCreateUser(db, DEMO_STUDENT.mobile, now);
    await bindUserToTenant(db, DEMO_TENANT.id, user.id, now);
    const { token, expiration } = await issueToken(db, { userId: user.id, tenantId: DEMO_TENANT.id, now, ttlMs: HOUR_MS });
    const info = userInfoOf(user);
    await page.addInitScript(
      ({ token, expiration, info }) => {
        localStorage.setItem('szyx_token', token);
        localStorage.setItem('szyx_tokenExpire', String(expiration));
        localStorage.setItem('szyx_userInfo', JSON.stringify(info));
      },
      { token, expiration, info },
    );
    const cls = await db
      .selectFrom('teachingClasses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', CLASS_A)
      .executeTakeFirstOrThrow();
    const student = await db.selectFrom('classStudents').select('id').where('classId', '=', cls.id).where('userId', '=', user.id).executeTakeFirstOrThrow();
    const course = await db.selectFrom('courses').select('id').where('tenantId', '=', DEMO_TENANT.id).where('name', '=', IIOT).executeTakeFirstOrThrow();
    const bank = await db
      .selectFrom('works')
      .select(['classroomId', 'courseId'])
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('classId', '=', cls.id)
      .where('title', '=', '题库练习')
      .executeTakeFirstOrThrow();
    return { classId: cls.id, studentId: student.id, courseId: course.id, bank };
  } finally {
    await db.destroy();
  }
}

test.describe('a site without the third-party platform or the question bank', () => {
  test('the third-party course says it cannot be entered here and offers no 进入学习', async ({ page }) => {
    const p = await placeOf(page);
    await page.goto(`${PARTNER_ORIGIN}${courseJump({ courseId: p.courseId, classId: p.classId, classStudentId: p.studentId })}`);
    await hydrated(page.getByRole('heading', { level: 1, name: IIOT }));
    const last = page.getByRole('region', { name: '最近学习', exact: true });
    await expect(last.getByRole('status')).toHaveText('本课程在合作学习平台上进行，本校尚未接入该平台，暂时无法进入学习，请联系班主任。');
    await expect(page.getByRole('button', { name: '进入学习' })).toHaveCount(0);
  });

  test('the bank’s practice says the bank is not open here and offers no 开始答题', async ({ page }) => {
    const p = await placeOf(page);
    const q = `classId=${p.classId}&classroomId=${p.bank.classroomId}&classStudentId=${p.studentId}&courseId=${p.bank.courseId}&status=0`;
    await page.goto(`${PARTNER_ORIGIN}/study/test?${q}`);
    await hydrated(page.getByRole('heading', { level: 1, name: '题库练习' }));
    await expect(page.getByRole('status').filter({ hasText: '题库' })).toHaveText('本测验的题目来自外部题库，本校尚未开通题库服务，暂时无法作答，请联系班主任');
    await expect(page.getByRole('link', { name: /开始答题|继续答题/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /开始答题/ })).toHaveCount(0);
    await expect(page.getByText('加载失败')).toHaveCount(0);
  });
});
