import type { Page } from '@playwright/test';
import { test, expect, mainNav, pagination, walkPages } from './support/fixtures';
import { demo } from './support/seed';

const noticeItems = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

test('notice list -> notice detail -> 返回公告列表', async ({ page }) => {
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: '通知公告', exact: true }).click();
  await expect(page).toHaveURL(/\/notice\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
  await expect(noticeItems(page)).toHaveCount(6);
  await expect(noticeItems(page).getByRole('heading', { level: 2 })).toHaveText(demo.publishedNoticeTitles.slice(0, 6));

  const title = demo.publishedNoticeTitles[1]!;
  await noticeItems(page).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/notice\/detail\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('article').getByText('特此通知。')).toBeVisible();

  await page.getByRole('link', { name: '返回公告列表' }).click();
  await expect(page).toHaveURL(/\/notice\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
});

test('the notice list pages with 下一页 and never lists a draft @desktop-only', async ({ page }) => {
  await page.goto('/notice/list');
  await pagination(page).getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/[?&]current=2(&|$)/);
  await expect(pagination(page).getByText('2', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(noticeItems(page).getByRole('heading', { level: 2 })).toHaveText(demo.publishedNoticeTitles.slice(6, 12));

  await page.goto('/notice/list');
  const text = (await walkPages(page)).join('\n');
  expect(text).not.toContain('（草稿）');
  for (const title of demo.unpublishedNoticeTitles) expect(text).not.toContain(title);
  for (const title of demo.publishedNoticeTitles) expect(text).toContain(title);
});

test('an unknown notice id shows 暂无数据 with status 404', async ({ page, consoleGuard }) => {
  const url = '/notice/detail?id=9999999999999999999';
  consoleGuard.allowFailedResource(url, 404);
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('main').getByText('暂无数据', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回公告列表' })).toBeVisible();
});
