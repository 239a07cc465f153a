import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn, type E2eStaff } from './support/staff';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';
import { newClass, newLearners, type Learner } from './support/learning';
import { loginStudent } from './support/session';

/**
 * The teachers' inbox and the progress screen end to end: a teacher of a class answers a student's
 * question and the student sees the answer, under the teacher's name, in the classroom panel; the
 * teacher hides a comment and a classmate no longer sees it while its author sees it marked; the
 * class's progress opens with a student's courses and exports a CSV file. Then both screens at 375 px.
 */

const LESSON = '答疑阅读课';

async function withDb<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** A class of its own with one article lesson, two named students and the teacher linked to it. */
async function inboxWorld(teacher: E2eStaff) {
  const stamp = Date.now();
  const learners = await newLearners(DEMO_TENANT.id, 2);
  const names = [`答疑学员甲${stamp % 1000}`, `答疑学员乙${stamp % 1000}`];
  const cls = await newClass({
    tenantId: DEMO_TENANT.id,
    now: stamp,
    name: `答疑班-${stamp}`,
    courseName: '答疑课程',
    lessons: [{ name: LESSON, type: 3, content: { pageData: [{ type: 'article', html: '<p>答疑阅读材料。</p>' }] } }],
    duties: [],
    userIds: learners.map((l) => l.userId),
  });
  await withDb(async (db) => {
    for (const [i, l] of learners.entries()) await db.updateTable('users').set({ realName: names[i]! }).where('id', '=', l.userId).execute();
    await db
      .insertInto('classTeachers')
      .values({ id: newId(stamp), tenantId: DEMO_TENANT.id, classId: cls.classId, accountId: teacher.id, role: 'course', createdAt: stamp })
      .execute();
  });
  const url = (l: Learner) => `/study/classroom/online?classId=${cls.classId}&studentId=${cls.studentIds[l.userId]}&courseId=${cls.courseId}`;
  return { cls, learners, names, url };
}

async function learnerPost(page: Page, who: Learner, path: string, data: unknown) {
  const res = await page.request.post(`${DEMO_ORIGIN}/api${path}`, {
    headers: { Token: who.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' },
    data,
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

test.describe('@desktop-only the teachers inbox and progress', () => {
  test.use({ viewport: DESKTOP });

  test('a teacher answers a question and the student sees it; hides a comment; opens progress and exports it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const teacher = await makeStaff('teacher');
    const { cls, learners, names, url } = await inboxWorld(teacher);
    const [asker, commenter] = learners as [Learner, Learner];
    const lessonId = cls.lessons[LESSON]!;
    const question = `三相电怎么测量？${Date.now() % 10000}`;
    await learnerPost(page, asker, '/teaching/anyone/classroomQuestion/submit', {
      classId: cls.classId,
      classroomId: lessonId,
      studentId: cls.studentIds[asker.userId],
      courseId: cls.courseId,
      title: question,
      isDraft: false,
    });
    const comment = `这条评论不合适${Date.now() % 10000}`;
    await learnerPost(page, commenter, '/teaching/anyone/classroomComment/submit', { classId: cls.classId, id: lessonId, commentContent: comment });

    await signIn(page, teacher);
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '学员问答' }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await hydrated(page.getByRole('heading', { level: 1, name: /^学员问答/ }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('待回答 1');
    const card = page.getByRole('article', { name: question });
    await expect(card).toContainText(`${names[0]} · 答疑班-`);
    await expect(card).toContainText('尚未回答');
    await expectNoSeriousA11yViolations(page, '/admin/inbox');
    const answer = '用钳形电流表分别测量三根相线。';
    await card.getByLabel(/^回答“/).fill(answer);
    await card.getByRole('button', { name: '发送回答' }).click();
    await expect(page.getByText('回答已发送，学员可在课堂互动中看到')).toBeVisible();
    await expect(card).toContainText(answer);
    await expect(card).toContainText(teacher.name);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('待回答 0');

    // The comment is hidden with a reason.
    await page.getByRole('button', { name: '学员评论', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: comment });
    await row.getByRole('button', { name: '隐藏' }).click();
    const dialog = page.getByRole('dialog', { name: '隐藏这条内容' });
    await dialog.getByLabel('原因（会记入操作日志）').fill('与课程无关');
    await dialog.getByRole('button', { name: '隐藏' }).click();
    await expect(page.getByText('已隐藏，其他学员将看不到这条内容')).toBeVisible();
    await expect(row).toContainText('已隐藏：与课程无关');
    await expect(row.getByRole('button', { name: '恢复显示' })).toBeVisible();

    // Progress: the class, its students, one student's courses, the CSV file.
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '学习进度' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: '学习进度' }));
    // The teacher's only class is chosen at once.
    await expect(page.getByLabel('选择班级')).toHaveValue(cls.classId);
    const table = page.getByRole('region', { name: '学习进度' });
    await expect(table.getByRole('row').filter({ hasText: names[0]! })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: names[1]! })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin/progress');
    await table.getByRole('row').filter({ hasText: names[0]! }).getByRole('button', { name: /^详情/ }).click();
    const detail = page.getByRole('dialog', { name: `${names[0]} 的课程进度` });
    await expect(detail.getByRole('row').filter({ hasText: '答疑课程' })).toContainText('0%');
    await detail.getByRole('button', { name: '关闭' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^答疑班-\d+-学习进度-\d{8}\.csv$/);
    const bytes = readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(/^姓名,手机号,期次,学习时长（分钟）/);
    expect(text).toContain(names[0]);
    expect(text).toContain(names[1]);

    // The asker sees the answer in the classroom panel; the hidden comment is gone for them, marked for its author.
    const askerContext = await browser.newContext({ viewport: DESKTOP });
    const askerPage = await askerContext.newPage();
    await loginStudent(askerPage, DEMO_TENANT.id, asker.mobile);
    await askerPage.goto(url(asker));
    await hydrated(askerPage.getByRole('heading', { level: 1, name: LESSON }));
    const panel = askerPage.getByRole('region', { name: '课堂互动' });
    await panel.getByRole('tab', { name: /^问答/ }).click();
    await expect(panel.getByText(question)).toBeVisible();
    await expect(panel.getByText(answer)).toBeVisible();
    await expect(panel.getByText(new RegExp(teacher.name))).toBeVisible();
    await panel.getByRole('tab', { name: /^评论/ }).click();
    await expect(panel.getByText('暂无数据')).toBeVisible();
    await expect(panel.getByText(comment)).toHaveCount(0);
    await askerContext.close();

    const authorContext = await browser.newContext({ viewport: DESKTOP });
    const authorPage = await authorContext.newPage();
    await loginStudent(authorPage, DEMO_TENANT.id, commenter.mobile);
    await authorPage.goto(url(commenter));
    await hydrated(authorPage.getByRole('heading', { level: 1, name: LESSON }));
    const own = authorPage.getByRole('region', { name: '课堂互动' });
    await own.getByRole('tab', { name: /^评论/ }).click();
    await expect(own.getByText(comment)).toBeVisible();
    await expect(own.getByText('已被老师隐藏，仅自己可见')).toBeVisible();
    await authorContext.close();
  });
});

test.describe('@mobile-only the inbox and progress at 375 px', () => {
  test('both screens open, nothing scrolls sideways, axe finds nothing serious', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    const { learners, cls } = await inboxWorld(teacher);
    await learnerPost(page, learners[0]!, '/teaching/anyone/classroomQuestion/submit', {
      classId: cls.classId,
      classroomId: cls.lessons[LESSON],
      studentId: cls.studentIds[learners[0]!.userId],
      courseId: cls.courseId,
      title: '手机上的问题',
      isDraft: false,
    });
    await signIn(page, teacher);
    for (const [path, heading] of [
      ['/admin/inbox', /^学员问答/],
      ['/admin/progress', /^学习进度$/],
    ] as const) {
      await page.goto(path);
      await hydrated(page.getByRole('heading', { level: 1, name: heading }));
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('加载中…')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `${path} (375)`);
    }
  });
});
