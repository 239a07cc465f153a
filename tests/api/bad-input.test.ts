import { describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { PATH, expectRefused } from '../setup/api';
import { DAY, HUAXIA, NOW, useTestServer } from '../setup/server';

/**
 * Bad input on every route: HTTP 200 or 4xx with a non-zero code and a Chinese message, never
 * HTTP 500 and never a stack trace. Any unhandled server error also fails the test through
 * console.error (tests/setup/server.ts).
 */
const server = useTestServer();

const start = formatDateTime(NOW - 30 * DAY);
const end = formatDateTime(NOW);

/** Bodies no paged POST call accepts. */
const PAGING: [string, unknown][] = [
  ['current 0', { current: 0 }],
  ['current -1', { current: -1 }],
  ['current 1.5', { current: 1.5 }],
  ['current text', { current: 'abc' }],
  ['current object', { current: { $gt: 1 } }],
  ['current too large', { current: 100001 }],
  ['current 1e21', { current: 1e21 }],
  ['size 0', { size: 0 }],
  ['size -5', { size: -5 }],
  ['size text', { size: 'ten' }],
  ['size huge', { size: 1_000_000 }],
  ['unknown order', { order: 'sideways' }],
  ['order number', { order: 1 }],
  ['model text', { model: 'x' }],
  ['model null', { model: null }],
  ['model list', { model: [1, 2] }],
];

/** Bodies no JSON POST call accepts. */
const MALFORMED: [string, string][] = [
  ['malformed JSON', '{"current": 1,'],
  ['not JSON at all', 'current=1&size=4'],
  ['JSON null', 'null'],
  ['JSON list', '[]'],
  ['JSON string', '"hello"'],
  ['JSON number', '42'],
  ['JSON true', 'true'],
];

describe.each([
  [PATH.newsPage, 100],
  [PATH.categoryPage, 99],
  [PATH.noticePage, 100],
  [PATH.hotMajorPage, 100],
])('POST %s', (path, maxSize) => {
  test.each(PAGING)('%s is refused', async (_name, body) => {
    expectRefused(await server().post(path, body), 400);
  });

  test.each(MALFORMED)('%s is refused', async (_name, body) => {
    const answer = await server().post(path, body);
    expectRefused(answer, 400);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test(`size ${maxSize + 1} (over the maximum) is refused; ${maxSize} is accepted`, async () => {
    expectRefused(await server().post(path, { size: maxSize + 1 }), 400);
    expect((await server().post(path, { size: maxSize })).body.code).toBe(0);
  });

  test('an unknown sort value is refused', async () => {
    for (const sort of ['title', 'publishTime; drop table news', '', 42]) {
      expectRefused(await server().post(path, { sort }), 400);
    }
  });
});

describe('POST newInformationPage model', () => {
  test.each([
    ['categorizeId with bad characters', { categorizeId: "1' or '1'='1" }],
    ['categorizeId path', { categorizeId: '../../etc/passwd' }],
    ['categorizeId too long', { categorizeId: '1'.repeat(33) }],
    ['categorizeId number', { categorizeId: 123 }],
    ['categorizeId list', { categorizeId: ['1'] }],
    ['title too long', { title: '标'.repeat(65) }],
    ['title number', { title: 5 }],
    ['status text', { status: 'published' }],
  ])('%s is refused', async (_name, model) => {
    expectRefused(await server().post(PATH.newsPage, { model }), 400);
  });
});

describe('POST discoverArticle/page and hotMajorPage model', () => {
  test('a title or name over 64 characters is refused', async () => {
    expectRefused(await server().post(PATH.noticePage, { model: { title: 'x'.repeat(65) } }), 400);
    expectRefused(await server().post(PATH.hotMajorPage, { model: { name: 'x'.repeat(65) } }), 400);
  });

  test('LIKE wildcards and backslashes in a filter are accepted and do not break the query', async () => {
    for (const title of ['%', '_', '\\', "'", '%_\\']) {
      const answer = await server().post(PATH.newsPage, { model: { title } });
      expect(answer.status, title).toBe(200);
      expect(answer.body.code, title).toBe(0);
    }
    const page = (await server().post(PATH.newsPage, { model: { title: '92%' } })).body.data;
    expect(page.records.map((r: any) => r.title)).toEqual(['电子商务师培训班结业，92% 学员通过等级认定']);
  });

  test('NUL characters are taken out of every text before the rules (PostgreSQL cannot take them)', async () => {
    const plain = (await server().post(PATH.newsPage, { model: { title: '92%' } })).body.data;
    const withNul = await server().post(PATH.newsPage, { model: { title: '9\u00002%\u0000' } });
    expect(withNul.status).toBe(200);
    expect(withNul.body.data.records).toEqual(plain.records);
    for (const body of [{ model: { title: '\u0000' } }, { 'x\u0000': 1 }]) expect((await server().post(PATH.noticePage, body)).body.code).toBe(0);
  });
});

describe('POST mergeCustomPage', () => {
  test.each([
    ['no body', undefined],
    ['missing startTime', { endTime: end }],
    ['missing endTime', { startTime: start }],
    ['empty startTime', { startTime: '', endTime: end }],
    ['startTime as a number', { startTime: NOW - 30 * DAY, endTime: end }],
    ['startTime as words', { startTime: 'last month', endTime: end }],
    ['impossible date', { startTime: '2026-02-31 00:00:00', endTime: end }],
    ['slashes', { startTime: '2026/10/23 10:00:00', endTime: end }],
    ['hour 25', { startTime: '2026-10-23 25:00:00', endTime: end }],
    ['start after end', { startTime: end, endTime: start }],
    ['span over a year', { startTime: formatDateTime(NOW - 400 * DAY), endTime: end }],
    ['size 51', { startTime: start, endTime: end, size: 51 }],
    ['size 0', { startTime: start, endTime: end, size: 0 }],
    ['current 0', { startTime: start, endTime: end, current: 0 }],
    ['current text', { startTime: start, endTime: end, current: 'x' }],
  ])('%s is refused', async (_name, body) => {
    const answer = await server().post(PATH.recent, body);
    expectRefused(answer, 400);
  });

  test.each(MALFORMED)('%s is refused', async (_name, body) => {
    expectRefused(await server().post(PATH.recent, body), 400);
  });

  test('the start-after-end message says so', async () => {
    const answer = await server().post(PATH.recent, { startTime: end, endTime: start });
    expect(answer.body.message).toContain('开始时间不能晚于结束时间');
  });

  test.each(['2026-11-22 10:60:00', '2026-11-22 09:00:99'])('a time with out-of-range minutes or seconds (%s) is refused', async (endTime) => {
    expectRefused(await server().post(PATH.recent, { startTime: start, endTime }), 400);
  });
});

describe('GET newInformation/detail', () => {
  test.each([
    ['missing id', {}],
    ['empty id', { id: '' }],
    ['blank id', { id: '   ' }],
    ['id with spaces', { id: '1 2' }],
    ['id with quotes', { id: "1' or '1'='1" }],
    ['id with markup', { id: '<script>alert(1)</script>' }],
    ['id too long', { id: '1'.repeat(33) }],
    ['id with unicode', { id: '新闻' }],
  ])('%s is refused', async (_name, query) => {
    const answer = await server().get(PATH.newsDetail, query);
    expectRefused(answer, 400);
    expect(answer.text).not.toContain('<script>');
  });
});

describe('GET discoverArticle/getVOById/:id', () => {
  test.each([
    ['dots', 'a.b'],
    ['encoded markup', '%3Cscript%3E'],
    ['encoded quote', "1'%20or%20'1"],
    ['too long', '1'.repeat(33)],
    ['unicode', encodeURIComponent('公告')],
  ])('an id with %s is refused', async (_name, id) => {
    expectRefused(await server().get(PATH.noticeDetail(id)), 400);
  });

  test('no id at all is an unknown path', async () => {
    const answer = await server().get(PATH.noticeDetail(''));
    expect(answer.status).toBe(404);
    expectRefused(answer, 404);
  });
});

describe('GET tenant calls', () => {
  test.each([PATH.schoolInfo, PATH.businessSchool])('%s refuses a malformed tenantId', async (path) => {
    for (const tenantId of ['', 'a b', '1;drop', '1'.repeat(33)]) {
      expectRefused(await server().get(path, { tenantId }), 400);
    }
  });

  test.each([PATH.schoolInfo, PATH.businessSchool])('%s gives 10404 for a well-formed unknown tenantId', async (path) => {
    expectRefused(await server().get(path, { tenantId: '1000000000000000009' }), 10404);
  });

  test('getDomainByDomainType refuses a missing or malformed domainType', async () => {
    for (const query of <Record<string, string>[]>[{}, { domainType: '' }, { domainType: 'P C' }, { domainType: 'x'.repeat(33) }, { domainType: "PC' --" }]) {
      expectRefused(await server().get(PATH.domainByType, query), 400);
    }
    expectRefused(await server().get(PATH.domainByType, { domainType: 'PC', tenantId: 'bad id' }), 400);
  });

  test('getTenantByPreDomain refuses a missing or malformed predomain', async () => {
    for (const query of <Record<string, string>[]>[
      {},
      { predomain: '' },
      { predomain: 'bad_domain' },
      { predomain: 'a.b' },
      { predomain: 'x'.repeat(64) },
      { predomain: '华夏' },
    ]) {
      expectRefused(await server().get(PATH.tenantByPreDomain, query, { tenant: null }), 400);
    }
  });

  test('the second tenant is found only by its own pre-domain', async () => {
    expectRefused(await server().get(PATH.tenantByPreDomain, { predomain: HUAXIA.id }, { tenant: null }), 10404);
  });
});

describe('POST tokenParam/decode', () => {
  test.each([
    ['no body', undefined],
    ['missing token', {}],
    ['empty token', { token: '' }],
    ['blank token', { token: '   ' }],
    ['number token', { token: 12345 }],
    ['list token', { token: ['a'] }],
    ['token over 2048 characters', { token: 'A'.repeat(2049) }],
    ['garbage token', { token: 'not-a-real-token' }],
    ['malformed JSON', '{"token":'],
    ['JSON null', 'null'],
  ])('%s is refused', async (_name, body) => {
    expectRefused(await server().post(PATH.tokenDecode, body), 400);
  });
});
