import { beforeAll, describe, expect, test } from 'vitest';
import { PATH, allRecords, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { DEMO_PRODUCT_SEED, HUAXIA_PRODUCT_SEED } from '~/dev/seed/products-data';
import { sortBySeq } from '~/server/products/products.rules';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

let demoMajors: any[];
let huaxiaMajors: any[];
const majorId = (name: string) => {
  const m = demoMajors.find((x) => x.name === name);
  expect(m, name).toBeDefined();
  return m.id as string;
};
const seedOf = (name: string) => DEMO_PRODUCT_SEED.majors.find((m) => m.major === name)!;
/** The seeded questions of a major in the expected order (seq, missing seq as 1000, then seeding order). */
const expectedQuestions = (name: string) =>
  sortBySeq(seedOf(name).questions.map((q, i) => ({ ...q, id: String(i).padStart(3, '0'), createdAt: i }))).map((q) => q.name);

beforeAll(async () => {
  demoMajors = await allRecords(server(), PATH.hotMajorPage, {});
  huaxiaMajors = await allRecords(server(), PATH.hotMajorPage, {}, HUAXIA.id);
});

describe('hotMajor/detail', () => {
  test('answers the major with salary, descriptions, certificates, questions and related products', async () => {
    const answer = await server().get(PATH.hotMajorDetail, { id: majorId('健康管理师') });
    const d = expectOk(answer);
    const seed = DEMO.seed.hotMajors.find((m) => m.name === '健康管理师')!;
    expect(d).toMatchObject({
      id: majorId('健康管理师'),
      name: '健康管理师',
      industrySalary: seed.salary,
      employmentProspectDescribe: seed.prospect,
      suitabilityPeopleDescribe: seed.people,
      relatedCertificate: seed.certificates,
    });
    expect(d.seq).toBeTypeOf('number');
    expect(d.pic).toMatch(/^\/images\//);
    expect(d.commonQuestionList.map((q: any) => q.name)).toEqual(expectedQuestions('健康管理师'));
    for (const q of d.commonQuestionList) expect(q.majorId).toBe(d.id);
    expect(d.relatedProductList).toHaveLength(2);
    for (const r of d.relatedProductList) expect(Object.keys(r)).toEqual(['productId']);
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=30/);

    // The related ids are products of the product page call, in link order.
    const ids = d.relatedProductList.map((r: any) => r.productId);
    const products = expectOk(await server().post(PATH.productPage, { model: { prodIdList: ids } }));
    const names = seedOf('健康管理师').products.map((key) => DEMO_PRODUCT_SEED.products.find((p) => p.key === key)!.name);
    expect(products.records.map((p: any) => p.name)).toEqual(names);
  });

  test('a missing salary is 0 and no certificate is an empty array', async () => {
    const d = expectOk(await server().get(PATH.hotMajorDetail, { id: majorId('中式烹调师') }));
    expect(d.industrySalary).toBe(0);
    expect(d.relatedCertificate).toEqual([]);
    expect(d.relatedProductList).toEqual([]);
  });

  test('related products that are off sale are left out; a major without questions has an empty list', async () => {
    expect(expectOk(await server().get(PATH.hotMajorDetail, { id: majorId('茶艺师') })).relatedProductList).toEqual([]);
    expect(expectOk(await server().get(PATH.hotMajorDetail, { id: majorId('碳排放管理员') })).commonQuestionList).toEqual([]);
  });

  test('relatedCertificate stored as an array is read too', async () => {
    const id = majorId('保育师');
    const db = server().runtime.db;
    const before = await db.selectFrom('hotMajors').select('relatedCertificate').where('id', '=', id).executeTakeFirstOrThrow();
    const list = [
      { name: '保育师（三级）', url: 'https://cert.example.cn/baoyu' },
      { name: '育婴员', url: 'javascript:alert(1)' },
    ];
    try {
      // A JSON string of the JSON text (double-encoded), as some imports store it.
      await db
        .updateTable('hotMajors')
        .set({ relatedCertificate: JSON.stringify(JSON.stringify(list)) })
        .where('id', '=', id)
        .execute();
      const d = expectOk(await server().get(PATH.hotMajorDetail, { id }));
      expect(d.relatedCertificate).toEqual([
        { name: '保育师（三级）', url: 'https://cert.example.cn/baoyu' },
        { name: '育婴员', url: '' },
      ]);
      await db.updateTable('hotMajors').set({ relatedCertificate: 'not json' }).where('id', '=', id).execute();
      expect(expectOk(await server().get(PATH.hotMajorDetail, { id })).relatedCertificate).toEqual([]);
    } finally {
      await db.updateTable('hotMajors').set({ relatedCertificate: before.relatedCertificate }).where('id', '=', id).execute();
    }
  });

  test('answers are sanitised HTML', async () => {
    const d = expectOk(await server().get(PATH.hotMajorDetail, { id: majorId('人工智能训练师') }));
    const hostile = d.commonQuestionList.find((q: any) => q.name === '零基础能学会人工智能训练师吗？');
    expect(hostile.answer).toContain('<p>');
    // Not one of the school's uploads (decision 049): the picture is dropped.
    expect(hostile.answer).not.toContain('<img');
    expect(hostile.answer).not.toMatch(/<script|onerror|alert\(/i);
  });

  test('unknown, malformed or missing ids are refused', async () => {
    expectRefused(await server().get(PATH.hotMajorDetail, { id: '9999999999999999999' }), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().get(PATH.hotMajorDetail, { id: 'x y' }), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
    expectRefused(await server().get(PATH.hotMajorDetail, {}), ErrorCode.BAD_REQUEST, invalidField('id', '无效输入：期望 string，实际接收 undefined'));
    expectRefused(await server().get(PATH.hotMajorDetail, { id: 'a'.repeat(33) }), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
  });

  test("another tenant's major is not found, in both directions", async () => {
    expectRefused(await server().get(PATH.hotMajorDetail, { id: huaxiaMajors[0].id }), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().get(PATH.hotMajorDetail, { id: majorId('保育师') }, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
    const own = expectOk(await server().get(PATH.hotMajorDetail, { id: huaxiaMajors[0].id }, { tenant: HUAXIA.id }));
    expect(own.name).toBe(HUAXIA.seed.hotMajors[0]!.name);
    expect(own.commonQuestionList.map((q: any) => q.name)).toEqual(
      sortBySeq(HUAXIA_PRODUCT_SEED.majors[0]!.questions.map((q, i) => ({ ...q, id: String(i), createdAt: i }))).map((q) => q.name),
    );
  });
});

describe('commonQuestion/commonQuestionPage', () => {
  test('3 per page by default, ordered by seq with a missing seq treated as 1000', async () => {
    const id = majorId('健康管理师');
    const page = expectOk(await server().post(PATH.commonQuestionPage, { model: { majorId: id } }));
    const expected = expectedQuestions('健康管理师');
    expectPage(page, { current: 1, size: 3, total: expected.length });
    expect(page.records.map((q: any) => q.name)).toEqual(expected.slice(0, 3));
    const rest = expectOk(await server().post(PATH.commonQuestionPage, { current: 2, size: 3, model: { majorId: id } }));
    expect(rest.records.map((q: any) => q.name)).toEqual(expected.slice(3));
    // seq 1, 2, 3, then the question without seq (1000), then seq 1500.
    expect([...page.records, ...rest.records].map((q: any) => q.seq)).toEqual([1, 2, 3, null, 1500]);
    for (const q of page.records) {
      expect(Object.keys(q).sort()).toEqual(['answer', 'id', 'majorId', 'name', 'seq']);
      expect(q.majorId).toBe(id);
      expect(q.answer).toMatch(/^<(p|ul)>/);
    }
  });

  test('a question without seq comes after seq 3 and before seq 4 when that is all there is', async () => {
    const page = expectOk(await server().post(PATH.commonQuestionPage, { size: 10, model: { majorId: majorId('人工智能训练师') } }));
    expect(page.records.map((q: any) => q.seq)).toEqual([1, 2, 3, 4, null]);
  });

  test('an unknown or foreign major has no questions', async () => {
    expectPage(expectOk(await server().post(PATH.commonQuestionPage, { model: { majorId: '9999999999999999999' } })), { total: 0 });
    expectPage(expectOk(await server().post(PATH.commonQuestionPage, { model: { majorId: huaxiaMajors[0].id } })), { total: 0 });
    expectPage(expectOk(await server().post(PATH.commonQuestionPage, { model: { majorId: majorId('保育师') } }, { tenant: HUAXIA.id })), { total: 0 });
  });

  test('without a major: every question of the tenant, never another tenant’s', async () => {
    const all = await allRecords(server(), PATH.commonQuestionPage, {});
    const seeded = DEMO_PRODUCT_SEED.majors.reduce((n, m) => n + m.questions.length, 0);
    expect(all).toHaveLength(seeded);
    for (const q of all) expect(q.name).not.toContain('华夏');
    const huaxia = await allRecords(server(), PATH.commonQuestionPage, {}, HUAXIA.id);
    expect(huaxia).toHaveLength(HUAXIA_PRODUCT_SEED.majors[0]!.questions.length);
    const demoIds = new Set(all.map((q) => q.id));
    for (const q of huaxia) expect(demoIds.has(q.id)).toBe(false);
  });

  test('bad input is refused', async () => {
    for (const [body, message] of [
      [{ size: 0 }, invalidField('size', '数值过小：期望 number >=1')],
      [{ size: 1000 }, invalidField('size', '数值过大：期望 number <=100')],
      [{ current: 'x' }, invalidField('current', '无效输入：期望 数字，实际接收 NaN')],
      [{ model: { majorId: '../etc' } }, invalidField('model.majorId', t('validation.badFormat'))],
      [{ model: 'x' }, invalidField('model', '无效输入：期望 object，实际接收 string')],
    ] as const) {
      expectRefused(await server().post(PATH.commonQuestionPage, body), ErrorCode.BAD_REQUEST, message);
    }
    expectRefused(await server().post(PATH.commonQuestionPage, 'nope'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
  });
});
