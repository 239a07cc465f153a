import type { Page } from '@playwright/test';
import { test, expect, mainNav, newsItems, expectNoSidewaysScroll } from './support/fixtures';
import { DEMO_ORIGIN } from './support/env';
import { huaxia, SECOND_TENANT } from './support/seed';
import { storage } from './support/login';

const H = SECOND_TENANT.id;
const CHOSEN = new RegExp(`[?&]schoolId=${H}(?:&|#|$)`);

/** The page is 华夏's: its title, its project name in the header, and the stored school. */
async function expectHuaxia(page: Page) {
  await expect(page).toHaveURL(CHOSEN);
  await expect(page).toHaveTitle(/华夏数字云校/);
  await expect.poll(() => storage(page, 'szyx_tenantId')).toBe(H);
}

/** Same-site addresses on the page (links, frames, form actions) that do not carry the chosen school. */
function linksWithoutSchool(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const addresses = [...document.querySelectorAll('a[href], area[href], iframe[src], iframe[data-src], form[action]')].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('data-src') ?? el.getAttribute('action') ?? '',
    );
    return addresses.filter((a) => a.startsWith('/') && !a.startsWith('//') && !a.startsWith('/api/') && !/[?&]schoolId=/.test(a));
  });
}

test.describe('a school chosen with ?schoolId=', () => {
  test('stays chosen through the header, list, detail, aside and footer links and reloads', async ({ page }) => {
    await page.goto(`/?schoolId=${H}`);
    await expectHuaxia(page);
    await expect(page.getByRole('banner').getByText('华夏技能提升行动')).toBeVisible();
    expect(await linksWithoutSchool(page)).toEqual([]);

    await mainNav(page).getByRole('link', { name: '新闻资讯' }).click();
    await page.waitForURL(/\/news-information\/list/);
    await expectHuaxia(page);
    await expect(newsItems(page).getByRole('heading', { level: 2 }).first()).toHaveText(huaxia.publishedNewsTitles[0]!);
    expect(await linksWithoutSchool(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    await page.reload();
    await expectHuaxia(page);
    await expect(page.getByRole('banner').getByText('华夏技能提升行动')).toBeVisible();

    await newsItems(page).first().getByRole('link').first().click();
    await page.waitForURL(/\/news-information\/detail/);
    await expectHuaxia(page);
    expect(await linksWithoutSchool(page)).toEqual([]);

    await mainNav(page).getByRole('link', { name: '通知公告' }).click();
    await page.waitForURL(/\/notice\/list/);
    await expectHuaxia(page);
    await expect(page.getByRole('main')).toContainText(huaxia.publishedNoticeTitles[0]!);

    await page.getByRole('contentinfo').getByRole('link', { name: '推广合伙人登录' }).click();
    await page.waitForURL(/\/login\/promotion/);
    await expectHuaxia(page);

    await mainNav(page).getByRole('link', { name: '学校简介' }).click();
    await page.waitForURL(/\/school-info/);
    await expectHuaxia(page);
    expect(await linksWithoutSchool(page)).toEqual([]);

    await page.getByRole('banner').getByRole('link', { name: '首页', exact: true }).click();
    await page.waitForURL(/\/\?schoolId=/);
    await expectHuaxia(page);
  });

  test('goes to the login page and back, where the school is shown', async ({ page }) => {
    await page.goto(`/notice/list?schoolId=${H}`);
    const login = page.getByRole('navigation', { name: '用户菜单' }).getByRole('link', { name: '注册/登录' });
    await expect(login).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/notice/list?schoolId=${H}`)}&schoolId=${H}`);
    await login.click();
    await page.waitForURL(/\/login\?/);
    await expectHuaxia(page);
    await expect(page.getByRole('main').getByText('华夏数字云校', { exact: true })).toBeVisible();
    expect(await linksWithoutSchool(page)).toEqual([]);
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(`**/?schoolId=${H}`);
    await expectHuaxia(page);
  });

  test('redirects keep it too', async ({ page }) => {
    for (const [from, to] of [
      [`/news?schoolId=${H}`, `/news-information/list?schoolId=${H}`],
      [`/notice?schoolId=${H}`, `/notice/list?schoolId=${H}`],
    ]) {
      const res = await page.request.get(`${DEMO_ORIGIN}${from}`, { maxRedirects: 0 });
      expect(res.status(), from).toBeGreaterThanOrEqual(300);
      expect(res.headers()['location'], from).toBe(to);
    }
  });

  test('links that islands add later get it when they are used', async ({ page }) => {
    await page.goto(`/news-information/list?schoolId=${H}`);
    // As an island would render it after the page loaded (the server never saw this link).
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/school-info?index=1';
      a.textContent = '岛内链接';
      document.querySelector('main')!.prepend(a);
    });
    await page.getByRole('link', { name: '岛内链接' }).click();
    await page.waitForURL(/\/school-info\?index=1&schoolId=/);
    await expectHuaxia(page);
  });

  test('without it the host decides, and the stored school follows the host', async ({ page }) => {
    await page.goto(`/?schoolId=${H}`);
    await expectHuaxia(page);
    await page.goto('/news-information/list');
    await expect(page).toHaveTitle(/江南职业技能培训学院/);
    await expect.poll(() => storage(page, 'szyx_tenantId')).toBe('1000000000000000001');
    expect(await page.getByRole('banner').getByRole('link', { name: '首页', exact: true }).getAttribute('href')).toBe('/');
  });
});
