import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_TENANT } from './support/seed';
import { authForm, passwordLogin } from './support/login';
import { card, cell, DEMO_STUDENT, newStudent, openAnswering, answerUrl, setWorkPolicy, startUrl, workPlace, type WorkPlace } from './support/exams';
import { DEMO_ORIGIN } from './support/env';
import { urlOf } from '../../src/lib/api/contract';
import { startAttempt, submitTest, type AttemptState } from '../../src/lib/api/contracts/exams';

/**
 * The start pages, the attempt history, completion and review of the demo student's seeded
 * attempts: nothing here starts or submits an attempt of the
 * demo student, so the seeded states stay for every run. The attempt policy (decision 028) is
 * shown on the start page; the tests that use attempts up do so as new students of their own.
 */

/** Sends an exam call with the student's own token, as the pages do; answers its data. */
async function asStudent<T>(page: Page, p: WorkPlace, call: Parameters<typeof urlOf>[0], data: Record<string, unknown>): Promise<T> {
  const res = await page.request.post(`${DEMO_ORIGIN}${urlOf(call)}`, {
    headers: { Token: p.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' },
    data: { classId: p.classId, studentId: p.studentId, ...data },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as T;
}

test('a visitor opening a test link logs in and comes back to it @desktop-only', async ({ page, browser }) => {
  const other = await browser.newPage();
  const p = await workPlace(other, '期中测验');
  await other.close();
  const url = startUrl(p);
  await page.goto(url);
  await page.waitForURL(/\/login\?redirect=/);
  await passwordLogin(await authForm(page));
  await page.waitForURL((u) => u.pathname + u.search === url);
  await expect(page.getByRole('heading', { level: 1, name: '期中测验' })).toBeVisible();
});

test('a manually graded test pending review: no score, and its attempt opens the completion page with the teacher’s marking message @desktop-only', async ({
  page,
}) => {
  const p = await workPlace(page, '期中测验', DEMO_STUDENT.mobile);
  await page.goto(startUrl(p));
  await hydrated(page.getByRole('heading', { level: 1, name: '期中测验' }));
  await expect(page.getByText('本测验由老师人工批阅')).toBeVisible();
  const history = page.getByRole('region', { name: '答题记录' });
  const pending = history.getByRole('link', { name: /待批阅/ });
  await expect(pending).toHaveCount(1);
  await expect(pending).not.toContainText('分');
  await expectNoSeriousA11yViolations(page, 'start page with history');
  await expectNoSidewaysScroll(page);
  await pending.click();
  await expect(page.getByRole('heading', { level: 1, name: '测验已完成' })).toBeVisible();
  await expect(page.getByText('本测验为人工批阅，老师批阅完成后才能查看成绩和结果')).toBeVisible();
  await expect(page.getByRole('link', { name: '查看已完成的测验' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'completion pending review');
  // 返回 goes two steps back: past the start page to where the student came from.
  await page.getByRole('button', { name: '期中测验' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '期中测验' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/study/test');
});

test('reviewed attempts show their scores and open the review: answers, right answers, explanations, marks', async ({ page }) => {
  const p = await workPlace(page, '第一次模拟考试', DEMO_STUDENT.mobile);
  await page.goto(startUrl(p));
  await hydrated(page.getByRole('heading', { level: 1, name: '第一次模拟考试' }));
  // Two attempts allowed, the higher counts; both used: no attempt can start.
  await expect(page.getByText('可作答 2 次', { exact: true })).toBeVisible();
  await expect(page.getByText('计分方式：取最高分')).toBeVisible();
  await expect(page.getByText('已作答 2 次，还可作答 0 次')).toBeVisible();
  await expect(page.getByText('计入成绩：90分')).toBeVisible();
  await expect(page.getByRole('button', { name: '开始答题' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: '本测验最多可作答 2 次，你的作答次数已用完' })).toBeVisible();
  const reviewed = page.getByRole('region', { name: '答题记录' }).getByRole('link', { name: /已批阅/ });
  await expect(reviewed).toHaveCount(2);
  await expect(reviewed.first()).toContainText('第2次');
  await expect(reviewed.first()).toContainText(/\d+(\.\d+)?分/);
  await reviewed.first().click();

  await expect(page.getByRole('heading', { level: 1, name: '第一次模拟考试' })).toBeVisible();
  await expect(page.getByText(/^总得分：\d+(\.\d+)?分$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '答案解析' }).first()).toBeVisible();
  await expect(page.getByText('你的答案').first()).toBeVisible();
  await expect(page.getByText('正确答案')).toBeVisible();
  await expect(page.getByText(/回答(正确|错误)/)).toBeVisible();
  await expect(
    card(page)
      .getByRole('button', { name: /：(正确|错误)/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '上一题' })).toBeHidden();
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^第2题/ })).toBeVisible();
  await cell(page, '阅读理解', 1).click();
  await expect(page.getByRole('region', { name: '第1小题' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'review');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: '退出查看' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '第一次模拟考试' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/study/test');
});

test('homework in progress: 继续答题 brings back the saved answers; homework shows no score @desktop-only', async ({ page }) => {
  const p = await workPlace(page, '第二章课后作业', DEMO_STUDENT.mobile);
  await page.goto(startUrl(p));
  await hydrated(page.getByRole('heading', { level: 1, name: '第二章课后作业' }));
  await expect(page.getByText('不限时')).toBeVisible();
  const open = page.getByRole('region', { name: '答题记录' }).getByRole('link', { name: /答题中/ });
  await expect(open).toHaveCount(1);
  await page.getByRole('link', { name: '继续答题' }).click();
  await hydrated(page.getByRole('heading', { level: 1, name: '第二章课后作业' }));
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /36 V/ })).toBeChecked();
  await expect(cell(page, '单选题', 1)).toHaveAccessibleName(/已保存/);
  await expect(cell(page, '单选题', 2)).toHaveAccessibleName(/未作答/);
  await expect(cell(page, '多选题', 1)).toHaveAccessibleName(/已保存/);
  await expect(page.getByText('已答 2 题')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'homework answering');
  await expectNoSidewaysScroll(page);
});

test('an English paper: its questions come from the English map @desktop-only', async ({ page }) => {
  const p = await workPlace(page, '英语阅读测验', newStudent());
  await openAnswering(page, answerUrl(p), '英语阅读测验');
  await expect(page.getByText(/^阅读理解（共\d+题，合计\d+(\.\d+)?分）$/)).toBeVisible();
  await expect(cell(page, '阅读理解', 1)).toBeVisible();
  await expect(cell(page, '完形填空', 1)).toBeVisible();
  await expect(page.getByRole('group', { name: '第1小题' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'English paper');
  await expectNoSidewaysScroll(page);
});

test('a page without its query says where to come from', async ({ page }) => {
  await workPlace(page, '期中测验');
  await page.goto('/study/test/answer');
  await expect(page.getByRole('alert')).toContainText('缺少作业或测验参数，请从班级详情或课程详情进入');
});

test('the start page shows the attempts left; once none is left it refuses, and so does the server @desktop-only', async ({ page }) => {
  const p = await workPlace(page, '随堂小测', newStudent());
  await page.goto(startUrl(p));
  await hydrated(page.getByRole('heading', { level: 1, name: '随堂小测' }));
  await expect(page.getByText('可作答 1 次', { exact: true })).toBeVisible();
  await expect(page.getByText('已作答 0 次，还可作答 1 次')).toBeVisible();
  await expect(page.getByRole('link', { name: '开始答题' })).toBeVisible();
  // The one attempt, started and handed in empty (as the answering page would).
  const a = await asStudent<AttemptState>(page, p, startAttempt, { workId: p.workId });
  await asStudent(page, p, submitTest, { testId: p.workId, answerLogId: a.answerLogId });

  await page.reload();
  await hydrated(page.getByRole('heading', { level: 1, name: '随堂小测' }));
  await expect(page.getByText('已作答 1 次，还可作答 0 次')).toBeVisible();
  await expect(page.getByText('计入成绩：0分')).toBeVisible();
  const button = page.getByRole('button', { name: '开始答题' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription('本测验最多可作答 1 次，你的作答次数已用完');
  await expect(page.getByRole('link', { name: /^(开始答题|继续答题)$/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '答题记录' }).getByRole('link', { name: /第1次.*已批阅/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'start page, no attempt left');
  await expectNoSidewaysScroll(page);

  // The answering page opened directly (an old link): the server refuses and the page says why.
  await page.goto(answerUrl(p));
  await expect(page.getByRole('alert')).toContainText('本测验最多可作答 1 次，你的作答次数已用完');
});

test('marks after the last attempt: the completion page says when the score and the keys come, and how many attempts are left @desktop-only', async ({
  page,
}) => {
  const title = '安全用电单元测试';
  const p = await workPlace(page, title, newStudent());
  await setWorkPolicy(p.workId, { maxAttempts: 2, marksShown: 'after_last_attempt', keysShown: 'after_last_attempt' });
  await openAnswering(page, answerUrl(p), title);
  await page.getByRole('button', { name: '交卷' }).click();
  await page.getByRole('dialog', { name: '交卷确认' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '测验已完成' })).toBeVisible();
  await expect(page.getByText('本测验已由系统自动批阅')).toBeVisible();
  await expect(page.getByText('成绩将在你用完全部作答次数后公布')).toBeVisible();
  await expect(page.getByText('答案和解析将在你用完全部作答次数后公布')).toBeVisible();
  await expect(page.getByText('你还可以再作答 1 次')).toBeVisible();
  await expect(page.getByText(/本次得分/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'completion, marks later');
  await expectNoSidewaysScroll(page);
  // Its review: the own answers only, and when the rest comes.
  await page.getByRole('link', { name: '查看已完成的测验' }).click();
  await expect(page.getByText('答案和解析将在你用完全部作答次数后公布')).toBeVisible();
  await expect(page.getByText('正确答案')).toHaveCount(0);
  await expect(page.getByText(/总得分/)).toHaveCount(0);
  await expect(
    card(page)
      .getByRole('button', { name: /：未作答/ })
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'review without marks and keys');
});
