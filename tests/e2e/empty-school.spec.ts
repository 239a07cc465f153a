import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { EMPTY_ORIGIN } from './support/env';

/**
 * A newly opened school (seeded with a profile and nothing else): every public block shows its
 * empty state instead of a blank area or an error, on desktop and on a phone.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('a school with no content', () => {
  test('home: empty states in every block', async ({ page }, testInfo) => {
    await page.goto(`${EMPTY_ORIGIN}/`);
    await expect(page.getByRole('heading', { level: 1, name: '欢迎来到新开云校' })).toBeVisible();
    await expect(section(page, '轮播图')).toHaveCount(0);
    await expect(section(page, '学员专享券').getByText('暂无数据')).toBeVisible();
    await expect(section(page, '培训项目').getByText('暂无数据')).toBeVisible();
    await expect(section(page, '最新资讯').getByText('暂无数据')).toBeVisible();
    for (const name of ['学员评价', '大家说', '瞬间']) await section(page, name).scrollIntoViewIfNeeded();
    await expect(section(page, '学员评价').getByText('暂无点评')).toBeVisible();
    await expect(section(page, '大家说').getByText('暂无数据')).toBeVisible();
    await expect(section(page, '瞬间').getByText('暂无数据')).toBeVisible();

    await (await hydrated(section(page, '校园相册').getByRole('button', { name: '打开相册' }))).click();
    await expect(page.getByRole('dialog', { name: '校园相册' }).getByText('暂无内容')).toBeVisible();
    await page.keyboard.press('Escape');

    // The floating tools: no phone, no customer-service QR code.
    const tools = page.getByRole('complementary', { name: '便捷工具' });
    if (testInfo.project.name === 'mobile') await tools.getByRole('button', { name: '便捷工具' }).click();
    await tools.getByRole('button', { name: '联系电话' }).click();
    await expect(tools.getByText('无', { exact: true })).toBeVisible();
    await tools.getByRole('button', { name: '客服微信' }).click();
    await expect(tools.getByText('暂无客服微信')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'empty home');
  });

  test('nothing it has not set up: no APP下载 entry or app QR code, no licence or record line', async ({ page }) => {
    await page.goto(`${EMPTY_ORIGIN}/`);
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '考试登录' })).toHaveAttribute('href', '/study/mine');
    await expect(page.getByRole('banner').getByRole('link', { name: 'APP下载' })).toHaveCount(0);
    await page.getByRole('button', { name: '手机预览' }).click();
    const preview = page.getByRole('dialog', { name: '手机端预览' });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('img', { name: 'APP下载二维码' })).toHaveCount(0);
    await preview.getByRole('button', { name: '关闭预览' }).click();
    await expect(page.getByRole('contentinfo')).not.toContainText('许可证');
  });

  test('news, notices, training projects and the school profile', async ({ page }) => {
    await page.goto(`${EMPTY_ORIGIN}/news-information/list`);
    await expect(page.getByText('暂无数据').first()).toBeVisible();
    await page.goto(`${EMPTY_ORIGIN}/notice/list`);
    await expect(page.getByText('暂无数据').first()).toBeVisible();

    await page.goto(`${EMPTY_ORIGIN}/educational-product`);
    await expect(page.getByText('暂无专业信息').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'empty training projects');

    await page.goto(`${EMPTY_ORIGIN}/school-info`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('暂无数据').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'empty school profile');
  });
});
