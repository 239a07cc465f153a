import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn, type E2eStaff } from './support/staff';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';
import { answerUrl, openAnswering } from './support/exams';

/**
 * Papers and works end to end: a teacher builds a paper with two groups from the bank's questions,
 * sets points and sees the total, sets the test work of a lesson of their class with an attempt
 * policy, previews the paper through the answering page's own components, and a student of the
 * class then starts the test and sees the same questions. Then the screens at 375 px.
 */

const TEST_LESSON = '单元测验';

/** A class of its own with a test lesson, one student and the teacher linked to it. */
async function world(teacher: E2eStaff) {
  const stamp = Date.now();
  const [learner] = await newLearners(DEMO_TENANT.id, 1);
  const cls = await newClass({
    tenantId: DEMO_TENANT.id,
    now: stamp,
    name: `组卷班-${stamp}`,
    courseName: `组卷课程-${stamp % 10000}`,
    lessons: [{ name: TEST_LESSON, type: 7 }],
    duties: [],
    userIds: [learner!.userId],
  });
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db
      .insertInto('classTeachers')
      .values({ id: newId(stamp), tenantId: DEMO_TENANT.id, classId: cls.classId, accountId: teacher.id, role: 'course', createdAt: stamp })
      .execute();
  } finally {
    await db.destroy();
  }
  return { cls, learner: learner! };
}

/** Bank questions made through the staff call with the page's session (the question screen's own test makes them by hand). */
async function bankQuestions(page: Page, k: string) {
  const me = await (await page.request.get(`${DEMO_ORIGIN}/api/admin/session/me`, { headers: { TenantId: DEMO_TENANT.id } })).json();
  const headers = { TenantId: DEMO_TENANT.id, 'X-CSRF-Token': me.data.csrfToken, Origin: DEMO_ORIGIN, 'Content-Type': 'application/json' };
  const save = async (data: unknown) => {
    const body = await (await page.request.post(`${DEMO_ORIGIN}/api/admin/bank/questions/save`, { headers, data })).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
  };
  await save({
    questionType: 1,
    trunk: `<p>安全电压一般是（ ）${k}</p>`,
    options: [
      { key: 'A', value: '36V' },
      { key: 'B', value: '220V' },
    ],
    answerOptions: ['A'],
    examPoint: 2,
  });
  await save({ questionType: 3, trunk: `<p>湿手可以触摸开关${k}</p>`, answerOptions: ['2'], examPoint: 2 });
  await save({ questionType: 6, trunk: `<p>简述触电急救步骤${k}</p>`, reference: '先断电', examPoint: 10 });
}

test.describe('@desktop-only papers and works', () => {
  test.use({ viewport: DESKTOP });

  test('a paper with two groups becomes a test work with a policy; the preview and the student see the same questions', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const teacher = await makeStaff('teacher');
    const { cls, learner } = await world(teacher);
    await signIn(page, teacher);
    const k = `${Date.now() % 100000}`;
    await bankQuestions(page, k);

    // The paper: title, time limit, two groups.
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '试卷' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: '试卷' }));
    await page.getByRole('button', { name: '新建试卷' }).click();
    const fields = page.getByRole('region', { name: '新建试卷' });
    await fields.getByLabel('试卷名称').fill(`安全用电测验${k}`);
    await fields.getByLabel('答题时长（分钟，不限时留空）').fill('30');
    await fields.getByLabel('题组 1 名称').fill('一、客观题');
    await fields.getByRole('button', { name: '添加题组' }).click();
    await fields.getByLabel('题组 2 名称').fill('二、主观题');
    await fields.getByRole('button', { name: '保存试卷' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: `安全用电测验${k}` }));

    // Questions from the bank into each group.
    const add = page.getByRole('region', { name: '从题库添加题目' });
    await add.getByLabel('题干关键词').fill(k);
    await add.getByRole('button', { name: '查询' }).click();
    await add.getByLabel(/安全电压一般是/).check();
    await add.getByLabel(/湿手可以触摸开关/).check();
    await add.getByRole('button', { name: '加入所选题目' }).click();
    await expect(page.getByRole('heading', { name: '一、客观题（2 题，4 分）' })).toBeVisible();
    await add.getByLabel(/简述触电急救步骤/).check();
    await add.getByLabel('加入题组').selectOption({ label: '二、主观题' });
    await add.getByRole('button', { name: '加入所选题目' }).click();
    await expect(page.getByRole('heading', { name: '二、主观题（1 题，10 分）' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '总分 14 分，共 3 题' })).toBeVisible();
    // Points in the paper.
    await page.getByLabel('第 1 题分值').first().fill('4');
    await page.getByRole('button', { name: '改分' }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: '总分 16 分，共 3 题' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'paper editor');

    // The preview: the answering page's components, questions grouped by type as the student sees them.
    await page.getByRole('link', { name: '预览' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: `试卷预览：安全用电测验${k}` }));
    await expect(page.getByText('预览：与学员作答时看到的一致，作答不会保存。')).toBeVisible();
    await expect(page.getByText(`安全电压一般是（ ）${k}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^第1题/ })).toBeVisible();
    await page.getByRole('button', { name: '下一题' }).click();
    await expect(page.getByText(`湿手可以触摸开关${k}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'paper preview');

    // The test work of the lesson, with its policy.
    // From the class's page, its works open with the class chosen.
    await page.goto(`/admin/classes?id=${cls.classId}`);
    await page.getByRole('navigation', { name: '本班的其他页面' }).getByRole('link', { name: '本班作业与考试' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/works\\?classId=${cls.classId}$`));
    await hydrated(page.getByRole('heading', { level: 1, name: '作业与考试' }));
    await expect(page.getByLabel('班级')).toHaveValue(cls.classId);
    const table = page.getByRole('region', { name: '作业与考试' }).getByRole('table');
    await expect(table.getByRole('row', { name: new RegExp(TEST_LESSON) })).toContainText('未设置');
    await table
      .getByRole('row', { name: new RegExp(TEST_LESSON) })
      .getByRole('button', { name: '设置' })
      .click();
    const form = page.getByRole('region', { name: `${TEST_LESSON}：作业或考试` });
    await form.getByLabel('标题').fill(`期中安全测验${k}`);
    await form.getByLabel('试卷', { exact: true }).selectOption({ label: `安全用电测验${k}（16 分）` });
    await expect(form.getByLabel('答题时长（分钟，不限时留空）')).toHaveValue('30');
    await form.getByLabel('允许作答次数（不限留空）').fill('2');
    await form.getByLabel('计分方式').selectOption({ label: '最高分' });
    await form.getByLabel('何时显示答案与解析').selectOption({ label: '截止后' });
    await form.getByLabel('截止时间（YYYY-MM-DD HH:mm，选填）').fill('2099-12-31 18:00');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(TEST_LESSON) })).toContainText(`期中安全测验${k}`);
    await expectNoSeriousA11yViolations(page, 'works');

    // The student starts the test and sees the paper's questions.
    const context = await browser.newContext({ viewport: DESKTOP });
    const student = await context.newPage();
    await loginStudent(student, DEMO_TENANT.id, learner.mobile);
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    const work = await db.selectFrom('works').select(['id', 'courseId', 'classroomId']).where('classId', '=', cls.classId).executeTakeFirstOrThrow();
    await db.destroy();
    const place = {
      kind: 'test' as const,
      classId: cls.classId,
      studentId: cls.studentIds[learner.userId]!,
      classroomId: work.classroomId,
      courseId: work.courseId,
      workId: work.id,
      token: learner.token,
      userId: learner.userId,
    };
    const attempt = await openAnswering(student, answerUrl(place), `期中安全测验${k}`);
    expect(attempt.answerLogId).toBeTruthy();
    await expect(student.getByText(`安全电压一般是（ ）${k}`)).toBeVisible();
    await context.close();

    // Now the paper's questions are fixed: the editor says so and offers the copy.
    await page.goto('/admin/papers');
    await hydrated(page.getByRole('heading', { level: 1, name: '试卷' }));
    await page
      .getByRole('row', { name: new RegExp(`安全用电测验${k}`) })
      .getByRole('button', { name: '编辑' })
      .click();
    await expect(page.getByRole('note')).toHaveText('已有 1 次学员作答，题目已固定；如需调整，请复制为新试卷。');
    await expect(page.getByRole('button', { name: '移出' })).toHaveCount(0);
  });
});

test.describe('@mobile-only papers and works at 375 px', () => {
  test('the screens open, nothing scrolls sideways, axe finds nothing serious', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await world(teacher);
    await signIn(page, teacher);
    for (const [path, heading] of [
      ['/admin/papers', /^试卷$/],
      ['/admin/works', /^作业与考试$/],
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
