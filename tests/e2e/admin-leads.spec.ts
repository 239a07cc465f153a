import { readFile } from 'node:fs/promises';
import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { DESKTOP, confirm, makeStaff, signIn } from './support/staff';
import { leadTag, makeLeads } from './support/leads';

/**
 * Consult leads at an office desktop's width: a content editor finds the leads by name, opens one,
 * marks it handled with a note, filters by state, downloads the CSV and reads it, and re-opens the
 * lead. Found by role and visible text.
 */
test.use({ viewport: DESKTOP });

const list = (page: import('@playwright/test').Page) => page.getByRole('region', { name: '线索列表' }).getByRole('row');

test.describe('@desktop-only consult leads', () => {
  test('filter, mark handled with a note, download the CSV and read it, re-open', async ({ page }) => {
    const tag = leadTag();
    await makeLeads([
      { name: `${tag}甲`, mobile: '13811110001', content: '想报电工，周末能上课吗？', minutesAgo: 30 },
      { name: `${tag}乙`, mobile: '13811110002', content: '=HYPERLINK("http://x","点我"), 还有问题', minutesAgo: 20 },
      { name: `${tag}丙`, mobile: '13811110003', content: '学费多少', minutesAgo: 10 },
    ]);
    const editor = await makeStaff('editor', '线索编辑');
    await signIn(page, editor);
    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: '咨询线索' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '咨询线索' })).toBeVisible();

    const search = page.getByLabel('姓名或手机号');
    await hydrated(search);
    await search.fill(tag);
    await page.getByRole('button', { name: '查询' }).click();
    await expect(list(page).filter({ hasText: tag })).toHaveCount(3);
    // Newest first, the mobile whole.
    await expect(list(page).nth(1)).toContainText(`${tag}丙`);
    await expect(list(page).filter({ hasText: `${tag}甲` })).toContainText('13811110001');
    await expectNoSeriousA11yViolations(page, 'consult leads');

    await list(page)
      .filter({ hasText: `${tag}乙` })
      .getByRole('button', { name: `查看 ${tag}乙` })
      .click();
    const dialog = page.getByRole('dialog', { name: '线索详情' });
    await expect(dialog).toContainText('=HYPERLINK("http://x","点我"), 还有问题');
    await expect(dialog.getByRole('link', { name: '13811110002' })).toHaveAttribute('href', 'tel:13811110002');
    await dialog.getByRole('button', { name: '标记为已处理' }).click();
    await expect(dialog.getByText('请填写处理备注')).toBeVisible();
    await dialog.getByLabel('处理备注').fill('已回电，周六来校参观');
    await expectNoSeriousA11yViolations(page, 'consult lead dialog');
    await dialog.getByRole('button', { name: '标记为已处理' }).click();
    await expect(page.locator('#toast-region')).toContainText('已标记为已处理');
    await expect(dialog).toContainText('线索编辑');
    await expect(dialog.getByRole('button', { name: '重新打开' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(list(page).filter({ hasText: `${tag}乙` })).toContainText('已处理');

    await page.getByLabel('状态').selectOption({ label: '已处理' });
    await page.getByRole('button', { name: '查询' }).click();
    await expect(list(page).filter({ hasText: tag })).toHaveCount(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^咨询线索-\d{8}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('提交时间,姓名,手机号,咨询项目,留言内容,状态,处理人,处理时间,处理备注');
    const mine = lines.filter((l) => l.includes(tag));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(`,${tag}乙,13811110002,,"'=HYPERLINK(""http://x"",""点我""), 还有问题",已处理,线索编辑,`);
    expect(mine[0]!.endsWith(',已回电，周六来校参观')).toBe(true);

    await list(page)
      .filter({ hasText: `${tag}乙` })
      .getByRole('button', { name: `查看 ${tag}乙` })
      .click();
    await dialog.getByRole('button', { name: '重新打开' }).click();
    await confirm(page);
    await expect(page.locator('#toast-region')).toContainText('已重新打开');
    await expect(dialog.getByRole('button', { name: '标记为已处理' })).toBeVisible();
    await expect(dialog).toContainText('已回电，周六来校参观');
  });

  test('a teacher does not see the leads', async ({ page, consoleGuard }) => {
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    consoleGuard.allowFailedResource('/admin/leads', 403);
    await expect(page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '咨询线索' })).toHaveCount(0);
    const answer = await page.goto('/admin/leads');
    expect(answer?.status()).toBe(403);
    await expect(page.getByText('您的角色无权查看此页面。')).toBeVisible();
  });
});
