import { beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { PATH, allRecords, expectOk, expectRefused, publishedNews, publishedNotices } from '../setup/api';
import { DAY, DEMO, HUAXIA, NOW, useTestServer, type TestServer } from '../setup/server';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * One tenant's content never shows through another tenant, whichever way the tenant is chosen:
 * TenantId or SchoolId header, Host, X-Forwarded-Host. Everything a tenant owns is found through
 * the API as that tenant's visitor would, then asked for as the other tenant.
 */
const server = useTestServer();
const proxied = useTestServer({ TRUST_PROXY: 'true' });
const lastYear = { startTime: formatDateTime(NOW - 365 * DAY), endTime: formatDateTime(NOW) };

interface Owned {
  news: any[];
  notices: any[];
  categories: any[];
  majors: any[];
  recent: any[];
}

async function everythingOf(s: TestServer, tenant: string): Promise<Owned> {
  return {
    news: await allRecords(s, PATH.newsPage, {}, tenant),
    notices: await allRecords(s, PATH.noticePage, {}, tenant),
    categories: await allRecords(s, PATH.categoryPage, {}, tenant),
    majors: await allRecords(s, PATH.hotMajorPage, {}, tenant),
    recent: await allRecords(s, PATH.recent, lastYear, tenant),
  };
}

const ids = (o: Owned) => new Set([...o.news, ...o.notices, ...o.categories, ...o.majors, ...o.recent].map((r) => r.id));
const titles = (o: Owned) => new Set([...o.news, ...o.notices, ...o.recent].map((r) => r.title).concat([...o.categories, ...o.majors].map((r) => r.name)));

let demo: Owned;
let huaxia: Owned;

beforeAll(async () => {
  demo = await everythingOf(server(), DEMO.id);
  huaxia = await everythingOf(server(), HUAXIA.id);
});

describe('tenant isolation', () => {
  test('each tenant lists exactly its own published content', () => {
    expect(demo.news.map((n) => n.title).sort()).toEqual(
      publishedNews(DEMO.seed)
        .map((n) => n.title)
        .sort(),
    );
    expect(huaxia.news.map((n) => n.title).sort()).toEqual(
      publishedNews(HUAXIA.seed)
        .map((n) => n.title)
        .sort(),
    );
    expect(huaxia.notices.map((n) => n.title)).toEqual(publishedNotices(HUAXIA.seed).map((n) => n.title));
    expect(huaxia.categories.map((c) => c.name)).toEqual(HUAXIA.seed.categories);
    expect(huaxia.majors.map((m) => m.name)).toEqual(HUAXIA.seed.hotMajors.map((m) => m.name));
  });

  test('no id or title of one tenant appears in any list of the other', () => {
    const demoIds = ids(demo);
    const huaxiaIds = ids(huaxia);
    for (const id of huaxiaIds) expect(demoIds.has(id)).toBe(false);
    const demoTitles = titles(demo);
    for (const t of titles(huaxia)) expect(demoTitles.has(t), t).toBe(false);
    for (const t of demoTitles) expect(t).not.toContain('华夏');
  });

  test("huaxia's news and notices asked for as demo are not found, and the other way round", async () => {
    for (const n of huaxia.news) {
      const answer = await server().get(PATH.newsDetail, { id: n.id }, { tenant: DEMO.id });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('common.noData'));
      expect(answer.text).not.toContain(n.title);
      expectOk(await server().get(PATH.newsDetail, { id: n.id }, { tenant: HUAXIA.id }));
    }
    for (const n of huaxia.notices) {
      const answer = await server().get(PATH.noticeDetail(n.id), {}, { tenant: DEMO.id });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('common.noData'));
      expect(answer.text).not.toContain(n.title);
    }
    for (const n of demo.news.slice(0, 5))
      expectRefused(await server().get(PATH.newsDetail, { id: n.id }, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
    for (const n of demo.notices.slice(0, 5))
      expectRefused(await server().get(PATH.noticeDetail(n.id), {}, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
  });

  test("another tenant's category id filters to nothing", async () => {
    for (const c of huaxia.categories) {
      const page = expectOk(await server().post(PATH.newsPage, { model: { categorizeId: c.id } }, { tenant: DEMO.id }));
      expect(page.total).toBe(0);
      expect(page.records).toEqual([]);
    }
    const page = expectOk(await server().post(PATH.newsPage, { model: { categorizeId: demo.categories[0].id } }, { tenant: HUAXIA.id }));
    expect(page.total).toBe(0);
  });

  test('the SchoolId header chooses the tenant like TenantId', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { size: 50 }, { tenant: null, headers: { SchoolId: HUAXIA.id } }));
    expect(page.records.map((r: any) => r.id).sort()).toEqual(huaxia.news.map((r) => r.id).sort());
  });
});

describe('tenant from the host name', () => {
  const byHost = (host: string) => ({ tenant: null, headers: { Host: host } });

  test('Host huaxia.localhost:4321 gives huaxia; localhost gives demo', async () => {
    const h = expectOk(await server().post(PATH.newsPage, { size: 50 }, byHost('huaxia.localhost:4321')));
    expect(h.records.map((r: any) => r.id).sort()).toEqual(huaxia.news.map((r) => r.id).sort());
    const d = expectOk(await server().post(PATH.newsPage, { size: 50 }, byHost('localhost:4321')));
    expect(d.total).toBe(demo.news.length);
    const dd = expectOk(await server().post(PATH.newsPage, { size: 50 }, byHost('demo.localhost')));
    expect(dd.total).toBe(demo.news.length);
    const info = expectOk(await server().get(PATH.schoolInfo, {}, byHost('HUAXIA.localhost')));
    expect(info.tenantId).toBe(HUAXIA.id);
  });

  test('the host of the request URL works too', async () => {
    const url = expectOk(await server().fetch(`http://huaxia.localhost:4321${PATH.schoolInfo}`));
    expect(url.tenantId).toBe(HUAXIA.id);
  });

  test('a client’s X-Forwarded-Host is ignored unless the operator trusts a proxy', async () => {
    const forwarded = expectOk(
      await server().get(PATH.schoolInfo, {}, { tenant: null, headers: { Host: 'localhost', 'X-Forwarded-Host': 'huaxia.localhost' } }),
    );
    expect(forwarded.tenantId).toBe(DEMO.id);
  });

  test('behind a trusted proxy X-Forwarded-Host picks the school; a blank one falls back to Host', async () => {
    const forwarded = expectOk(
      await proxied().get(PATH.schoolInfo, {}, { tenant: null, headers: { Host: 'localhost', 'X-Forwarded-Host': 'huaxia.localhost' } }),
    );
    expect(forwarded.tenantId).toBe(HUAXIA.id);
    const blank = expectOk(await proxied().get(PATH.schoolInfo, {}, { tenant: null, headers: { Host: 'huaxia.localhost', 'X-Forwarded-Host': ' ' } }));
    expect(blank.tenantId).toBe(HUAXIA.id);
  });

  test('a custom domain of a school finds it', async () => {
    const info = expectOk(await server().get(PATH.schoolInfo, {}, byHost('school.example.com')));
    expect(info.tenantId).toBe(DEMO.id);
  });

  test('a news id of huaxia asked for on the demo host is not found', async () => {
    expectRefused(await server().get(PATH.newsDetail, { id: huaxia.news[0].id }, byHost('demo.localhost')), ErrorCode.NOT_FOUND, t('common.noData'));
    expectOk(await server().get(PATH.newsDetail, { id: huaxia.news[0].id }, byHost('huaxia.localhost')));
  });

  test('the TenantId header wins over the host', async () => {
    const info = expectOk(await server().get(PATH.schoolInfo, {}, { tenant: DEMO.id, headers: { Host: 'huaxia.localhost' } }));
    expect(info.tenantId).toBe(DEMO.id);
  });

  test.each(['unknown.localhost', 'unknown.localhost:4321', 'a.b.localhost', 'nosuchschool.example.org', 'bad_host.localhost'])(
    'host %s gives the tenant-not-found code on every tenant call',
    async (host) => {
      const o = byHost(host);
      const answers = [
        await server().get(PATH.schoolInfo, {}, o),
        await server().get(PATH.businessSchool, {}, o),
        await server().get(PATH.domainByType, { domainType: 'PC' }, o),
        await server().post(PATH.newsPage, {}, o),
        await server().get(PATH.newsDetail, { id: demo.news[0].id }, o),
        await server().post(PATH.categoryPage, {}, o),
        await server().post(PATH.noticePage, {}, o),
        await server().get(PATH.noticeDetail(demo.notices[0].id), {}, o),
        await server().post(PATH.recent, lastYear, o),
        await server().post(PATH.hotMajorPage, {}, o),
      ];
      for (const a of answers) {
        expectRefused(a, ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
      }
    },
  );

  test.each(['1000000000000000009', 'not an id', '../1000000000000000001', '1'.repeat(40)])('TenantId %j that names no tenant gives 10404', async (tenant) => {
    expectRefused(await server().post(PATH.newsPage, {}, { tenant }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(await server().get(PATH.schoolInfo, {}, { tenant }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});
