import { test, expect, mainNav, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { DEMO_TENANT } from './support/seed';

/** An unknown route: the school's own layout, a clear message and ways on, status 404. */

const URL = '/no-such-page';

test.describe('unknown route', () => {
  // Pages served by one file for several names (a homework's and a test's steps, the online classroom's
  // two addresses) answer only at those names.
  for (const path of ['/study/quiz', '/study/homework/start', '/study/test/answer/again', '/study/homework/check-my-test-exam', '/study/classroom/elsewhere']) {
    test(`${path} beside the learner pages' names answers 404 @desktop-only`, async ({ page, consoleGuard }) => {
      consoleGuard.allowFailedResource(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    });
  }

  test("answers 404 inside the school's layout with 页面不存在 and ways on", async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource(URL, 404);
    const response = await page.goto(URL);
    expect(response?.status()).toBe(404);
    // The school's header and footer.
    await expect(page.getByRole('banner')).toContainText(DEMO_TENANT.school.projectName);
    await expect(mainNav(page).getByRole('link', { name: '首页' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(main.getByText('您访问的页面不存在或已被移除，请检查网址是否正确。')).toBeVisible();
    await expect(main).not.toContainText('暂无数据');
    await expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: '看看新闻资讯' })).toHaveAttribute('href', '/news-information/list');
    await expect(main.getByRole('link', { name: '了解学校简介' })).toHaveAttribute('href', '/school-info');
    await expect(main.getByRole('link', { name: '返回上一页' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404');
    await expectNoSidewaysScroll(page);
  });

  test('the ways on work: news, school profile, and back to where the visitor came from @desktop-only', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource(URL, 404);
    await page.goto(URL);
    await page.getByRole('main').getByRole('link', { name: '看看新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news-information\/list$/);

    await page.goto(URL);
    await page.getByRole('main').getByRole('link', { name: '了解学校简介' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '学校简介' })).toBeVisible();

    // From the notice list through a broken link, and back.
    await page.goto('/notice/list');
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = 'broken link';
      document.body.append(a);
    }, URL);
    await page.getByRole('link', { name: 'broken link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: '返回上一页' }).click();
    await expect(page).toHaveURL(/\/notice\/list$/);

    // Opened directly (nothing to go back to), it goes home.
    const fresh = await page.context().newPage();
    await fresh.goto(URL);
    await fresh.getByRole('main').getByRole('link', { name: '返回上一页' }).click();
    await expect(fresh).toHaveURL(/\/$/);
    await expect(fresh.getByRole('heading', { level: 1, name: /欢迎来到/ })).toBeVisible();
    await fresh.close();
  });
});
