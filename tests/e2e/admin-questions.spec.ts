import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, confirm, makeStaff, signIn } from './support/staff';

/**
 * The question bank screen end to end: a teacher makes a single-choice, a true/false and a
 * fill-in question with the form, finds them by type, edits one, is told in the form's words when
 * a question is not whole, and imports a spreadsheet with a bad row: the check reports each row
 * with its reason, the import adds the good ones. Then the screen at 375 px.
 */

const stamp = () => `${Date.now() % 100000}`;

test.describe('@desktop-only the question bank', () => {
  test.use({ viewport: DESKTOP });

  test('a teacher makes questions of several types, filters and edits them; a bad question is refused with its reason', async ({ page }) => {
    test.setTimeout(90_000);
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '题库' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: '题库' }));
    const k = stamp();

    // Single choice.
    await page.getByRole('button', { name: '新建题目' }).click();
    const form = page.getByRole('region', { name: '新建题目' });
    await form.getByRole('textbox', { name: '题干' }).fill(`电阻的单位是（ ）${k}`);
    await form.getByLabel('选项 A', { exact: true }).fill('欧姆');
    await form.getByLabel('选项 B', { exact: true }).fill('伏特');
    await form.getByRole('button', { name: '删除选项 D' }).click();
    await form.getByRole('button', { name: '删除选项 C' }).click();
    // No right answer yet: the bank's rule (the route's own), said before anything is sent.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/admin\/bank\/questions/.test(request.url())) saves.push(request.url());
    });
    await form.getByRole('button', { name: '保存题目' }).click();
    await expect(form.getByRole('alert')).toHaveText('单选题须有且只有一个正确答案');
    expect(saves).toEqual([]);
    await form.getByLabel('选项 A 为正确答案').check();
    await form.getByLabel('分类（选填）').fill('电工基础');
    await form.getByRole('button', { name: '保存题目' }).click();
    await expect(form).toBeHidden();
    const list = page.getByRole('region', { name: '题目列表' }).getByRole('table');
    await expect(list.getByRole('row', { name: new RegExp(`电阻的单位是.*${k}`) })).toContainText('单选题');

    // True/false.
    await page.getByRole('button', { name: '新建题目' }).click();
    await form.getByLabel('题型', { exact: true }).selectOption({ label: '判断题' });
    await form.getByRole('textbox', { name: '题干' }).fill(`串联电路电流处处相等${k}`);
    await form.getByRole('radio', { name: '对' }).check();
    await form.getByRole('button', { name: '保存题目' }).click();
    await expect(form).toBeHidden();

    // Fill in the blank: one answer box per ____ in the stem.
    await page.getByRole('button', { name: '新建题目' }).click();
    await form.getByLabel('题型', { exact: true }).selectOption({ label: '填空题' });
    await form.getByRole('textbox', { name: /^题干/ }).fill(`欧姆定律 I = ____，电流单位是____${k}`);
    await form.getByLabel('第 1 空答案').fill('U/R');
    await form.getByLabel('第 2 空答案').fill('安培');
    await form.getByLabel('分值', { exact: true }).fill('4');
    await form.getByRole('button', { name: '保存题目' }).click();
    await expect(form).toBeHidden();

    // Reading comprehension: a passage and its sub-questions, worth their sum.
    await page.getByRole('button', { name: '新建题目' }).click();
    await form.getByLabel('题型', { exact: true }).selectOption({ label: '阅读理解' });
    await form.getByRole('textbox', { name: '短文' }).fill(`Tom likes tea. ${k}`);
    await form.getByRole('button', { name: '添加小题' }).click();
    await form.getByLabel('第 1 小题题干', { exact: true }).fill('What does Tom like?');
    await form.getByLabel('选项 A', { exact: true }).fill('Tea');
    await form.getByLabel('选项 B', { exact: true }).fill('Milk');
    await form.getByRole('button', { name: '删除选项 D' }).click();
    await form.getByRole('button', { name: '删除选项 C' }).click();
    await form.getByLabel('选项 A 为正确答案').check();
    await form.getByRole('button', { name: '添加小题' }).click();
    await form.getByLabel('第 2 小题 题型').selectOption({ label: '判断题' });
    await form.getByLabel('第 2 小题题干', { exact: true }).fill('Tom likes coffee.');
    await form.getByRole('radio', { name: '错' }).check();
    await form.getByLabel('第 2 小题题干 分值').fill('3');
    await expect(form.getByText('分值为各小题分值之和：5 分')).toBeVisible();
    await form.getByRole('button', { name: '保存题目' }).click();
    await expect(form).toBeHidden();
    await expect(list.getByRole('row', { name: new RegExp(`Tom likes tea. ${k}`) })).toContainText('阅读理解');

    // Filter by type, then edit.
    const filters = page.getByRole('region', { name: '题目列表' });
    await filters.getByLabel('题干关键词').fill(k);
    await filters.getByLabel('题型').selectOption({ label: '判断题' });
    await filters.getByRole('button', { name: '查询' }).click();
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText(`串联电路电流处处相等${k}`);
    await filters.getByLabel('题型').selectOption({ label: '填空题' });
    await filters.getByRole('button', { name: '查询' }).click();
    // The list had two rows before this query too: wait for the fill-in question itself, not the count.
    await expect(list.getByRole('row').nth(1)).toContainText('欧姆定律');
    await expect(list.getByRole('row')).toHaveCount(2);
    await list.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('region', { name: '编辑题目' });
    await expect(edit.getByLabel('第 2 空答案')).toHaveValue('安培');
    await edit.getByLabel('分值', { exact: true }).fill('5');
    await edit.getByRole('button', { name: '保存题目' }).click();
    await expect(edit).toBeHidden();
    await expect(list.getByRole('row').nth(1)).toContainText('5');
    await expectNoSeriousA11yViolations(page, 'question bank');

    // Delete.
    await list.getByRole('button', { name: '删除' }).click();
    await confirm(page);
    await expect(page.getByText('还没有题目')).toBeVisible();
  });

  test('an import with a bad row: the check reports each row with its reason; the import adds the good ones once', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.goto('/admin/questions');
    await hydrated(page.getByRole('heading', { level: 1, name: '题库' }));
    const k = stamp();
    const csv = [
      '题型,分类,题干,选项A,选项B,选项C,答案,分值,解析',
      `单选,导入,导入的单选题${k},甲,乙,丙,B,2,`,
      `多选,导入,导入的多选题${k},甲,乙,丙,D,3,`,
      `判断,导入,导入的判断题${k},,,,错,1,`,
    ].join('\r\n');
    const section = page.getByRole('region', { name: '导入题目' });
    await section.getByLabel('选择 CSV 文件').setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });
    await section.getByRole('button', { name: '检查文件' }).click();
    await expect(section.getByRole('status')).toHaveText('检查结果：可导入 2 道，已存在 0 道，有问题 1 道');
    const report = section.getByRole('region', { name: '导入检查结果' });
    await expect(report.getByRole('row', { name: /导入的多选题/ })).toContainText('答案不在选项中');
    await expect(report.getByRole('row', { name: /导入的单选题/ })).toContainText('可导入');
    await section.getByRole('button', { name: '确认导入' }).click();
    await expect(section.getByRole('status')).toHaveText('已导入 2 道，已存在 0 道，未导入 1 道');
    const list = page.getByRole('region', { name: '题目列表' });
    await list.getByLabel('题干关键词').fill(k);
    await list.getByRole('button', { name: '查询' }).click();
    await expect(list.getByRole('table').getByRole('row')).toHaveCount(3);
    // The same file again adds nothing.
    await section.getByRole('button', { name: '检查文件' }).click();
    await expect(section.getByRole('status')).toHaveText('检查结果：可导入 0 道，已存在 2 道，有问题 1 道');
    await expectNoSeriousA11yViolations(page, 'question import report');
  });
});

test.describe('@mobile-only the question bank at 375 px', () => {
  test('the list and the form open, nothing scrolls sideways, axe finds nothing serious', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.goto('/admin/questions');
    await hydrated(page.getByRole('heading', { level: 1, name: '题库' }));
    await page.getByRole('button', { name: '新建题目' }).click();
    await expect(page.getByRole('textbox', { name: '题干' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'question bank (375)');
  });
});
