import { test, expect, newsItems, newsTitles, pagination, walkPages } from './support/fixtures';
import { demo } from './support/seed';

test.describe('news list', () => {
  test('pages forward with 下一页 and marks the current page', async ({ page }) => {
    await page.goto('/news-information/list');
    const pager = pagination(page);
    await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: '上一页' })).toHaveCount(0);
    const firstPage = await newsTitles(page);

    await pager.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/[?&]current=2(&|$)/);
    await expect(pager.getByText('2', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: '第 1 页' })).toBeVisible();
    await expect(pager.getByRole('link', { name: '上一页' })).toBeVisible();
    await expect(newsItems(page)).toHaveCount(4);
    const secondPage = await newsTitles(page);
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);

    await pager.getByRole('link', { name: '上一页' }).click();
    await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await newsTitles(page)).toEqual(firstPage);
  });

  test('shows the 热门专业 and 通知公告 asides', async ({ page }) => {
    await page.goto('/news-information/list');
    const hot = page.getByRole('region', { name: '热门专业' });
    await expect(hot.getByRole('link')).toHaveCount(5);
    const notices = page.getByRole('region', { name: '通知公告' });
    await expect(notices.getByRole('link', { name: demo.publishedNoticeTitles[0]! })).toBeVisible();
    await expect(notices.getByRole('link', { name: '更多' })).toHaveAttribute('href', '/notice/list');
  });

  test('lists every published item once and never a draft or withdrawn item @desktop-only', async ({ page }) => {
    await page.goto('/news-information/list');
    const text = (await walkPages(page)).join('\n');
    for (const title of demo.unpublishedNewsTitles) expect(text, `unpublished "${title}" is listed`).not.toContain(title);
    expect(text).not.toContain('（草稿）');
    for (const title of demo.publishedNewsTitles) expect(text, `published "${title}" is missing`).toContain(title);

    await page.goto('/');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const home = await page.getByRole('main').innerText();
    expect(home).not.toContain('（草稿）');
    for (const title of demo.unpublishedNewsTitles) expect(home).not.toContain(title);
  });
});

test.describe('news detail', () => {
  test('a video news item plays in a video element with controls', async ({ page }) => {
    const title = '视频：学院实训中心开放日全景回顾';
    await page.goto('/news-information/list?current=2');
    await newsItems(page).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const video = page.getByRole('main').locator('video');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute('controls', '');
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
    const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src);
    const media = await page.request.get(src);
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toContain('video/mp4');
  });

  test('an article shows its sanitised body, without scripts or javascript: links', async ({ page }) => {
    const title = '网络安全宣传周：警惕仿冒培训机构诈骗';
    await page.goto('/news-information/list');
    await newsItems(page).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const article = page.getByRole('article');
    await expect(article.getByText('近期出现仿冒培训机构的诈骗网站')).toBeVisible();
    // Its picture is not one of the school's uploads (decision 049): not shown.
    await expect(article.getByRole('img', { name: '安全宣传海报' })).toHaveCount(0);
    await expect(article.locator('script')).toHaveCount(0);
    await expect(article.locator('[onerror]')).toHaveCount(0);
    await expect(article.locator('a[href^="javascript:"]')).toHaveCount(0);
  });

  for (const [name, query] of [
    ['an unknown id', '?id=9999999999999999999'],
    ['a missing id', ''],
  ] as const) {
    test(`${name} shows 暂无数据 with status 404`, async ({ page, consoleGuard }) => {
      const url = `/news-information/detail${query}`;
      consoleGuard.allowFailedResource(url, 404);
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('main').getByText('暂无数据', { exact: true })).toBeVisible();
      // Still a usable page: the catalogue and the way back are there.
      await expect(page.getByRole('link', { name: '返回列表' })).toBeVisible();
    });
  }
});
