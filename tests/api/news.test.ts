import { describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { DATE_TIME, PATH, ageMs, allRecords, expectOk, expectPage, expectRefused, hiddenIds, publishedNews } from '../setup/api';
import { DEMO, HUAXIA, NOW, useTestServer } from '../setup/server';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const demoPublished = publishedNews(DEMO.seed);

async function newsByTitle(title: string) {
  const all = await allRecords(server(), PATH.newsPage, {});
  const found = all.find((r) => r.title === title);
  expect(found, title).toBeDefined();
  return found;
}

describe('newInformationPage', () => {
  test('defaults to 4 per page, first page, newest first, with numeric paging fields', async () => {
    const answer = await server().post(PATH.newsPage, {});
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    const page = expectOk(answer);
    expectPage(page, { current: 1, size: 4, total: demoPublished.length });
    expect(page.total).toBe(28);
    expect(page.pages).toBe(7);
    expect(page.records).toHaveLength(4);
    const newest = [...demoPublished].sort((a, b) => a.ageHours - b.ageHours).slice(0, 4);
    expect(page.records.map((r: any) => r.title)).toEqual(newest.map((n) => n.title));
  });

  test('an empty body is the same as {}', async () => {
    const empty = expectOk(await server().post(PATH.newsPage));
    const braces = expectOk(await server().post(PATH.newsPage, {}));
    expect(empty).toEqual(braces);
  });

  test('records carry the list fields, with publish times in China time', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { size: 1 }));
    const [first] = page.records;
    const seed = [...demoPublished].sort((a, b) => a.ageHours - b.ageHours)[0]!;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      title: seed.title,
      introduction: seed.introduction,
      sources: seed.sources,
      status: 1,
      contentType: { code: 'ARTICLE', desc: '图文' },
      publishTimestamp: NOW - ageMs(seed),
      publishTime: formatDateTime(NOW - ageMs(seed)),
    });
    // Two hours before 2026-11-22 10:00 CST.
    expect(first.publishTime).toBe('2026-11-22 08:00:00');
    expect(first.browseCount).toBeTypeOf('number');
    expect(first.seq).toBeTypeOf('number');
    expect(first).not.toHaveProperty('content');
    expect(first.relatedCategorizeList.map((c: any) => c.categorizeName)).toEqual(seed.categories.map((i) => DEMO.seed.categories[i]));
  });

  test('walking every page lists each published news item exactly once, newest first', async () => {
    const seen: any[] = [];
    let pages = 0;
    for (let current = 1; ; current++) {
      const page = expectOk(await server().post(PATH.newsPage, { current, size: 5 }));
      expectPage(page, { current, size: 5, total: 28 });
      pages = page.pages;
      seen.push(...page.records);
      if (current >= page.pages) break;
    }
    expect(pages).toBe(6);
    expect(new Set(seen.map((r) => r.id)).size).toBe(28);
    expect(seen.map((r) => r.title).sort()).toEqual(demoPublished.map((n) => n.title).sort());
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1].publishTimestamp).toBeGreaterThanOrEqual(seen[i].publishTimestamp);
    for (const r of seen) {
      expect(r.status).toBe(1);
      expect(r.publishTime).toMatch(DATE_TIME);
    }
  });

  test('a page past the end is empty but keeps the totals', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { current: 8, size: 4 }));
    expectPage(page, { current: 8, size: 4, total: 28 });
    expect(page.records).toEqual([]);
  });

  test('paging fields sent as strings are accepted', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { current: '2', size: '3' }));
    expectPage(page, { current: 2, size: 3, total: 28 });
    expect(page.records).toHaveLength(3);
  });

  test('order ascending lists the oldest first', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { size: 3, order: 'ascending', sort: 'publishTime' }));
    const oldest = [...demoPublished].sort((a, b) => b.ageHours - a.ageHours).slice(0, 3);
    expect(page.records.map((r: any) => r.title)).toEqual(oldest.map((n) => n.title));
  });

  test('sort by seq follows the sequence', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { size: 50, sort: 'seq', order: 'asc' }));
    const seqs = page.records.map((r: any) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  test('categorizeId filters to that category; every category is checked', async () => {
    const categories = expectOk(await server().post(PATH.categoryPage, {})).records;
    expect(categories).toHaveLength(DEMO.seed.categories.length);
    for (const [index, category] of categories.entries()) {
      const expected = demoPublished.filter((n) => n.categories.includes(index));
      const records = await allRecords(server(), PATH.newsPage, { model: { categorizeId: category.id, status: 1 } });
      expect(records.map((r) => r.title).sort(), category.name).toEqual(expected.map((n) => n.title).sort());
      for (const r of records) expect(r.relatedCategorizeList.map((c: any) => c.categorizeId)).toContain(category.id);
    }
  });

  test('an empty categorizeId means every category', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { model: { categorizeId: '' } }));
    expect(page.total).toBe(28);
  });

  test('an unknown categorizeId gives an empty page', async () => {
    const page = expectOk(await server().post(PATH.newsPage, { model: { categorizeId: '9999999999999999999' } }));
    expectPage(page, { total: 0 });
    expect(page.records).toEqual([]);
  });

  test('the title filter matches part of the title', async () => {
    const records = await allRecords(server(), PATH.newsPage, { model: { title: '考试' } });
    const expected = demoPublished.filter((n) => n.title.includes('考试'));
    expect(expected.length).toBeGreaterThan(0);
    expect(records.map((r) => r.title).sort()).toEqual(expected.map((n) => n.title).sort());
  });

  test('asking for drafts or withdrawn items still lists only published news', async () => {
    for (const status of [0, 2, '0']) {
      const records = await allRecords(server(), PATH.newsPage, { model: { status } });
      expect(records).toHaveLength(28);
      for (const r of records) expect(r.status).toBe(1);
    }
  });

  test('drafts and withdrawn news never appear, in any category', async () => {
    const hidden = await hiddenIds(server(), 'news', DEMO.id);
    expect(hidden.map((h) => h.status).sort()).toEqual([0, 2]);
    const categories = expectOk(await server().post(PATH.categoryPage, {})).records;
    const listed = new Set((await allRecords(server(), PATH.newsPage, {})).map((r) => r.id));
    for (const c of categories) {
      for (const r of await allRecords(server(), PATH.newsPage, { model: { categorizeId: c.id } })) listed.add(r.id);
    }
    for (const h of hidden) expect(listed.has(h.id), h.title).toBe(false);
  });
});

describe('newInformation/detail', () => {
  test('gives the published item with sanitised content, publicly cacheable per tenant', async () => {
    const listed = expectOk(await server().post(PATH.newsPage, { size: 1 })).records[0];
    const answer = await server().get(PATH.newsDetail, { id: listed.id });
    const detail = expectOk(answer);
    expect(detail).toMatchObject({ ...listed, relatedProductList: [] });
    expect(detail.content).toContain('<p>');
    expect(detail.content).toContain(listed.title);
    expect(answer.headers.get('cache-control')).toMatch(/\bpublic\b/);
    expect(answer.headers.get('cache-control')).toMatch(/\bs-maxage=\d+/);
    const vary = (answer.headers.get('vary') ?? '').toLowerCase();
    for (const h of ['host', 'tenantid', 'schoolid']) expect(vary, 'Vary').toContain(h);
  });

  test('the item with a script payload comes back without script, handlers or javascript: links', async () => {
    const listed = await newsByTitle('网络安全宣传周：警惕仿冒培训机构诈骗');
    const detail = expectOk(await server().get(PATH.newsDetail, { id: listed.id }));
    expect(detail.content).toContain('近期出现仿冒培训机构的诈骗网站');
    // The picture is not one of the school's uploads (decision 049): it is not shown at all.
    expect(detail.content).not.toContain('/images/news-cover-3.svg');
    expect(detail.content).not.toMatch(/<img/);
    expect(detail.content).toContain('不安全的链接');
    expect(detail.content).not.toMatch(/<script/i);
    expect(detail.content).not.toMatch(/alert\(/);
    expect(detail.content).not.toMatch(/\bon\w+\s*=/i);
    expect(detail.content).not.toMatch(/javascript:/i);
  });

  test('the video item gives its URL as content and contentType INFORMATION', async () => {
    const video = DEMO.seed.news.find((n) => n.video)!;
    const listed = await newsByTitle(video.title);
    expect(listed.contentType).toEqual({ code: 'INFORMATION', desc: '视频' });
    const detail = expectOk(await server().get(PATH.newsDetail, { id: listed.id }));
    expect(detail.contentType.code).toBe('INFORMATION');
    expect(detail.content).toBe(video.video);
  });

  test('drafts and withdrawn items are not found by id', async () => {
    const hidden = await hiddenIds(server(), 'news', DEMO.id);
    expect(hidden).toHaveLength(2);
    for (const h of hidden) {
      const answer = await server().get(PATH.newsDetail, { id: h.id });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('common.noData'));
      expect(answer.text).not.toContain(h.title);
    }
    // The same holds for the second tenant's draft.
    const [draft] = await hiddenIds(server(), 'news', HUAXIA.id);
    expectRefused(await server().get(PATH.newsDetail, { id: draft!.id }, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
  });

  test('an unknown id is not found', async () => {
    expectRefused(await server().get(PATH.newsDetail, { id: '1795312800000000000' }), ErrorCode.NOT_FOUND, t('common.noData'));
  });

  test('extra query parameters such as the client timestamp are ignored', async () => {
    const listed = expectOk(await server().post(PATH.newsPage, { size: 1 })).records[0];
    const detail = expectOk(await server().get(PATH.newsDetail, { id: listed.id, timestamp: Date.now(), _: 'x' }));
    expect(detail.id).toBe(listed.id);
  });
});
