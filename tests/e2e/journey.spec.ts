import { test, expect, mainNav, newsItems, newsTitles } from './support/fixtures';
import { demo } from './support/seed';

test('a visitor goes from the home page to a filtered news list, reads an item and comes back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: '欢迎来到江南职业技能培训学院' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: '新闻资讯', exact: true }).click();
  await expect(page).toHaveURL(/\/news-information\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: '新闻资讯', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(newsItems(page)).toHaveCount(4);
  const allTitles = await newsTitles(page);

  const tabs = page.getByRole('navigation', { name: '资讯分类' });
  await expect(tabs.getByRole('link').first()).toHaveText('全部');
  await expect(tabs.getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link')).toHaveText(['全部', ...demo.categories]);

  const category = '考试指南';
  await tabs.getByRole('link', { name: category }).click();
  await expect(page).toHaveURL(/[?&]categorizeId=[^&]+/);
  const filteredUrl = page.url();
  await expect(tabs.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: '全部' })).not.toHaveAttribute('aria-current', 'page');

  // Exactly the newest four published items of that category, newest first.
  const expected = demo.newsOfCategory(category);
  expect(expected.length).toBeGreaterThan(4);
  await expect(newsItems(page).getByRole('heading', { level: 2 })).toHaveText(expected.slice(0, 4));
  expect(await newsTitles(page)).not.toEqual(allTitles);

  const title = expected[0]!;
  await newsItems(page).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/news-information\/detail\?id=[^&]+&categorizeId=/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const catalogue = page.getByRole('navigation').filter({ has: page.getByRole('heading', { name: '资讯目录' }) });
  await expect(catalogue.getByRole('link').first()).toHaveText('全部');
  await expect(catalogue.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: '返回列表' })).toHaveAttribute('href', new URL(filteredUrl).pathname + new URL(filteredUrl).search);

  await page.goBack();
  await expect(page).toHaveURL(filteredUrl);
  await expect(tabs.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page');
  await expect(newsItems(page).getByRole('heading', { level: 2 })).toHaveText(expected.slice(0, 4));
});

test('the home page links to the news list with 进入新闻资讯', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '进入新闻资讯' }).click();
  await expect(page).toHaveURL(/\/news-information\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
});

test('/news redirects permanently to /news-information/list', async ({ page }) => {
  const response = await page.goto('/news');
  await expect(page).toHaveURL(/\/news-information\/list$/);
  expect(response?.status()).toBe(200);
  const redirect = response?.request().redirectedFrom();
  expect(redirect?.url()).toMatch(/\/news$/);
  expect((await redirect?.response())?.status()).toBe(301);
  await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
});
