import type { Page, Response } from '@playwright/test';
import { expect, newsItems } from './fixtures';
import { UNKNOWN_ORIGIN } from './env';

/**
 * One page of each family, reached the way a visitor would. `open` leaves the page loaded and
 * returns the document's HTTP status.
 */
export interface PageFamily {
  name: string;
  /** The HTTP status the document must answer. */
  status: number;
  /** For an error status: the document URL, whose "Failed to load resource" line the console guard allows. */
  url?: string;
  open(page: Page): Promise<number | undefined>;
}

const status = async (p: Promise<Response | null>) => (await p)?.status();

async function openFromNewsList(page: Page, title: string, listUrl = '/news-information/list'): Promise<number | undefined> {
  await page.goto(listUrl);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().includes('/news-information/detail')),
    newsItems(page).getByRole('link', { name: title }).click(),
  ]);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return response.status();
}

export const PAGE_FAMILIES: PageFamily[] = [
  { name: 'home', status: 200, open: (page) => status(page.goto('/')) },
  { name: 'news list', status: 200, open: (page) => status(page.goto('/news-information/list')) },
  { name: 'news detail', status: 200, open: (page) => openFromNewsList(page, '学院举办 2026 年秋季开学典礼') },
  { name: 'video news detail', status: 200, open: (page) => openFromNewsList(page, '视频：学院实训中心开放日全景回顾', '/news-information/list?current=2') },
  { name: 'notice list', status: 200, open: (page) => status(page.goto('/notice/list')) },
  {
    name: 'notice detail',
    status: 200,
    async open(page) {
      await page.goto('/notice/list');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().includes('/notice/detail')),
        page.getByRole('main').getByRole('listitem').first().getByRole('link').click(),
      ]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return response.status();
    },
  },
  {
    name: 'empty-state detail',
    status: 404,
    url: '/news-information/detail?id=9999999999999999999',
    open: (page) => status(page.goto('/news-information/detail?id=9999999999999999999')),
  },
  { name: 'school-not-found', status: 404, url: `${UNKNOWN_ORIGIN}/`, open: (page) => status(page.goto(`${UNKNOWN_ORIGIN}/`)) },
];
