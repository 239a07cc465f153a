import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn, type E2eStaff } from './support/staff';
import { E2E_DB_FILE } from './support/env';
import { answerUrl, cell, enrolNewStudent, openAnswering, workPlace, type WorkPlace } from './support/exams';

/**
 * Marking end to end: a new student hands in the manually graded 期中测验 with a short answer and
 * is told it waits for the teacher; a teacher of the class finds it in the marking queue, marks
 * the short answer by student from the keyboard (a score over the question's points is refused on
 * the page), changes
 * it by question with a comment, releases it; the student's review then shows the score and the
 * comment. Then the screen at 375 px.
 */

const MIDTERM = '期中测验';
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function withDb<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** A teacher linked to the class of the work (class A of the demo school). */
async function classTeacher(classId: string): Promise<E2eStaff> {
  const teacher = await makeStaff('teacher');
  await withDb((db) =>
    db
      .insertInto('classTeachers')
      .values({ id: newId(Date.now()), tenantId: DEMO_TENANT.id, classId, accountId: teacher.id, role: 'course', createdAt: Date.now() })
      .execute(),
  );
  return teacher;
}

/** A new named student of class A who hands in the midterm with only the short answer written. */
async function handInMidterm(page: Page, name: string, answer: string): Promise<WorkPlace> {
  const mobile = await enrolNewStudent();
  await withDb((db) => db.updateTable('users').set({ realName: name }).where('mobile', '=', mobile).execute());
  const p = await workPlace(page, MIDTERM, mobile);
  await openAnswering(page, answerUrl(p), MIDTERM);
  await cell(page, '简答题', 1).click();
  await page.getByRole('textbox', { name: '作答内容' }).fill(answer);
  await expect(cell(page, '简答题', 1)).toHaveAccessibleName(/已保存/);
  await page.getByRole('button', { name: '交卷' }).click();
  await dialog(page, '交卷确认').getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '测验已完成' })).toBeVisible();
  // The learner's pending state says it waits for the teacher's marking.
  await expect(page.getByText('本测验为人工批阅，老师批阅完成后才能查看成绩和结果')).toBeVisible();
  return p;
}

async function openWork(page: Page) {
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '阅卷' }).click();
  await expect(page).toHaveURL(/\/admin\/marking$/);
  await hydrated(page.getByRole('heading', { level: 1, name: '阅卷' }));
  const row = page.getByRole('region', { name: '待阅卷的作业和测验' }).getByRole('row').filter({ hasText: MIDTERM });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('@desktop-only marking', () => {
  test.use({ viewport: DESKTOP });

  test('a teacher marks a short answer by student and by question, releases it, and the student sees the score and the comment', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const name = `阅卷学员${Date.now() % 100000}`;
    const p = await handInMidterm(page, name, '按下启动按钮，接触器得电自锁；按停止按钮断电。');
    const teacher = await classTeacher(p.classId);

    const context = await browser.newContext({ viewport: DESKTOP });
    const staff = await context.newPage();
    await signIn(staff, teacher);
    const row = await openWork(staff);
    await expectNoSeriousA11yViolations(staff, '/admin/marking (queue)');
    await row.getByRole('button', { name: /^阅卷/ }).click();

    // By student.
    await expect(staff.getByRole('tab', { name: '按学员' })).toHaveAttribute('aria-selected', 'true');
    await staff.getByLabel('选择作答').selectOption({ label: `${name}（第 1 次）· 待批阅` });
    await expect(staff.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(staff.getByText('总分：待评分')).toBeVisible();
    await expect(staff.getByRole('button', { name: '发布成绩' })).toBeDisabled();
    const q5 = staff.getByRole('region', { name: '第 5 题' });
    await expect(q5).toContainText('需人工评分');
    await expect(q5).toContainText('按下启动按钮，接触器得电自锁；按停止按钮断电。');
    await expect(q5).toContainText('参考答案');
    await expectNoSeriousA11yViolations(staff, '/admin/marking (by student)');
    // The fill-in left blank keeps its automatic 0; Enter saves it and the next question's score takes the focus.
    const q4 = staff.getByRole('region', { name: '第 4 题' });
    await expect(q4).toContainText('系统评分0 分');
    await q4.getByLabel('得分（0–20）').fill('0');
    await q4.getByLabel('得分（0–20）').press('Enter');
    await expect(q4).toContainText(`${teacher.name} 于`);
    const score = q5.getByLabel('得分（0–40）');
    await expect(score).toBeFocused();
    await score.fill('41');
    await score.press('Enter');
    await expect(q5.getByRole('alert')).toHaveText('分数不能超过本题的 40 分');
    await score.fill('30');
    await q5.getByLabel('评语（选填）').fill('要点基本完整');
    // Saved with the button: the paper stays open (Enter on the last question goes on to the next student: the test below).
    await q5.getByRole('button', { name: '保存评分' }).click();
    await expect(staff.getByText('总分：30')).toBeVisible();
    await expect(q5).toContainText(`${teacher.name} 于`);
    await expect(staff.getByRole('button', { name: '发布成绩' })).toBeEnabled();

    // By question: the same answer among the others, marked again with a comment.
    await staff.getByRole('tab', { name: '按题目' }).click();
    await expect(staff.getByLabel('选择题目')).toHaveValue(/.+/);
    const mine = staff.getByRole('region', { name: `${name}（第 1 次）· 已批阅未发布` });
    await expect(mine).toContainText('按下启动按钮');
    await expect(mine.getByLabel('得分（0–40）')).toHaveValue('30');
    await expectNoSeriousA11yViolations(staff, '/admin/marking (by question)');
    await mine.getByLabel('得分（0–40）').fill('36.5');
    await mine.getByLabel('评语（选填）').fill('自锁环节表述清楚，停止环节可再具体');
    await mine.getByRole('button', { name: '保存评分' }).click();
    await expect(mine.getByLabel('得分（0–40）')).toHaveValue('36.5');

    // Released by student.
    await staff.getByRole('tab', { name: '按学员' }).click();
    await staff.getByLabel('选择作答').selectOption({ label: `${name}（第 1 次）· 已批阅未发布` });
    await expect(staff.getByText('总分：36.5')).toBeVisible();
    await staff.getByRole('button', { name: '发布成绩' }).click();
    await expect(staff.getByText('已发布，学员可查看成绩')).toBeVisible();
    await context.close();

    // The student's review: the score and the teacher's comment.
    await page.goto(
      `/study/test/check-my-test-exam?classId=${p.classId}&classroomId=${p.classroomId}&classStudentId=${p.studentId}` +
        `&courseId=${p.courseId}&workId=${p.workId}&answerLogId=${await attemptId(p)}&status=2`,
    );
    await hydrated(page.getByText('总得分：36.5分'));
    await cell(page, '简答题', 1).click();
    await expect(page.getByText('本题得分：36.5分')).toBeVisible();
    await expect(page.getByRole('heading', { name: '老师评语' })).toBeVisible();
    await expect(page.getByText('自锁环节表述清楚，停止环节可再具体')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'review with the teacher comment');
  });
});

test.describe('@desktop-only marking from the keyboard, and releasing all', () => {
  test.use({ viewport: DESKTOP });

  test('Enter on the last question opens the next student with the first score focused; 发布全部已批阅 asks first, and 取消 releases nothing', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const n = Date.now() % 100000;
    // Two students of the test's own, 甲 sorting before 乙 (the list is in name order).
    const other = await browser.newContext({ viewport: DESKTOP });
    await handInMidterm(await other.newPage(), `连阅乙${n}`, '乙的简答');
    await other.close();
    const p = await handInMidterm(page, `连阅甲${n}`, '甲的简答');
    const teacher = await classTeacher(p.classId);
    const context = await browser.newContext({ viewport: DESKTOP });
    const staff = await context.newPage();
    await signIn(staff, teacher);
    await staff.goto(`/admin/marking?work=${p.workId}`);
    await hydrated(staff.getByRole('tab', { name: '按学员' }));
    await staff.getByLabel('选择作答').selectOption({ label: `连阅甲${n}（第 1 次）· 待批阅` });
    await expect(staff.getByRole('heading', { level: 3, name: new RegExp(`^连阅甲${n}`) })).toBeVisible();
    const q5 = staff.getByRole('region', { name: '第 5 题' });
    await expect(q5).toContainText('甲的简答');
    await q5.getByLabel('得分（0–40）').fill('25');
    await q5.getByLabel('得分（0–40）').press('Enter');
    // The next one in the list (乙, or another student whose name sorts between) with its first score field focused.
    await expect(staff.getByRole('heading', { level: 3, name: new RegExp(`^连阅甲${n}`) })).toHaveCount(0);
    await expect(staff.getByText(/本份已批完，下一位：/)).toBeVisible();
    await expect(staff.getByRole('region', { name: '第 1 题' }).getByLabel(/^得分（/)).toBeFocused();

    // 发布全部已批阅 asks first; 取消 keeps every mark unreleased.
    await staff.getByRole('button', { name: '发布全部已批阅' }).click();
    const ask = staff.getByRole('dialog', { name: '提示' });
    await expect(ask).toContainText('发布后学员即可看到分数和批语');
    await ask.getByRole('button', { name: '取消' }).click();
    await staff.getByLabel('选择作答').selectOption({ label: `连阅甲${n}（第 1 次）· 已批阅未发布` });
    await expect(staff.getByRole('button', { name: '发布成绩' })).toBeEnabled();
    await context.close();
  });
});

test.describe('@desktop-only marking opened from the works screen', () => {
  test.use({ viewport: DESKTOP });

  test("a work's 阅卷 link opens its marking, kept across a reload; an automatic-only work says it needs no marking", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const name = `链接阅卷${Date.now() % 100000}`;
    const p = await handInMidterm(page, name, '从作业页打开的简答');
    const teacher = await classTeacher(p.classId);
    const context = await browser.newContext({ viewport: DESKTOP });
    const staff = await context.newPage();
    await signIn(staff, teacher);
    await staff.goto(`/admin/works?classId=${p.classId}`);
    await hydrated(staff.getByRole('heading', { level: 1, name: '作业与考试' }));
    await staff.getByRole('row').filter({ hasText: MIDTERM }).getByRole('link', { name: '阅卷' }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/marking\\?work=${p.workId}$`));
    await hydrated(staff.getByRole('tab', { name: '按学员' }));
    await staff.reload();
    await expect(staff.getByRole('tab', { name: '按学员' })).toBeVisible();
    await staff.getByLabel('选择作答').selectOption({ label: `${name}（第 1 次）· 待批阅` });
    await expect(staff.getByRole('region', { name: '第 5 题' })).toContainText('从作业页打开的简答');
    await staff.getByRole('button', { name: '返回阅卷列表' }).click();
    await expect(staff).toHaveURL(/\/admin\/marking$/);
    await expect(staff.getByLabel('作业 / 测验')).toBeVisible();

    const quiz = await withDb((db) =>
      db.selectFrom('works').select('id').where('classId', '=', p.classId).where('title', '=', '随堂小测').executeTakeFirstOrThrow(),
    );
    await staff.goto(`/admin/marking?work=${quiz.id}`);
    await expect(staff.getByRole('alert')).toContainText('这份作业或测验由系统自动评分，不需要阅卷');
    await staff.getByRole('button', { name: '返回阅卷列表' }).click();
    await expect(staff.getByLabel('作业 / 测验')).toBeVisible();
    await context.close();
  });
});

async function attemptId(p: WorkPlace): Promise<string> {
  return withDb(async (db) => {
    const row = await db
      .selectFrom('workAttempts')
      .select('id')
      .where('workId', '=', p.workId)
      .where('classStudentId', '=', p.studentId)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

test.describe('@mobile-only marking at 375 px', () => {
  test('the queue and a work by student fit a phone', async ({ page }) => {
    test.setTimeout(90_000);
    const name = `阅卷手机${Date.now() % 100000}`;
    const p = await handInMidterm(page, name, '手机上的简答');
    const teacher = await classTeacher(p.classId);
    await page.context().clearCookies();
    await signIn(page, teacher);
    await page.goto('/admin/marking');
    await hydrated(page.getByRole('heading', { level: 1, name: '阅卷' }));
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/marking (375)');
    await page.getByRole('region', { name: '待阅卷的作业和测验' }).getByRole('row').filter({ hasText: MIDTERM }).getByRole('button', { name: /^阅卷/ }).click();
    await page.getByLabel('选择作答').selectOption({ label: `${name}（第 1 次）· 待批阅` });
    await expect(page.getByRole('region', { name: '第 5 题' })).toContainText('手机上的简答');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/marking by student (375)');
  });
});
