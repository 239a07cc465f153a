import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { authForm, passwordLogin } from './support/login';
import { card, cell, CLASSMATE, DEMO_STUDENT, openAnswering, answerUrl, startUrl, workPlace } from './support/exams';

/**
 * The start pages, the attempt history, completion and review of the demo student's seeded
 * attempts (homework-and-tests.md section 2): nothing here starts or submits an attempt of the
 * demo student, so the seeded states stay for every run.
 */

test('a visitor opening a test link logs in and comes back to it', async ({ page, browser }) => {
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

test('a manually graded test pending review: no score, and its attempt opens the completion page with the teacher’s marking message', async ({ page }) => {
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
  const reviewed = page.getByRole('region', { name: '答题记录' }).getByRole('link', { name: /已批阅/ });
  await expect(reviewed).toHaveCount(2);
  await expect(reviewed.first()).toContainText(/\d+(\.\d+)?分/);
  await reviewed.first().click();

  await expect(page.getByRole('heading', { level: 1, name: '第一次模拟考试' })).toBeVisible();
  await expect(page.getByText(/^总得分：\d+(\.\d+)?分$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '答案解析' }).first()).toBeVisible();
  await expect(page.getByText('你的答案').first()).toBeVisible();
  await expect(page.getByText('正确答案')).toBeVisible();
  await expect(page.getByText(/回答(正确|错误)/)).toBeVisible();
  await expect(card(page).getByRole('button', { name: /：(正确|错误)/ }).first()).toBeVisible();
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

test('homework in progress: 继续答题 brings back the saved answers; homework shows no score', async ({ page }) => {
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

test('an English paper: its questions come from the English map', async ({ page }) => {
  const p = await workPlace(page, '英语阅读测验', CLASSMATE);
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
