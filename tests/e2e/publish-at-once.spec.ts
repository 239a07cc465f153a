import { test, expect, hydrated, newsItems } from './support/fixtures';
import { DESKTOP, makeStaff, signedInContext, staffWrite } from './support/staff';

/**
 * Publishing shows at once (decision 056): the public news list is kept by the render cache, yet
 * a news item an editor publishes on the staff screen is on it at the visitor's next reload, with
 * no wait for the page's max-age. Publish times are rendered as absolute times, so two renders of
 * the same page seconds apart are the same bytes (one ETag on every instance); the browser shows
 * them as "N秒前". Each test deletes what it published (the specs share one database).
 */

test.describe('@desktop-only publishing shows at once', () => {
  test.use({ viewport: DESKTOP });

  test('a news item published on the staff screen is on the cached public list at the next reload', async ({ page, browser }) => {
    await page.goto('/news-information/list');
    // The list is now kept by the render cache (for PAGE_MAX_AGE, 60 s by default). A list an earlier spec left past its
    // max-age is answered stale while one render replaces it, so the cache is asked until it answers fresh.
    await expect.poll(async () => (await page.request.get('/news-information/list')).headers()['x-render-cache']).toBe('hit');

    const { context, page: editor } = await signedInContext(browser, await makeStaff('editor'));
    const title = `即时发布${Date.now() % 100000}`;
    try {
      await editor.goto('/admin/news/edit');
      const body = editor.getByRole('textbox', { name: '正文' });
      await hydrated(body);
      await editor.getByRole('textbox', { name: '标题', exact: true }).fill(title);
      await body.click();
      await editor.keyboard.type('发布之后立刻可见。');
      await editor.getByRole('button', { name: '保存草稿' }).click();
      await expect(editor).toHaveURL(/\/admin\/news\/edit\?id=\w+/);
      await editor.getByRole('button', { name: '立即发布' }).click();
      await expect(editor.getByText('当前状态：已发布')).toBeVisible();

      await page.reload();
      const item = newsItems(page).filter({ hasText: title });
      await expect(item).toHaveCount(1);
      // Shown by the visitor's clock: a few seconds old.
      await expect(item.locator('time')).toHaveText(/^(\d+秒前|刚刚)$/);
    } finally {
      const id = new URL(editor.url()).searchParams.get('id');
      if (id) expect((await staffWrite(editor, `/admin/news/${id}/delete`, {})).code).toBe(0);
      await context.close();
    }
    // Deleting it drops the list again.
    await page.reload();
    await expect(newsItems(page).filter({ hasText: title })).toHaveCount(0);
  });

  test('two renders of a page seconds apart are the same bytes and the same ETag: no time in it depends on the clock', async ({ browser }) => {
    const { context, page: editor } = await signedInContext(browser, await makeStaff('editor'));
    try {
      const created = await staffWrite(editor, '/admin/news/save', {
        title: `同一标签${Date.now() % 100000}`,
        categorizeIds: [],
        contentType: 'ARTICLE',
        content: '<p>x</p>',
      });
      expect(created.code).toBe(0);
      expect((await staffWrite(editor, `/admin/news/${created.data.id}/publish`, {})).code).toBe(0);
      try {
        // Two addresses no other test reads: each is rendered (not taken from the cache), seconds apart
        // (a clock-dependent page would say "1秒前" in one and "3秒前" in the other).
        const first = await editor.request.get('/news-information/list?current=1&render=first');
        expect(first.headers()['x-render-cache']).toBeUndefined();
        await editor.waitForTimeout(2_100);
        const second = await editor.request.get('/news-information/list?current=1&render=second');
        expect(second.headers()['x-render-cache']).toBeUndefined();
        // Each page names its own address (the login link comes back to it): that is the only difference allowed.
        const own = (html: string, render: string) =>
          html.replaceAll(encodeURIComponent(`render=${render}`), 'render=').replaceAll(`render=${render}`, 'render=');
        const [a, b] = [own(await first.text(), 'first'), own(await second.text(), 'second')];
        const times = (html: string) => html.match(/<time [^>]*>[^<]*<\/time>/g) ?? [];
        expect(times(b)).toEqual(times(a));
        expect(b === a, 'the two renders differ').toBe(true);
        // The same address rendered again (the render cache is left, a new ETag would mean new bytes): the same tag.
        const again = await editor.request.get('/news-information/list?current=1&render=first', { headers: { 'Cache-Control': 'no-cache' } });
        expect(again.headers()['etag']).toBe(first.headers()['etag']);
      } finally {
        expect((await staffWrite(editor, `/admin/news/${created.data.id}/delete`, {})).code).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
