import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { HUAXIA_ORIGIN } from './support/env';

/** The floating tools panel; on narrow screens it is folded behind one button first. */
async function toolsPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: '便捷工具' });
  await expect(panel).toBeVisible();
  const fold = panel.getByRole('button', { name: '便捷工具' });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') {
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
  }
  return panel;
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.describe('floating tools panel', () => {
  test('demo school: consult, phone, WeChat QR code, news and home', async ({ page }) => {
    await page.goto('/news-information/list');
    const panel = await toolsPanel(page);
    await expect(panel.getByRole('button', { name: '留言咨询' })).toBeVisible();
    await expect(panel.getByRole('link', { name: '新闻资讯' })).toHaveAttribute('href', '/news-information/list');
    await expect(panel.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');

    const phone = panel.getByRole('button', { name: '联系电话' });
    await phone.click();
    await expect(phone).toHaveAttribute('aria-expanded', 'true');
    const tel = panel.getByRole('link', { name: '400-025-8899' });
    await expect(tel).toBeVisible();
    await expect(tel).toHaveAttribute('href', 'tel:4000258899');
    await expectNoHorizontalScroll(page);

    // Opening the QR code closes the phone popover.
    await panel.getByRole('button', { name: '客服微信' }).click();
    await expect(tel).toBeHidden();
    const qr = panel.getByRole('img', { name: '招生咨询 王老师微信二维码' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(panel.getByText('暂无客服微信')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, 'news list with the QR popover open');

    // Escape closes the popover and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(qr).toBeHidden();
    await expect(panel.getByRole('button', { name: '客服微信' })).toBeFocused();

    await panel.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the news entry leads to the news list', async ({ page }) => {
    await page.goto('/notice/list');
    const panel = await toolsPanel(page);
    await panel.getByRole('link', { name: '新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news-information\/list$/);
  });

  test('a school without phone or WeChat QR code shows 无 and 暂无客服微信', async ({ page }) => {
    await page.goto(`${HUAXIA_ORIGIN}/`);
    const panel = await toolsPanel(page);
    await panel.getByRole('button', { name: '联系电话' }).click();
    await expect(panel.getByText('无', { exact: true })).toBeVisible();
    await expect(panel.locator('a[href^="tel:"]')).toHaveCount(0);
    await panel.getByRole('button', { name: '客服微信' }).click();
    await expect(panel.getByText('暂无客服微信', { exact: true })).toBeVisible();
    await expect(panel.getByRole('img')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('a click elsewhere closes an open popover', async ({ page }) => {
    await page.goto('/');
    const panel = await toolsPanel(page);
    await panel.getByRole('button', { name: '联系电话' }).click();
    const tel = panel.getByRole('link', { name: '400-025-8899' });
    await expect(tel).toBeVisible();
    await page.getByRole('banner').click({ position: { x: 5, y: 5 } });
    await expect(tel).toBeHidden();
    await expect(panel.getByRole('button', { name: '联系电话' })).toHaveAttribute('aria-expanded', 'false');
  });
});
