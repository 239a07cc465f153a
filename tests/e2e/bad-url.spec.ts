import { test, expect } from './support/fixtures';

/**
 * An address with a broken %-escape (`?x=%ZZ`, or in the path) through the real server: the API
 * answers the 400 envelope, a page the 400 page in the school's layout; never the renderer's
 * plain-text "Bad request.".
 */

test('the API answers a broken %-escape in the query or the path with the 400 envelope', async ({ request }) => {
  for (const path of ['/api/universityAdvertise/anyUser/newInformation/newInformationPage?x=%ZZ', '/api/cms/anyone/news/%E0%A4%A?x=1', '/api/x?a=%']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(400);
    expect(answer.headers()['content-type']).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ code: 400, data: null, message: '请求地址格式不正确' });
  }
});

test('a page address with a broken %-escape shows the 400 page in the school’s layout, with ways on', async ({ page, consoleGuard }) => {
  for (const path of ['/news-information/list?x=%ZZ', '/notice/%E0%A4%A']) {
    // the browser reports the page's own 400 status; that is the point here
    consoleGuard.allowFailedResource(path, 400);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    expect(response!.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: '网址有误' })).toBeVisible();
    await expect(page.getByText('这个网址里有无法识别的字符')).toBeVisible();
    await expect(page.getByText('Bad request.')).toHaveCount(0);
  }
  await page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});
