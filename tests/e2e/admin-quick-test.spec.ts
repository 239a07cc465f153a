import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { makeStaff, signIn, type E2eStaff } from './support/staff';
import { E2E_DB_FILE } from './support/env';
import { newClass, newLearners } from './support/learning';

/**
 * 快速出题: a teacher sets a lesson's test and writes its three questions where they set it (no
 * bank, no paper screen first); a refused question is named and nothing is saved; then the test is
 * there with its paper of the same title. At the project's width (desktop and 375 px).
 */

const TEST_LESSON = '随堂测验';

async function classOf(teacher: E2eStaff) {
  const stamp = Date.now();
  const [learner] = await newLearners(DEMO_TENANT.id, 1);
  const cls = await newClass({
    tenantId: DEMO_TENANT.id,
    now: stamp,
    name: `快速出题班-${stamp}`,
    courseName: `快速出题课程-${stamp % 10000}`,
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
  return cls;
}

async function write(page: Page, n: number, type: string, stem: string, options: string[], right: string[], points: string) {
  const q = page.getByRole('region', { name: `第 ${n} 题` });
  await q.getByLabel(`第 ${n} 题 题型`).selectOption({ label: type });
  await q.getByLabel(`第 ${n} 题 分值`).fill(points);
  await q.getByLabel(`第 ${n} 题 题干`).fill(stem);
  if (type === '判断题') {
    await q.getByLabel(`第 ${n} 题 正确答案`).selectOption({ label: right[0]! });
    return;
  }
  for (const [i, text] of options.entries()) await q.getByLabel(`第 ${n} 题 选项 ${String.fromCharCode(65 + i)}`).fill(text);
  for (const key of right) await q.getByLabel(`${key} 为正确答案`).check();
}

test('a teacher writes a three-question test where they set it; a refused question is named and nothing is saved', async ({ page }) => {
  const teacher = await makeStaff('teacher');
  const cls = await classOf(teacher);
  await signIn(page, teacher);
  const k = `${Date.now() % 100000}`;
  await page.goto(`/admin/works?classId=${cls.classId}`);
  await hydrated(page.getByRole('heading', { level: 1, name: '作业与考试' }));
  const table = page.getByRole('region', { name: '作业与考试' }).getByRole('table');
  await table
    .getByRole('row', { name: new RegExp(TEST_LESSON) })
    .getByRole('button', { name: '设置' })
    .click();
  const form = page.getByRole('region', { name: `${TEST_LESSON}：作业或考试` });
  await form.getByLabel('标题').fill(`随堂安全测验${k}`);
  await form.getByLabel('试卷来源').selectOption({ label: '在此出题' });
  await write(page, 1, '单选题', `安全电压不高于（ ）${k}`, ['36V', '220V'], ['A'], '4');
  await form.getByRole('button', { name: '添加一题' }).click();
  // Only one right answer for a multiple choice: refused with the question's number.
  await write(page, 2, '多选题', `属于导体的有（ ）${k}`, ['铜', '铝', '橡胶'], ['A'], '3');
  await form.getByRole('button', { name: '添加一题' }).click();
  await write(page, 3, '判断题', `湿手可以触摸开关${k}`, [], ['错'], '3');
  await expect(form.getByText('共 3 题，总分 10 分')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quick test');
  await expectNoSidewaysScroll(page);

  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('第 2 题：多选题至少有两个正确答案')).toBeVisible();
  await page.getByRole('region', { name: '第 2 题' }).getByLabel('B 为正确答案').check();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(TEST_LESSON) });
  await expect(row).toContainText(`随堂安全测验${k}`);

  // Its paper, of the same title, with the three questions at the points typed.
  await page.goto('/admin/papers');
  await hydrated(page.getByRole('heading', { level: 1, name: '试卷' }));
  await expect(page.getByRole('row', { name: new RegExp(`随堂安全测验${k}`) })).toContainText('10');
});
