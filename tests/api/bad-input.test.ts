import { describe, expect, test } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { PATH, expectRefused, invalidField } from '../setup/api';
import { DAY, HUAXIA, NOW, useTestServer } from '../setup/server';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Bad input on every route: HTTP 200 or 4xx with a non-zero code and a Chinese message, never
 * HTTP 500 and never a stack trace. Any unhandled server error also fails the test through
 * console.error (tests/setup/server.ts).
 */
const server = useTestServer();

const start = formatDateTime(NOW - 30 * DAY);
const end = formatDateTime(NOW);

/** Bodies no paged POST call accepts, with the refusal each gets from a call taking up to `maxSize` records a page. */
const PAGING = (maxSize: number): [string, unknown, string][] => [
  ['current 0', { current: 0 }, invalidField('current', '数值过小：期望 number >=1')],
  ['current -1', { current: -1 }, invalidField('current', '数值过小：期望 number >=1')],
  ['current 1.5', { current: 1.5 }, invalidField('current', '无效输入：期望 int，实际接收 数字')],
  ['current text', { current: 'abc' }, invalidField('current', '无效输入：期望 数字，实际接收 NaN')],
  ['current object', { current: { $gt: 1 } }, invalidField('current', '无效输入：期望 数字，实际接收 NaN')],
  ['current too large', { current: 100001 }, invalidField('current', '数值过大：期望 number <=100000')],
  ['current 1e21', { current: 1e21 }, invalidField('current', `数值过大：期望 int <=${Number.MAX_SAFE_INTEGER}`)],
  ['size 0', { size: 0 }, invalidField('size', '数值过小：期望 number >=1')],
  ['size -5', { size: -5 }, invalidField('size', '数值过小：期望 number >=1')],
  ['size text', { size: 'ten' }, invalidField('size', '无效输入：期望 数字，实际接收 NaN')],
  ['size huge', { size: 1_000_000 }, invalidField('size', `数值过大：期望 number <=${maxSize}`)],
  ['unknown order', { order: 'sideways' }, invalidField('order', ORDER_CHOICES)],
  ['order number', { order: 1 }, invalidField('order', ORDER_CHOICES)],
  ['model text', { model: 'x' }, invalidField('model', '无效输入：期望 object，实际接收 string')],
  ['model null', { model: null }, invalidField('model', '无效输入：期望 object，实际接收 空值(null)')],
  ['model list', { model: [1, 2] }, invalidField('model', '无效输入：期望 object，实际接收 数组')],
];

const ORDER_CHOICES = '无效选项：期望以下之一 "ascending"|"descending"|"asc"|"desc"';

/** Bodies no JSON POST call accepts, with the refusal each gets. */
const MALFORMED: [string, string, string][] = [
  ['malformed JSON', '{"current": 1,', t('validation.badJson')],
  ['not JSON at all', 'current=1&size=4', t('validation.badJson')],
  ['JSON null', 'null', '无效输入：期望 object，实际接收 空值(null)'],
  ['JSON list', '[]', '无效输入：期望 object，实际接收 数组'],
  ['JSON string', '"hello"', '无效输入：期望 object，实际接收 string'],
  ['JSON number', '42', '无效输入：期望 object，实际接收 数字'],
  ['JSON true', 'true', '无效输入：期望 object，实际接收 boolean'],
];

// The sorts each call offers, as the refusal of another sort names them.
const PUBLISHED_SORTS = '无效选项：期望以下之一 "publishTime"|"seq"|"createdTime"';
const SEQ_SORT = '无效输入：期望 "seq"';

describe.each([
  [PATH.newsPage, 100, PUBLISHED_SORTS],
  [PATH.categoryPage, 99, SEQ_SORT],
  [PATH.noticePage, 100, PUBLISHED_SORTS],
  [PATH.hotMajorPage, 100, SEQ_SORT],
])('POST %s', (path, maxSize, sortRefusal) => {
  test.each(PAGING(maxSize))('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(path, body), ErrorCode.BAD_REQUEST, message);
  });

  test.each(MALFORMED)('%s is refused', async (_name, body, message) => {
    const answer = await server().post(path, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test(`size ${maxSize + 1} (over the maximum) is refused; ${maxSize} is accepted`, async () => {
    expectRefused(await server().post(path, { size: maxSize + 1 }), ErrorCode.BAD_REQUEST, invalidField('size', `数值过大：期望 number <=${maxSize}`));
    expect((await server().post(path, { size: maxSize })).body.code).toBe(0);
  });

  test('an unknown sort value is refused', async () => {
    for (const sort of ['title', 'publishTime; drop table news', '', 42]) {
      expectRefused(await server().post(path, { sort }), ErrorCode.BAD_REQUEST, invalidField('sort', sortRefusal));
    }
  });
});

describe('POST newInformationPage model', () => {
  test.each([
    ['categorizeId with bad characters', { categorizeId: "1' or '1'='1" }, invalidField('model.categorizeId', t('validation.badFormat'))],
    ['categorizeId path', { categorizeId: '../../etc/passwd' }, invalidField('model.categorizeId', t('validation.badFormat'))],
    ['categorizeId too long', { categorizeId: '1'.repeat(33) }, invalidField('model.categorizeId', t('validation.badFormat'))],
    ['categorizeId number', { categorizeId: 123 }, invalidField('model.categorizeId', '无效输入')],
    ['categorizeId list', { categorizeId: ['1'] }, invalidField('model.categorizeId', '无效输入')],
    ['title too long', { title: '标'.repeat(65) }, invalidField('model.title', '数值过大：期望 string <=64 字符')],
    ['title number', { title: 5 }, invalidField('model.title', '无效输入：期望 string，实际接收 数字')],
    ['status text', { status: 'published' }, invalidField('model.status', '无效输入：期望 数字，实际接收 NaN')],
  ])('%s is refused', async (_name, model, message) => {
    expectRefused(await server().post(PATH.newsPage, { model }), ErrorCode.BAD_REQUEST, message);
  });
});

describe('POST discoverArticle/page and hotMajorPage model', () => {
  test('a title or name over 64 characters is refused', async () => {
    expectRefused(
      await server().post(PATH.noticePage, { model: { title: 'x'.repeat(65) } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.title', '数值过大：期望 string <=64 字符'),
    );
    expectRefused(
      await server().post(PATH.hotMajorPage, { model: { name: 'x'.repeat(65) } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.name', '数值过大：期望 string <=64 字符'),
    );
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
    ['no body', undefined, invalidField('startTime', '无效输入：期望 string，实际接收 undefined')],
    ['missing startTime', { endTime: end }, invalidField('startTime', '无效输入：期望 string，实际接收 undefined')],
    ['missing endTime', { startTime: start }, invalidField('endTime', '无效输入：期望 string，实际接收 undefined')],
    ['empty startTime', { startTime: '', endTime: end }, invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
    ['startTime as a number', { startTime: NOW - 30 * DAY, endTime: end }, invalidField('startTime', '无效输入：期望 string，实际接收 数字')],
    ['startTime as words', { startTime: 'last month', endTime: end }, invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
    ['impossible date', { startTime: '2026-02-31 00:00:00', endTime: end }, invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
    ['slashes', { startTime: '2026/10/23 10:00:00', endTime: end }, invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
    ['hour 25', { startTime: '2026-10-23 25:00:00', endTime: end }, invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
    ['start after end', { startTime: end, endTime: start }, invalidField('startTime', t('validation.startAfterEnd'))],
    ['span over a year', { startTime: formatDateTime(NOW - 400 * DAY), endTime: end }, invalidField('endTime', t('validation.spanOverYear'))],
    ['size 51', { startTime: start, endTime: end, size: 51 }, invalidField('size', '数值过大：期望 number <=50')],
    ['size 0', { startTime: start, endTime: end, size: 0 }, invalidField('size', '数值过小：期望 number >=1')],
    ['current 0', { startTime: start, endTime: end, current: 0 }, invalidField('current', '数值过小：期望 number >=1')],
    ['current text', { startTime: start, endTime: end, current: 'x' }, invalidField('current', '无效输入：期望 数字，实际接收 NaN')],
  ])('%s is refused', async (_name, body, message) => {
    const answer = await server().post(PATH.recent, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test.each(MALFORMED)('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(PATH.recent, body), ErrorCode.BAD_REQUEST, message);
  });

  test('the start-after-end message says so', async () => {
    const answer = await server().post(PATH.recent, { startTime: end, endTime: start });
    expect(answer.body.message).toContain('开始时间不能晚于结束时间');
  });

  test.each(['2026-11-22 10:60:00', '2026-11-22 09:00:99'])('a time with out-of-range minutes or seconds (%s) is refused', async (endTime) => {
    expectRefused(
      await server().post(PATH.recent, { startTime: start, endTime }),
      ErrorCode.BAD_REQUEST,
      invalidField('endTime', '时间格式应为 YYYY-MM-DD HH:mm:ss'),
    );
  });
});

describe('GET newInformation/detail', () => {
  test.each([
    ['missing id', {}, invalidField('id', '无效输入：期望 string，实际接收 undefined')],
    ['empty id', { id: '' }, invalidField('id', t('validation.badFormat'))],
    ['blank id', { id: '   ' }, invalidField('id', t('validation.badFormat'))],
    ['id with spaces', { id: '1 2' }, invalidField('id', t('validation.badFormat'))],
    ['id with quotes', { id: "1' or '1'='1" }, invalidField('id', t('validation.badFormat'))],
    ['id with markup', { id: '<script>alert(1)</script>' }, invalidField('id', t('validation.badFormat'))],
    ['id too long', { id: '1'.repeat(33) }, invalidField('id', t('validation.badFormat'))],
    ['id with unicode', { id: '新闻' }, invalidField('id', t('validation.badFormat'))],
  ])('%s is refused', async (_name, query, message) => {
    const answer = await server().get(PATH.newsDetail, query);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
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
    expectRefused(await server().get(PATH.noticeDetail(id)), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
  });

  test('no id at all is an unknown path', async () => {
    const answer = await server().get(PATH.noticeDetail(''));
    expect(answer.status).toBe(404);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
  });
});

describe('GET tenant calls', () => {
  test.each([PATH.schoolInfo, PATH.businessSchool])('%s refuses a malformed tenantId', async (path) => {
    for (const tenantId of ['', 'a b', '1;drop', '1'.repeat(33)]) {
      expectRefused(await server().get(path, { tenantId }), ErrorCode.BAD_REQUEST, invalidField('tenantId', t('validation.badFormat')));
    }
  });

  test.each([PATH.schoolInfo, PATH.businessSchool])('%s gives 10404 for a well-formed unknown tenantId', async (path) => {
    expectRefused(await server().get(path, { tenantId: '1000000000000000009' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });

  test('getDomainByDomainType refuses a missing or malformed domainType', async () => {
    const missing = invalidField('domainType', '无效输入：期望 string，实际接收 undefined');
    expectRefused(await server().get(PATH.domainByType, {}), ErrorCode.BAD_REQUEST, missing);
    for (const domainType of ['', 'P C', 'x'.repeat(33), "PC' --"]) {
      expectRefused(await server().get(PATH.domainByType, { domainType }), ErrorCode.BAD_REQUEST, invalidField('domainType', t('validation.badFormat')));
    }
    expectRefused(
      await server().get(PATH.domainByType, { domainType: 'PC', tenantId: 'bad id' }),
      ErrorCode.BAD_REQUEST,
      invalidField('tenantId', t('validation.badFormat')),
    );
  });

  test('getTenantByPreDomain refuses a missing or malformed predomain', async () => {
    const missing = invalidField('predomain', '无效输入：期望 string，实际接收 undefined');
    expectRefused(await server().get(PATH.tenantByPreDomain, {}, { tenant: null }), ErrorCode.BAD_REQUEST, missing);
    for (const predomain of ['', 'bad_domain', 'a.b', 'x'.repeat(64), '华夏']) {
      const answer = await server().get(PATH.tenantByPreDomain, { predomain }, { tenant: null });
      expectRefused(answer, ErrorCode.BAD_REQUEST, invalidField('predomain', t('validation.badFormat')));
    }
  });

  test('the second tenant is found only by its own pre-domain', async () => {
    expectRefused(await server().get(PATH.tenantByPreDomain, { predomain: HUAXIA.id }, { tenant: null }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('POST tokenParam/decode', () => {
  test.each([
    ['no body', undefined, invalidField('token', '无效输入：期望 string，实际接收 undefined')],
    ['missing token', {}, invalidField('token', '无效输入：期望 string，实际接收 undefined')],
    ['empty token', { token: '' }, invalidField('token', '数值过小：期望 string >=1 字符')],
    ['blank token', { token: '   ' }, invalidField('token', '数值过小：期望 string >=1 字符')],
    ['number token', { token: 12345 }, invalidField('token', '无效输入：期望 string，实际接收 数字')],
    ['list token', { token: ['a'] }, invalidField('token', '无效输入：期望 string，实际接收 数组')],
    ['token over 2048 characters', { token: 'A'.repeat(2049) }, invalidField('token', '数值过大：期望 string <=2048 字符')],
    ['garbage token', { token: 'not-a-real-token' }, t('identity.badTokenParam')],
    ['malformed JSON', '{"token":', t('validation.badJson')],
    ['JSON null', 'null', '无效输入：期望 object，实际接收 空值(null)'],
  ])('%s is refused', async (_name, body, message) => {
    expectRefused(await server().post(PATH.tokenDecode, body), ErrorCode.BAD_REQUEST, message);
  });
});
