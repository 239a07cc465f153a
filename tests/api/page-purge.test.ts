import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as admin from '~/lib/api/contracts/admin-content';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as school from '~/lib/api/contracts/admin-school';
import * as content from '~/lib/api/contracts/content';
import * as media from '~/lib/api/contracts/media';
import * as tenantApi from '~/lib/api/contracts/tenant';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';
import { pageNews } from '~/server/content/content.service';
import { findHotMajorDetail, findProduct } from '~/server/products/products.service';
import { createSchool, getSchoolPage, resolveTenant } from '~/server/tenant/tenant.service';
import type { Scope } from '~/server/http/scope';
import { getAsides, getNewsItem, getNewsListPage, getNoticeItem, getNoticeListPage } from '~/server/pages/layout-data';
import { newsItemKey } from '~/server/pages/news-list';
import { noticeItemKey } from '~/server/pages/notice-pages';
import type { Asides } from '~/server/pages/asides';
import { HOME_KINDS, HOME_SECTIONS_KEPT_MS, TICKER_DAYS, type HomeSections } from '~/server/pages/home-sections';
import { getHomeSections } from '~/server/pages/home-data';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { announcePageChanges } from '~/server/runtime';
import { createLogger } from '~/server/logger';
import { PURGE_PAGES_EVENT } from '~/server/http/render-cache';
import type { PageChange } from '~/server/events/page-changes';
import { pageScopeAt, startCachedPages, type CachedPages, type TestPage } from '../setup/cached-pages';
import { bannerInput, categoryInput, couponInput, hotMajorInput, productInput } from '../setup/catalog';
import { DAY, HOUR, startTestServer, useTestServer, type Answer, type TestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';

/**
 * Publishing shows at once: with the render cache in front, a staff change drops exactly the
 * cached pages that show what it changed (news, the catalogue, the whole school for its branding),
 * and nothing else; a scheduled publication does the same when its job runs; a school opened a
 * moment ago answers at its host at once. Every test opens a school of its own and reads its pages
 * at its own host.
 */

const server = useTestServer();

/** The pages of these tests: what the real pages show of each kind, through the real services. */
const PAGES: Record<string, TestPage> = {
  '/news-information/list': {
    shows: { kinds: ['news', 'notices', 'catalogue'] },
    render: async (s) => `<ul>${(await pageNews(s, { current: 1, size: 4, order: 'desc' })).records.map((n) => `<li>${n.title}</li>`).join('')}</ul>`,
  },
  '/': {
    shows: { kinds: ['news', 'notices', 'media', 'coupons', 'catalogue'] },
    // The school's header data through the instance's look-up, as every page's layout reads it.
    render: async (s) => `<h1>${(await s.lookups.schools.get((await s.tenant()).id, () => getSchoolPage(s))).info.projectName}</h1>`,
  },
  '/columns': {
    shows: { kinds: ['news', 'notices', 'catalogue'] },
    // The side columns through the instance's look-up, as the news and notice pages read them (src/server/pages/asides.ts).
    render: async (s) => asidesHtml(await getAsides({ scope: s })),
  },
  '/home-sections': {
    shows: { kinds: HOME_KINDS },
    // The home's sections through the instance's look-up, as the home page reads them (src/server/pages/home-sections.ts).
    render: async (s) => homeHtml(await getHomeSections({ scope: s })),
  },
  '/news-first': {
    shows: { kinds: ['news', 'notices', 'catalogue'] },
    // The news list's page of the address, through the instance's look-up as the news list reads it (decision 111).
    render: async (s) => {
      const news = await newsListPageOf(s, { categorizeId: undefined, current: 1 });
      return `<ul>${news.records.map((n) => `<li>${n.title}</li>`).join('')}</ul>`;
    },
  },
  '/educational-product/detail': {
    shows: { kinds: ['catalogue'] },
    render: async (s) => (await findProduct(s, productShown))?.name ?? '<p>none</p>',
  },
  '/educational-product': {
    shows: { kinds: ['catalogue'] },
    render: async (s) => `<ul>${((await findHotMajorDetail(s, majorShown))?.relatedProductList ?? []).map((r) => `<li>${r.productId}</li>`).join('')}</ul>`,
  },
};

/** The side columns as the test pages draw them: the categories, the hot majors, the notices. */
function asidesHtml(a: Asides): string {
  const items = (names: string[]) => names.map((n) => `<li>${n}</li>`).join('');
  const [categories, majors, notices] = [a.categories.map((c) => c.name), a.hotMajors.map((m) => m.name), a.notices.map((n) => n.title)];
  return `<nav>${items(categories)}</nav><ol>${items(majors)}</ol><ul>${items(notices)}</ul>`;
}
/** The news list's page of a school's scope, kept when the list keeps it (src/pages/news-information/list.astro). */
async function newsListPageOf(s: Scope, q: { categorizeId: string | undefined; current: number }) {
  return (await getNewsListPage({ scope: s }, await getAsides({ scope: s }), q)).news;
}

/** The home's sections as the test page draws them: the ticker, the news, the banners, the coupons, the project tabs. */
function homeHtml(h: HomeSections): string {
  const items = (names: string[]) => names.map((n) => `<li>${n}</li>`).join('');
  const sections = [h.recent.map((r) => r.title), h.news.map((n) => n.title), h.slides.map((b) => b.name), h.coupons.map((c) => c.title)];
  return `${sections.map((names) => `<ul>${items(names)}</ul>`).join('')}<nav>${items(h.projects.categories.map((c) => c.name))}</nav>`;
}
/** The product the detail page of these tests shows (its ?id, fixed per test). */
let productShown = '';
/** The hot major the training-project page of these tests shows (its ?id, fixed per test). */
let majorShown = '';

let pages: CachedPages;
beforeAll(async () => {
  pages = await startCachedPages(server(), PAGES);
});
afterAll(() => pages.close());

let counter = 0;
interface School {
  id: string;
  host: string;
  session: TestStaffSession;
}

async function newSchool(on: TestServer = server()): Promise<School> {
  counter += 1;
  const preDomain = `pg${process.pid % 10000}x${counter}`;
  const made = await createSchool(on.runtime.db, { preDomain, name: `刷新学校${counter}` }, on.clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const account = await makeStaff(on, made.tenant.id, STAFF_ROLE.admin);
  return { id: made.tenant.id, host: `${preDomain}.localhost`, session: await sessionOf(on, account) };
}

const as = (a: School, params?: Record<string, string>) => ({ ...asStaff(a.session, a.id), ...(params ? { params } : {}) });
const ok = <T>(a: Answer): T => {
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
};

/** A page's request scope at the school's host, as the page middleware makes it. */
async function pageScope(a: School): Promise<Scope> {
  const at = await pageScopeAt(server(), a.host);
  if (!at) throw new Error(`no school at ${a.host}`);
  return at.scope;
}

async function draftNews(on: TestServer, a: School, title: string): Promise<admin.AdminNews> {
  return ok(await on.call(admin.adminNewsSave, { title, categorizeIds: [], contentType: 'ARTICLE', content: '<p>正文</p>' }, as(a)));
}

/** Reads a page twice: rendered, then served from the render cache. */
async function cached(path: string, host: string, cache = pages): Promise<string> {
  const first = await cache.get(path, host);
  expect(first.status).toBe(200);
  expect((await cache.get(path, host)).cache).toBe('hit');
  return first.body;
}

describe('a staff change drops the cached pages that show it', () => {
  test('publishing news: the cached news list shows it at once; other kinds of pages and other schools stay cached', async () => {
    const a = await newSchool();
    const b = await newSchool();
    const news = await draftNews(server(), a, '开学典礼');
    productShown = ok<cat.AdminProduct>(await server().call(cat.catalogProductSave, productInput({ state: cat.CATALOG_STATE.PUBLISHED }), as(a))).id;
    expect(await cached('/news-information/list', a.host)).not.toContain('开学典礼');
    await cached('/educational-product/detail', a.host);
    await cached('/news-information/list', b.host);

    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));

    const list = await pages.get('/news-information/list', a.host);
    expect(list.cache).toBeUndefined();
    expect(list.body).toContain('<li>开学典礼</li>');
    expect(list.tags).toBe(`s:${a.id},s:${a.id}:news,s:${a.id}:notices,s:${a.id}:catalogue`);
    expect((await pages.get('/educational-product/detail', a.host)).cache).toBe('hit');
    expect((await pages.get('/news-information/list', b.host)).cache).toBe('hit');
  });

  test('editing a published item drops the list again; editing a draft changes nothing visible and drops nothing', async () => {
    const a = await newSchool();
    const news = await draftNews(server(), a, '旧标题');
    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    await draftNews(server(), a, '草稿');
    expect(await cached('/news-information/list', a.host)).toContain('旧标题');

    const draft = await draftNews(server(), a, '另一篇草稿');
    ok(await server().call(admin.adminNewsSave, { id: draft.id, title: '草稿改名', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, as(a)));
    expect((await pages.get('/news-information/list', a.host)).cache).toBe('hit');

    ok(await server().call(admin.adminNewsSave, { id: news.id, title: '新标题', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, as(a)));
    expect((await pages.get('/news-information/list', a.host)).body).toContain('<li>新标题</li>');
  });

  test("linking a published product to a hot major: the cached training-project page lists it at once; another school's stays cached", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const major = ok<cat.AdminHotMajor>(await server().call(cat.catalogMajorSave, hotMajorInput({ state: cat.CATALOG_STATE.PUBLISHED }), as(a)));
    majorShown = major.id;
    const product = ok<cat.AdminProduct>(await server().call(cat.catalogProductSave, productInput({ state: cat.CATALOG_STATE.PUBLISHED }), as(a)));
    expect(await cached('/educational-product', a.host)).toBe('<ul></ul>');
    await cached('/educational-product', b.host);

    ok(
      await server().call(
        cat.catalogProductSave,
        { ...productInput({ name: product.name, state: cat.CATALOG_STATE.PUBLISHED, majorIds: [major.id] }), id: product.id },
        as(a),
      ),
    );

    const page = await pages.get('/educational-product', a.host);
    expect(page.cache).toBeUndefined();
    expect(page.body).toBe(`<ul><li>${product.id}</li></ul>`);
    expect((await pages.get('/educational-product', b.host)).cache).toBe('hit');
  });

  test('saving branding: every cached page of the school shows it at once, its look-up included', async () => {
    const a = await newSchool();
    productShown = ok<cat.AdminProduct>(await server().call(cat.catalogProductSave, productInput({ state: cat.CATALOG_STATE.PUBLISHED }), as(a))).id;
    const before = await cached('/', a.host);
    await cached('/educational-product/detail', a.host);
    const settings = ok<school.SchoolSettings>(await server().call(school.schoolSettings, {}, as(a)));
    const { preDomainHost: _p, updatedAt: _u, ...input } = settings;
    ok(await server().call(school.saveSchoolSettings, { ...input, projectName: '焕新项目' }, as(a)));

    const home = await pages.get('/', a.host);
    expect(before).not.toContain('焕新项目');
    expect(home.cache).toBeUndefined();
    expect(home.body).toBe('<h1>焕新项目</h1>');
    expect((await pages.get('/educational-product/detail', a.host)).cache).toBeUndefined();
  });

  test("publishing a notice, a hot major or a news category: the side columns' look-up is read anew and the cached pages show it at once", async () => {
    const a = await newSchool();
    const b = await newSchool();
    expect(await cached('/columns', a.host)).toBe('<nav></nav><ol></ol><ul></ul>');
    await cached('/columns', b.host);
    // Kept: the next page of the school is handed the same columns, not read from the database again.
    const kept = await getAsides({ scope: await pageScope(a) });
    expect(await getAsides({ scope: await pageScope(a) })).toBe(kept);

    const notice = ok<admin.AdminNotice>(await server().call(admin.adminNoticeSave, { title: '停课通知', content: '<p>x</p>' }, as(a)));
    expect((await pages.get('/columns', a.host)).cache).toBe('hit');
    ok(await server().call(admin.adminNoticePublish, {}, as(a, { id: notice.id })));
    const page = await pages.get('/columns', a.host);
    expect(page.cache).toBeUndefined();
    expect(page.body).toBe('<nav></nav><ol></ol><ul><li>停课通知</li></ul>');
    expect((await pages.get('/columns', b.host)).cache).toBe('hit');

    ok(await server().call(cat.catalogMajorSave, hotMajorInput({ name: '无人机专业', state: cat.CATALOG_STATE.PUBLISHED }), as(a)));
    expect((await pages.get('/columns', a.host)).body).toBe('<nav></nav><ol><li>无人机专业</li></ol><ul><li>停课通知</li></ul>');

    ok(await server().call(admin.adminCategorySave, { name: '校园动态' }, as(a)));
    expect((await pages.get('/columns', a.host)).body).toBe('<nav><li>校园动态</li></nav><ol><li>无人机专业</li></ol><ul><li>停课通知</li></ul>');
    expect(await getAsides({ scope: await pageScope(a) })).not.toBe(kept);
  });

  test("publishing a notice, news, a banner, a coupon or a project category: the home's look-up is read anew, the cached home shows it at once", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const empty = '<ul></ul><ul></ul><ul></ul><ul></ul><nav></nav>';
    expect(await cached('/home-sections', a.host)).toBe(empty);
    await cached('/home-sections', b.host);
    // Kept: the next home of the school is handed the same sections, not read from the database again.
    const kept = await getHomeSections({ scope: await pageScope(a) });
    expect(await getHomeSections({ scope: await pageScope(a) })).toBe(kept);

    const notice = ok<admin.AdminNotice>(await server().call(admin.adminNoticeSave, { title: '首页通知', content: '<p>x</p>' }, as(a)));
    expect((await pages.get('/home-sections', a.host)).cache).toBe('hit');
    ok(await server().call(admin.adminNoticePublish, {}, as(a, { id: notice.id })));
    const page = await pages.get('/home-sections', a.host);
    expect(page.cache).toBeUndefined();
    expect(page.body).toBe('<ul><li>首页通知</li></ul><ul></ul><ul></ul><ul></ul><nav></nav>');
    expect((await pages.get('/home-sections', b.host)).cache).toBe('hit');

    const news = await draftNews(server(), a, '首页新闻');
    server().clock.advance(1);
    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    ok(await server().call(cat.catalogBannerSave, bannerInput({ name: '首页横幅', state: cat.CATALOG_STATE.PUBLISHED }), as(a)));
    const published = { state: cat.CATALOG_STATE.PUBLISHED };
    ok(await server().call(cat.catalogCouponSave, couponInput(server().clock.value, { title: '首页优惠券', ...published }), as(a)));
    ok(await server().call(cat.catalogCategorySave, categoryInput({ name: '首页分类', ...published }), as(a)));
    const all =
      '<ul><li>首页新闻</li><li>首页通知</li></ul><ul><li>首页新闻</li></ul><ul><li>首页横幅</li></ul><ul><li>首页优惠券</li></ul><nav><li>首页分类</li></nav>';
    expect((await pages.get('/home-sections', a.host)).body).toBe(all);
    expect((await pages.get('/home-sections', b.host)).body).toBe(empty);
    expect(await getHomeSections({ scope: await pageScope(a) })).not.toBe(kept);

    // A request whose clock is past the kept sections' reads its own: the ticker's window follows its clock.
    const current = await getHomeSections({ scope: await pageScope(a) });
    server().clock.advance(HOME_SECTIONS_KEPT_MS + 1);
    expect(await getHomeSections({ scope: await pageScope(a) })).not.toBe(current);
    server().clock.advance(TICKER_DAYS * DAY);
    expect((await getHomeSections({ scope: await pageScope(a) })).recent).toEqual([]);
    // Set back, a request is handed the kept sections again.
    server().clock.advance(-(TICKER_DAYS * DAY + HOME_SECTIONS_KEPT_MS + 1));
    expect(await getHomeSections({ scope: await pageScope(a) })).toBe(current);
  });

  test("publishing news: the news list's kept first page is read anew and the cached list shows it at once; other pages are never kept", async () => {
    const a = await newSchool();
    const b = await newSchool();
    expect(await cached('/news-first', a.host)).toBe('<ul></ul>');
    await cached('/news-first', b.host);
    const first = { categorizeId: undefined, current: 1 };
    const kept = await newsListPageOf(await pageScope(a), first);
    expect(await newsListPageOf(await pageScope(a), first)).toBe(kept);

    const category = ok<admin.AdminCategory>(await server().call(admin.adminCategorySave, { name: '首页动态' }, as(a)));
    const inCategory = { categorizeId: category.id, current: 1 };
    const keptInCategory = await newsListPageOf(await pageScope(a), inCategory);
    expect(await newsListPageOf(await pageScope(a), inCategory)).toBe(keptInCategory);
    // A later page, and an id that is no category of the school, are read for their request alone.
    const later = { categorizeId: undefined, current: 2 };
    expect(await newsListPageOf(await pageScope(a), later)).not.toBe(await newsListPageOf(await pageScope(a), later));
    const unknown = { categorizeId: 'nosuchcategory', current: 1 };
    expect(await newsListPageOf(await pageScope(a), unknown)).not.toBe(await newsListPageOf(await pageScope(a), unknown));

    // The category's change dropped the cached list: cached again before the news.
    await cached('/news-first', a.host);
    const news = ok<admin.AdminNews>(
      await server().call(admin.adminNewsSave, { title: '列表新闻', categorizeIds: [category.id], contentType: 'ARTICLE', content: '<p>x</p>' }, as(a)),
    );
    expect((await pages.get('/news-first', a.host)).cache).toBe('hit');
    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    const page = await pages.get('/news-first', a.host);
    expect(page.cache).toBeUndefined();
    expect(page.body).toBe('<ul><li>列表新闻</li></ul>');
    expect((await pages.get('/news-first', b.host)).cache).toBe('hit');
    expect((await newsListPageOf(await pageScope(a), inCategory)).records.map((n) => n.title)).toEqual(['列表新闻']);
  });

  test("a news item's page: its item is kept until a change of news, which shows an edit or a withdrawal at once; no other id is kept", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const news = await draftNews(server(), a, '条目新闻');
    const item = (school: School, id = news.id) => pageScope(school).then((s) => getNewsItem({ scope: s }, id));
    // A draft has no page, and nothing is kept of it: publishing shows it at once.
    expect(await item(a)).toBeNull();
    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    const kept = await item(a);
    expect(kept?.title).toBe('条目新闻');
    expect(await item(a)).toBe(kept);
    // Another school never reaches it by its id; an id of no item is read for its request alone.
    expect(await item(b)).toBeNull();
    expect(await item(a, 'nosuchnews')).toBeNull();
    const readAgain = await server().runtime.lookups.newsItems.get(newsItemKey(a.id, 'nosuchnews'), async () => kept);
    expect(readAgain).toBe(kept);

    ok(
      await server().call(admin.adminNewsSave, { id: news.id, title: '条目改名', categorizeIds: [], contentType: 'ARTICLE', content: '<p>新正文</p>' }, as(a)),
    );
    const edited = await item(a);
    expect(edited?.title).toBe('条目改名');
    expect(edited?.content).toBe('<p>新正文</p>');
    expect(await item(a)).toBe(edited);
    ok(await server().call(admin.adminNewsUnpublish, {}, as(a, { id: news.id })));
    expect(await item(a)).toBeNull();
  });

  test("the notice list's first page and a notice's page: kept until a change of notices, which shows at once; no later page or other id is kept", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const list = async (school: School, current: number) => getNoticeListPage({ scope: await pageScope(school) }, current);
    const notice = async (school: School, id: string) => getNoticeItem({ scope: await pageScope(school) }, id);
    const first = await list(a, 1);
    expect(first).toMatchObject({ kept: true, notices: { records: [] } });
    expect((await list(a, 1)).notices).toBe(first.notices);
    // A later page is read for its request alone.
    const later = await list(a, 2);
    expect(later.kept).toBe(false);
    expect((await list(a, 2)).notices).not.toBe(later.notices);

    const draft = ok<admin.AdminNotice>(await server().call(admin.adminNoticeSave, { title: '公告甲', content: '<p>x</p>' }, as(a)));
    expect(await notice(a, draft.id)).toBeNull();
    ok(await server().call(admin.adminNoticePublish, {}, as(a, { id: draft.id })));
    expect((await list(a, 1)).notices.records.map((n) => n.title)).toEqual(['公告甲']);
    expect((await list(b, 1)).notices.records).toEqual([]);
    const kept = await notice(a, draft.id);
    expect(kept?.title).toBe('公告甲');
    expect(await notice(a, draft.id)).toBe(kept);
    // Another school never reaches it by its id; an id of no notice is read for its request alone.
    expect(await notice(b, draft.id)).toBeNull();
    expect(await notice(a, 'nosuchnotice')).toBeNull();
    expect(await server().runtime.lookups.noticeItems.get(noticeItemKey(a.id, 'nosuchnotice'), async () => kept)).toBe(kept);

    ok(await server().call(admin.adminNoticeSave, { id: draft.id, title: '公告乙', content: '<p>新</p>' }, as(a)));
    expect((await notice(a, draft.id))?.title).toBe('公告乙');
    expect((await list(a, 1)).notices.records.map((n) => n.title)).toEqual(['公告乙']);
    ok(await server().call(admin.adminNoticeUnpublish, {}, as(a, { id: draft.id })));
    expect(await notice(a, draft.id)).toBeNull();
    expect((await list(a, 1)).notices.records).toEqual([]);
  });

  test("a change clears the side columns' and the home's look-ups in the same delivery as, and before, the render cache's purge", async () => {
    const a = await newSchool();
    const { lookups } = server().runtime;
    await getAsides({ scope: await pageScope(a) });
    const home = await getHomeSections({ scope: await pageScope(a) });
    const notice = ok<admin.AdminNotice>(await server().call(admin.adminNoticeSave, { title: '顺序通知', content: '<p>x</p>' }, as(a)));
    // Subscribed after the runtime's own listener, as the render cache's purge is (announcePageChanges): a render it
    // lets start must find the look-ups empty at that moment, not a microtask later.
    const readAnew: [boolean, boolean][] = [];
    const stop = server().runtime.pageChanges.subscribe((change) => {
      if (change.schoolId !== a.id) return;
      const loaded: [boolean, boolean] = [false, false];
      void lookups.asides.get(a.id, async () => {
        loaded[0] = true;
        return { categories: [], hotMajors: [], notices: [] };
      });
      void lookups.homes.get(a.id, async () => {
        loaded[1] = true;
        return home;
      });
      readAnew.push(loaded);
    });
    try {
      ok(await server().call(admin.adminNoticePublish, {}, as(a, { id: notice.id })));
    } finally {
      stop();
      lookups.asides.clear();
      lookups.homes.clear();
    }
    expect(readAnew).toEqual([[true, true]]);
    expect((await getAsides({ scope: await pageScope(a) })).notices.map((n) => n.title)).toEqual(['顺序通知']);
    expect((await getHomeSections({ scope: await pageScope(a) })).recent.map((n) => n.title)).toEqual(['顺序通知']);
  });

  test('a scheduled news item: its job publishes it and drops the cached list when it runs', async () => {
    const a = await newSchool();
    const news = await draftNews(server(), a, '定时新闻');
    const at = server().clock.value + HOUR;
    ok(await server().call(admin.adminNewsSchedule, { publishAt: formatDateTime(at).slice(0, 16) }, as(a, { id: news.id })));
    // Cached at the publication time, just before the job runs: only a purge can show the item now.
    server().clock.set(at);
    expect(await cached('/news-information/list', a.host)).not.toContain('定时新闻');

    const ran = await runDueJobs(jobScope(server().runtime));
    expect(ran.done.length).toBeGreaterThanOrEqual(1);
    expect((await pages.get('/news-information/list', a.host)).body).toContain('<li>定时新闻</li>');
  });

  test('a scheduled product: the catalogue job publishes it and drops the cached product page when it runs', async () => {
    const a = await newSchool();
    const product = ok<cat.AdminProduct>(await server().call(cat.catalogProductSave, productInput({ name: '定时项目' }), as(a)));
    productShown = product.id;
    const at = server().clock.value + HOUR;
    ok(await server().call(cat.catalogProductSchedule, { publishAt: formatDateTime(at).slice(0, 16) }, as(a, { id: product.id })));
    server().clock.set(at);
    expect(await cached('/educational-product/detail', a.host)).toBe('<p>none</p>');

    await runDueJobs(jobScope(server().runtime));
    expect((await pages.get('/educational-product/detail', a.host)).body).toBe('定时项目');
  });
  test('a CDN purge hook that cannot be reached never fails the staff change: it is logged and tried again', async () => {
    const other = await startTestServer({ CDN_PURGE_URL: 'http://127.0.0.1:9/purge', CDN_PURGE_TOKEN: 'cdn-purge-token-0123456789' });
    const logged: string[] = [];
    other.runtime.logger = { ...createLogger('silent'), warn: (msg) => logged.push(msg), error: (msg) => logged.push(msg) };
    try {
      const a = await newSchool(other);
      const news = await draftNews(other, a, '清不掉也要发布');
      const published = await other.call(admin.adminNewsPublish, {}, as(a, { id: news.id }));
      expect(published.status).toBe(200);
      expect(published.body.data.state).toBe('published');
      await vi.waitFor(() => expect(logged).toContain('CDN purge failed; trying again'), { timeout: 2_000, interval: 20 });
    } finally {
      await other.close();
    }
  });
});

describe('public API answers a CDN may keep', () => {
  test('carry the tags of the school they describe and what they show, so the same purges drop them', async () => {
    const a = await newSchool();
    const news = await draftNews(server(), a, '接口标签');
    ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    const detail = await server().call(content.newsDetail, { id: news.id }, { tenant: a.id });
    expect(detail.headers.get('cache-tag')).toBe(`s:${a.id},s:${a.id}:news`);
    // A school named in the query, not the caller's: the answer is that school's.
    const banners = await server().call(media.banners, { tenantId: a.id });
    expect(banners.headers.get('cache-tag')).toBe(`s:${a.id},s:${a.id}:media`);
    const business = await server().call(tenantApi.businessSchool, { tenantId: a.id });
    expect(business.headers.get('cache-tag')).toBe(`s:${a.id},s:${a.id}:school-info`);
    // Answers no cache may keep carry none.
    const refused = await server().call(content.newsDetail, { id: 'no-such-news' }, { tenant: a.id });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('cache-tag')).toBeNull();
  });
});

describe('the process bridge and new schools', () => {
  test("the server's changes reach the start script's render cache as a process event with their tags", async () => {
    const a = await newSchool();
    const heard: unknown[] = [];
    const listen = (tags: unknown) => heard.push(tags);
    process.on(PURGE_PAGES_EVENT, listen);
    const stop = announcePageChanges(server().runtime);
    try {
      const news = await draftNews(server(), a, '桥接');
      ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
    } finally {
      stop();
      process.off(PURGE_PAGES_EVENT, listen);
    }
    expect(heard).toEqual([[`s:${a.id}:news`]]);
  });

  test('a school opened a moment after its host was asked for answers at once: "no such school" is not remembered', async () => {
    const { runtime } = server();
    counter += 1;
    const preDomain = `fresh${process.pid % 10000}x${counter}`;
    const host = `${preDomain}.localhost`;
    const lookup = () => runtime.lookups.tenants.get(`${host}|`, () => resolveTenant(runtime.db, runtime.config, { host }));
    expect(await lookup()).toBeNull();
    const made = await createSchool(runtime.db, { preDomain, name: '刚开的学校' }, server().clock.value);
    expect(made.ok).toBe(true);
    expect((await lookup())?.id).toBe(made.ok ? made.tenant.id : '');
  });

  test('a change is published once, after its transaction, with the school and the kind it changed', async () => {
    const a = await newSchool();
    const heard: PageChange[] = [];
    const stop = server().runtime.pageChanges.subscribe((change) => heard.push(change));
    try {
      const news = await draftNews(server(), a, '一次');
      ok(await server().call(admin.adminNewsPublish, {}, as(a, { id: news.id })));
      ok(await server().call(admin.adminNewsUnpublish, {}, as(a, { id: news.id })));
    } finally {
      stop();
    }
    expect(heard).toEqual([
      { schoolId: a.id, kinds: ['news'] },
      { schoolId: a.id, kinds: ['news'] },
    ]);
  });
});
