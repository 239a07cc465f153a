import { beforeAll, describe, expect, test } from 'vitest';
import { PATH, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { DEMO_PRODUCT_SEED, HUAXIA_PRODUCT_SEED } from '~/dev/seed/products-data';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const onSale = (set: typeof DEMO_PRODUCT_SEED) => set.products.filter((p) => (p.state ?? 1) === 1);
const byKey = (key: string) => DEMO_PRODUCT_SEED.products.find((p) => p.key === key)!;

let demoProducts: any[];
let huaxiaProducts: any[];
let demoCategories: any[];
let huaxiaCategories: any[];

beforeAll(async () => {
  demoProducts = expectOk(await server().post(PATH.productPage, { size: 100 })).records;
  huaxiaProducts = expectOk(await server().post(PATH.productPage, { size: 100 }, { tenant: HUAXIA.id })).records;
  demoCategories = expectOk(await server().post(PATH.operationCategories, {}));
  huaxiaCategories = expectOk(await server().post(PATH.operationCategories, {}, { tenant: HUAXIA.id }));
});

const idOf = (name: string) => {
  const found = demoProducts.find((p) => p.name === name);
  expect(found, name).toBeDefined();
  return found.id as string;
};

describe('product/page', () => {
  test('lists the on-sale products of the tenant in ascending seq, 10 per page by default', async () => {
    const answer = await server().post(PATH.productPage, {});
    const page = expectOk(answer);
    expectPage(page, { current: 1, size: 10, total: onSale(DEMO_PRODUCT_SEED).length });
    expect(page.records.map((p: any) => p.name)).toEqual(onSale(DEMO_PRODUCT_SEED).map((p) => p.name));
    expect(page.records.map((p: any) => p.name)).not.toContain(byKey('tea').name);
    for (let i = 1; i < page.records.length; i++) expect(page.records[i].seq).toBeGreaterThan(page.records[i - 1].seq);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('records carry the product fields', () => {
    const seed = byKey('ecommerce');
    const p = demoProducts.find((r) => r.name === seed.name);
    expect(p).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      name: seed.name,
      pic: seed.pic,
      picTag: seed.picTag,
      thumbs: seed.thumbs,
      onlineClassPeriodTypeList: seed.periods,
      certificationOrg: seed.certificationOrg,
      issuingAuthorityName: seed.issuingAuthorityName,
      certificateType: seed.certificateType,
      certificateVerificationType: seed.verification,
      certificateBenefits: seed.benefits,
      schoolName: DEMO_PRODUCT_SEED.schoolName,
      trainingInstitutionsName: DEMO_PRODUCT_SEED.institutionName,
      defStandPrice: '2680',
      defCouponPrice: '1980起',
      subsidyPrice: '1000',
      tenantChildType: 'SKILL',
      state: 1,
    });
    expect(p.seq).toBeTypeOf('number');
    expect(Object.keys(p)).not.toContain('tenantId');
    const robot = demoProducts.find((r) => r.name === byKey('robot').name);
    expect(robot.certificateVerificationType).toBe(0);
    expect(robot.defCouponPrice).toBeNull();
  });

  test('prodIdList picks those products, in the order of the list', async () => {
    const ids = [idOf(byKey('data').name), idOf(byKey('ai').name), idOf(byKey('hr').name)];
    const page = expectOk(await server().post(PATH.productPage, { size: 10, model: { prodIdList: ids } }));
    expectPage(page, { total: 3 });
    expect(page.records.map((p: any) => p.id)).toEqual(ids);

    const second = expectOk(await server().post(PATH.productPage, { current: 2, size: 2, model: { prodIdList: ids } }));
    expectPage(second, { current: 2, size: 2, total: 3 });
    expect(second.records.map((p: any) => p.id)).toEqual([ids[2]]);

    const text = expectOk(await server().post(PATH.productPage, { model: { prodIdList: ids.join(',') } }));
    expect(text.records.map((p: any) => p.id)).toEqual(ids);
  });

  test('an empty prodIdList or unknown ids find nothing', async () => {
    const empty = expectOk(await server().post(PATH.productPage, { model: { prodIdList: [] } }));
    expectPage(empty, { total: 0 });
    const unknown = expectOk(await server().post(PATH.productPage, { model: { prodIdList: ['9999999999999999999'] } }));
    expect(unknown.records).toEqual([]);
  });

  test('an off-sale product is not found even by id', async () => {
    const row = await server().runtime.db.selectFrom('products').select('id').where('tenantId', '=', DEMO.id).where('state', '!=', 1).executeTakeFirstOrThrow();
    const page = expectOk(await server().post(PATH.productPage, { model: { prodIdList: [row.id] } }));
    expect(page.records).toEqual([]);
  });

  test('name filters by a part of the name', async () => {
    const page = expectOk(await server().post(PATH.productPage, { model: { name: '保育师' } }));
    expect(page.records.map((p: any) => p.name)).toEqual([byKey('childcare').name]);
    const wildcard = expectOk(await server().post(PATH.productPage, { model: { name: '%' } }));
    expect(wildcard.total).toBe(onSale(DEMO_PRODUCT_SEED).length);
  });

  test('bad input is refused with a clear message', async () => {
    for (const [body, message] of [
      [{ size: 0 }, invalidField('size', '数值过小：期望 number >=1')],
      [{ size: 101 }, invalidField('size', '数值过大：期望 number <=100')],
      [{ current: -1 }, invalidField('current', '数值过小：期望 number >=1')],
      [{ sort: 'price' }, invalidField('sort', '无效输入：期望 "seq"')],
      [{ model: { prodIdList: ['1; drop table products'] } }, invalidField('model.prodIdList.0', t('validation.badFormat'))],
      [{ model: { prodIdList: Array.from({ length: 101 }, (_, i) => String(i + 1)) } }, invalidField('model.prodIdList', t('products.tooManyIds'))],
      [{ model: { prodIdList: 5 } }, invalidField('model.prodIdList', '无效输入：期望 数组，实际接收 数字')],
    ] as const) {
      const answer = await server().post(PATH.productPage, body);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    expectRefused(await server().post(PATH.productPage, '{"size":'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
    const tooMany = await server().post(PATH.productPage, { model: { prodIdList: Array.from({ length: 101 }, (_, i) => String(i + 1)) } });
    expect(tooMany.body.message).toContain('prodIdList 最多 100 个');
  });

  test('an unknown tenant is refused', async () => {
    expectRefused(await server().post(PATH.productPage, {}, { tenant: '1999999999999999999' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('productOperationCategory/query', () => {
  test('lists the enabled categories in ascending seq', () => {
    const enabled = DEMO_PRODUCT_SEED.categories.filter((c) => (c.state ?? 1) === 1);
    expect(demoCategories.map((c) => c.name)).toEqual(enabled.map((c) => c.name));
    for (const c of demoCategories) {
      expect(c).toEqual({ id: expect.stringMatching(/^\d+$/), name: expect.any(String), isVariety: expect.any(Number), state: 1, seq: expect.any(Number) });
    }
    expect(demoCategories.map((c) => c.name)).not.toContain('历史班次（停用）');
  });

  test('isVariety filters', async () => {
    const varieties = expectOk(await server().post(PATH.operationCategories, { isVariety: 1, state: 1 }));
    expect(varieties.map((c: any) => c.name)).toEqual(['数字技术', '健康与养老服务']);
    const plain = expectOk(await server().post(PATH.operationCategories, { tenantId: DEMO.id, isVariety: '0', state: 1 }));
    expect(plain.map((c: any) => c.name)).toEqual(['热门推荐']);
  });

  test('a disabled state finds nothing', async () => {
    expect(expectOk(await server().post(PATH.operationCategories, { state: 0 }))).toEqual([]);
  });

  test('the body tenantId names the tenant', async () => {
    const answer = expectOk(await server().post(PATH.operationCategories, { tenantId: HUAXIA.id }, { tenant: null }));
    expect(answer.map((c: any) => c.name)).toEqual(HUAXIA_PRODUCT_SEED.categories.map((c) => c.name));
  });

  test('bad input is refused', async () => {
    for (const [body, message] of [
      [{ isVariety: 2 }, invalidField('isVariety', '无效输入')],
      [{ state: 'x' }, invalidField('state', '无效输入：期望 数字，实际接收 NaN')],
      [{ tenantId: 'bad id!' }, invalidField('tenantId', t('validation.badFormat'))],
    ] as const)
      expectRefused(await server().post(PATH.operationCategories, body), ErrorCode.BAD_REQUEST, message);
    expectRefused(await server().post(PATH.operationCategories, { tenantId: '1999999999999999999' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('productOperationRelation/page', () => {
  const hot = () => demoCategories.find((c) => c.name === '热门推荐').id as string;

  test('the training-project list: 4 per page, ascending seq, state-1 placements of on-sale products only', async () => {
    const page = expectOk(await server().post(PATH.relationPage, { current: 1, size: 4, model: { bizId: hot(), bizType: 'CATEGORY', state: 1 } }));
    const expected = DEMO_PRODUCT_SEED.categories[0]!.products.filter(([key, , state]) => (state ?? 1) === 1 && (byKey(key).state ?? 1) === 1)
      .sort((a, b) => a[1] - b[1])
      .map(([key]) => byKey(key).name);
    expect(expected).toHaveLength(6);
    expectPage(page, { current: 1, size: 4, total: 6 });
    expect(page.pages).toBe(2);
    expect(page.records.map((r: any) => r.product.name)).toEqual(expected.slice(0, 4));
    const second = expectOk(await server().post(PATH.relationPage, { current: 2, size: 4, model: { bizId: hot() } }));
    expect(second.records.map((r: any) => r.product.name)).toEqual(expected.slice(4));
    const all = [...page.records, ...second.records];
    for (let i = 1; i < all.length; i++) expect(all[i].seq).toBeGreaterThan(all[i - 1].seq);
    for (const r of all) {
      expect(r).toMatchObject({ bizId: hot(), bizType: 'CATEGORY', state: 1, productId: r.product.id });
      expect(r.product.state).toBe(1);
    }
    expect(all.map((r: any) => r.product.name)).not.toContain(byKey('health').name);
    expect(all.map((r: any) => r.product.name)).not.toContain(byKey('tea').name);
  });

  test('size defaults to 4', async () => {
    const page = expectOk(await server().post(PATH.relationPage, { model: { bizId: hot() } }));
    expectPage(page, { size: 4, total: 6 });
  });

  test('another state or an unknown category finds nothing', async () => {
    expectPage(expectOk(await server().post(PATH.relationPage, { model: { bizId: hot(), state: 0 } })), { total: 0 });
    expectPage(expectOk(await server().post(PATH.relationPage, { model: { bizId: '9999999999999999999' } })), { total: 0 });
  });

  test('bad input is refused', async () => {
    for (const [body, message] of [
      [{}, invalidField('model.bizId', '无效输入：期望 string，实际接收 undefined')],
      [{ model: {} }, invalidField('model.bizId', '无效输入：期望 string，实际接收 undefined')],
      [{ model: { bizId: 'x y' } }, invalidField('model.bizId', t('validation.badFormat'))],
      [{ model: { bizId: hot(), bizType: 'MAJOR' } }, invalidField('model.bizType', t('products.badBizType'))],
      [{ size: 500, model: { bizId: hot() } }, invalidField('size', '数值过大：期望 number <=100')],
    ] as const) {
      expectRefused(await server().post(PATH.relationPage, body), ErrorCode.BAD_REQUEST, message);
    }
    const answer = await server().post(PATH.relationPage, { model: { bizId: hot(), bizType: 'MAJOR' } });
    expect(answer.body.message).toContain('bizType 只能是 CATEGORY');
  });
});

describe('tenant isolation', () => {
  test('each tenant lists only its own products and categories', () => {
    expect(huaxiaProducts.map((p) => p.name)).toEqual(onSale(HUAXIA_PRODUCT_SEED).map((p) => p.name));
    expect(huaxiaCategories.map((c) => c.name)).toEqual(['华夏推荐']);
    const demoIds = new Set(demoProducts.map((p) => p.id));
    for (const p of huaxiaProducts) expect(demoIds.has(p.id)).toBe(false);
    for (const p of demoProducts) expect(p.name).not.toContain('华夏');
  });

  test("another tenant's product ids and category ids find nothing", async () => {
    const ids = huaxiaProducts.map((p) => p.id);
    const page = expectOk(await server().post(PATH.productPage, { model: { prodIdList: ids } }));
    expect(page.records).toEqual([]);
    const relations = expectOk(await server().post(PATH.relationPage, { model: { bizId: huaxiaCategories[0].id } }));
    expectPage(relations, { total: 0 });
    const back = expectOk(await server().post(PATH.relationPage, { model: { bizId: demoCategories[0].id } }, { tenant: HUAXIA.id }));
    expectPage(back, { total: 0 });
  });

  test('the host chooses the tenant when no header is sent', async () => {
    const answer = await server().fetch(PATH.productPage, {
      method: 'POST',
      headers: { Host: 'huaxia.localhost', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(expectOk(answer).records.map((p: any) => p.name)).toEqual(huaxiaProducts.map((p) => p.name));
  });
});
