import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { DEMO_STUDENT } from '../../src/dev/seed/login';
import { test, expect, hydrated } from './support/fixtures';
import { answerUrl, cell, enrolNewStudent, openAnswering, serverAttempt, workPlace } from './support/exams';
import { E2E_DB_FILE } from './support/env';
import { loginStudent } from './support/session';

/**
 * Issue 27 (items 10 and 11, decision 052) as a student meets it: two tabs of one browser answering
 * the same homework, where the second tab's change reaches the first at once (never 已保存 for the
 * answer the server replaced); a save answered "too many requests" goes again by itself; the
 * homework completion page shows the score when the policy shows it. Every test that answers has
 * a student of its own.
 */

const HOMEWORK = '第二章课后作业';
const CLOSED_HOMEWORK = '安全用电课后作业';
const SAVE_PATH = '**/api/teaching/anyone/work/answer';

const alert = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('two tabs of one browser: the second tab replaces the answer, the first shows the new one at once @desktop-only', async ({ page, context }) => {
  const mobile = await enrolNewStudent();
  const p = await workPlace(page, HOMEWORK, mobile);
  const attempt = await openAnswering(page, answerUrl(p), HOMEWORK);
  await cell(page, '判断题', 1).click();
  await page.getByRole('radio', { name: /正确/ }).check();
  await expect(cell(page, '判断题', 1)).toHaveAccessibleName(/^判断题第1题：已保存/);

  // A second tab of the same browser (its own writer) opens the same attempt and changes the answer.
  const b = await context.newPage();
  const attemptB = await openAnswering(b, answerUrl(p), HOMEWORK);
  expect(attemptB.answerLogId).toBe(attempt.answerLogId);
  await cell(b, '判断题', 1).click();
  await expect(b.getByRole('radio', { name: /正确/ })).toBeChecked();
  await b.getByRole('radio', { name: /错误/ }).check();
  await expect(cell(b, '判断题', 1)).toHaveAccessibleName(/^判断题第1题：已保存/);

  // The first tab is told by the second at once: no time passes on its clock, nothing is clicked there.
  await expect(cell(page, '判断题', 1)).toHaveAccessibleName(/^判断题第1题：已在其他页面修改/);
  await expect(page.getByRole('radio', { name: /错误/ })).toBeChecked();
  await expect(alert(page, '判断题第1题已在其他页面或设备上修改，已显示最新答案')).toBeVisible();
  const state = await serverAttempt(page, p, attempt.answerLogId);
  expect(state.answers.map((a) => a.questionAnswerVO.optionList)).toEqual([['2']]);
  await b.close();
});

test('a save answered 429 stays 待上传 and goes again by itself after the backoff @desktop-only', async ({ page }) => {
  const mobile = await enrolNewStudent();
  const p = await workPlace(page, HOMEWORK, mobile);
  await page.clock.install();
  const attempt = await openAnswering(page, answerUrl(p), HOMEWORK);
  // The server's rate limit answers in its envelope (code 429), once.
  let saves = 0;
  await page.route(SAVE_PATH, async (route) => {
    saves += 1;
    if (saves === 1)
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 429, message: '答案保存过于频繁，请稍后再试' }) });
    else await route.continue();
  });
  // The page's clock stands still from here: the retry can only come from the page's own timer.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  await cell(page, '判断题', 1).click();
  await page.getByRole('radio', { name: /正确/ }).check();
  // The answer is stored on the device first (real time), then its send is timed on the page's
  // clock: the clock moves on in small steps until the send went.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return saves;
    })
    .toBe(1);
  await expect(cell(page, '判断题', 1)).toHaveAccessibleName(/^判断题第1题：待上传/);
  await expect(alert(page, '答案暂未上传成功，已保存在本设备，正在重试…')).toBeVisible();

  // The first backoff step passes: sent again without the student doing anything, and kept.
  await page.clock.runFor(1_000);
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return saves;
    })
    .toBe(2);
  await expect(cell(page, '判断题', 1)).toHaveAccessibleName(/^判断题第1题：已保存/);
  await expect(alert(page, '正在重试')).toBeHidden();
  const state = await serverAttempt(page, p, attempt.answerLogId);
  expect(state.answers.map((a) => a.questionAnswerVO.optionList)).toEqual([['1']]);
});

test('the homework completion page shows the score when the policy shows it (the review’s 总得分)', async ({ page }) => {
  const student = await loginStudent(page, DEMO_TENANT.id, DEMO_STUDENT.mobile);
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  let a: { id: string; classId: string; classStudentId: string | null; workId: string | null; classroomId: string | null; courseId: string | null };
  try {
    // The demo student's handed-in attempt at the homework that closed before seeding: its marks show.
    a = await db
      .selectFrom('workAttempts as a')
      .innerJoin('works as w', 'w.id', 'a.workId')
      .innerJoin('classStudents as cs', 'cs.id', 'a.classStudentId')
      .select(['a.id', 'a.classId', 'a.classStudentId', 'a.workId', 'a.classroomId', 'a.courseId'])
      .where('w.tenantId', '=', DEMO_TENANT.id)
      .where('w.title', '=', CLOSED_HOMEWORK)
      .where('cs.userId', '=', student.userId)
      .where('a.status', '=', 2)
      .executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
  const query = `classId=${a.classId}&classStudentId=${a.classStudentId}&workId=${a.workId}&classroomId=${a.classroomId}&courseId=${a.courseId}`;
  await page.goto(`/study/homework/answer-finish?${query}&status=2&answerLogId=${a.id}`);
  await hydrated(page.getByRole('heading', { level: 1, name: '作业已完成' }));
  await expect(page.getByText('本次得分：85分')).toBeVisible();
});
