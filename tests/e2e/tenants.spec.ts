import { test, expect, newsItems, walkPages } from './support/fixtures';
import { HUAXIA_ORIGIN, UNKNOWN_ORIGIN } from './support/env';
import { allTitles, demo, huaxia, DEMO_TENANT, SECOND_TENANT } from './support/seed';

test.describe('tenant isolation in the browser', () => {
  test('huaxia.localhost shows only huaxia news', async ({ page }) => {
    await page.goto(`${HUAXIA_ORIGIN}/news-information/list`);
    await expect(page).toHaveTitle(/华夏数字云校/);
    await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '资讯分类' }).getByRole('link')).toHaveText(['全部', ...SECOND_TENANT.categories]);
    await expect(newsItems(page).getByRole('heading', { level: 2 })).toHaveText(huaxia.publishedNewsTitles);
    for (const title of await newsItems(page).getByRole('heading', { level: 2 }).allInnerTexts()) {
      expect(title.startsWith('华夏数字云校'), `"${title}" does not belong to huaxia`).toBe(true);
    }

    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const text = await page.locator('body').innerText();
    for (const title of allTitles(DEMO_TENANT)) expect(text, `demo title "${title}" leaked`).not.toContain(title);
    for (const title of huaxia.unpublishedNewsTitles) expect(text).not.toContain(title);
    expect(text).not.toContain(DEMO_TENANT.name);
  });

  test('the demo site shows no huaxia news or notices', async ({ page }) => {
    await page.goto('/news-information/list');
    const texts = await walkPages(page);
    await page.goto('/notice/list');
    texts.push(...(await walkPages(page)));
    await page.goto('/');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    texts.push(await page.locator('body').innerText());
    const text = texts.join('\n');
    for (const title of allTitles(SECOND_TENANT)) expect(text, `huaxia title "${title}" leaked`).not.toContain(title);
    expect(text).not.toContain(SECOND_TENANT.name);
  });

  test("a demo news id opened on huaxia's host is not found", async ({ page, consoleGuard }) => {
    const title = demo.publishedNewsTitles[0]!;
    await page.goto('/news-information/list');
    await newsItems(page).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const { pathname, search } = new URL(page.url());

    const foreign = `${HUAXIA_ORIGIN}${pathname}${search}`;
    consoleGuard.allowFailedResource(foreign, 404);
    const response = await page.goto(foreign);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByText('暂无数据', { exact: true })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test('an unknown school host answers 404 with 学校不存在', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource(`${UNKNOWN_ORIGIN}/`, 404);
    const response = await page.goto(`${UNKNOWN_ORIGIN}/`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('学校不存在');
    await expect(page.getByRole('heading', { level: 1, name: '学校不存在' })).toBeVisible();
    await expect(page.getByText('nosuch.localhost')).toBeVisible();
  });
});

test('a schoolId query parameter chooses the school whatever the host', async ({ page }) => {
  await page.goto(`/news-information/list?schoolId=${SECOND_TENANT.id}`);
  await expect(page).toHaveTitle(/华夏数字云校/);
  await expect(newsItems(page).getByRole('heading', { level: 2 })).toHaveText(huaxia.publishedNewsTitles);
});

test('an unknown schoolId gets the school-not-found page', async ({ page, consoleGuard }) => {
  consoleGuard.allowFailedResource('/news-information/list?schoolId=9999', 404);
  const response = await page.goto('/news-information/list?schoolId=9999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '学校不存在' })).toBeVisible();
});
