import { describe, expect, test } from 'vitest';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as products from '~/lib/api/contracts/products';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { asStaff, auditFromNow, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { hotMajorInput, productInput } from '../setup/catalog';

/**
 * A product belongs to hot majors (the product's staff form): /educational-product lists, under a
 * major, the school's published products linked to it (hotMajorDetail's relatedProductList, then
 * productPage by those ids). Drafts and other schools' products are never listed; a link needs a
 * published major of the product's own school; every change of the links is audited with the product.
 * Each test makes its own major, so what it lists is only what the test linked.
 */

const server = useTestServer();
const { DRAFT, PUBLISHED } = cat.CATALOG_STATE;
const SECOND = 1000;

async function editor(tenantId = DEMO.id): Promise<TestStaffSession> {
  return sessionOf(server(), await makeStaff(server(), tenantId, STAFF_ROLE.editor));
}

const as = (session: TestStaffSession, tenantId = DEMO.id, params?: Record<string, string>) => ({
  ...asStaff(session, tenantId),
  ...(params ? { params } : {}),
});

async function ok<T>(p: Promise<{ body: { code: number; data: unknown; message?: string } }>): Promise<T> {
  const a = await p;
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}

async function publishedMajor(s: TestStaffSession, tenantId = DEMO.id): Promise<cat.AdminHotMajor> {
  return ok(server().call(cat.catalogMajorSave, hotMajorInput({ state: PUBLISHED }), as(s, tenantId)));
}

/** What /educational-product?id= lists under the major: the linked ids, then the published products among them. */
async function listedUnder(majorId: string, tenant = DEMO.id): Promise<string[]> {
  const detail = await server().call(products.hotMajorDetail, { id: majorId }, { tenant });
  expect(detail.body.code, JSON.stringify(detail.body)).toBe(0);
  const ids = (detail.body.data as products.HotMajorDetail).relatedProductList.map((r) => r.productId);
  if (ids.length === 0) return [];
  const page = await server().call(products.productPage, { current: 1, size: 100, model: { prodIdList: ids } }, { tenant });
  return (page.body.data.records as products.ProductVO[]).map((p) => p.id).sort();
}

describe('a product and its hot majors', () => {
  test('a published product chosen for a major is listed under it; a draft is not until published; unlinking takes it off', async () => {
    const s = await editor();
    const [m1, m2] = [await publishedMajor(s), await publishedMajor(s)];
    const shown = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, majorIds: [m1.id, m2.id] }), as(s)));
    const draft = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: DRAFT, majorIds: [m1.id] }), as(s)));
    expect(shown.majorIds.sort()).toEqual([m1.id, m2.id].sort());
    expect(draft.majorIds).toEqual([m1.id]);

    expect(await listedUnder(m1.id)).toEqual([shown.id]);
    expect(await listedUnder(m2.id)).toEqual([shown.id]);

    await ok(server().call(cat.catalogProductState, { state: PUBLISHED }, as(s, DEMO.id, { id: draft.id })));
    expect(await listedUnder(m1.id)).toEqual([shown.id, draft.id].sort());

    const moved = await ok<cat.AdminProduct>(
      server().call(cat.catalogProductSave, { ...productInput({ state: PUBLISHED, majorIds: [m2.id] }), id: shown.id }, as(s)),
    );
    expect(moved.majorIds).toEqual([m2.id]);
    expect(await listedUnder(m1.id)).toEqual([draft.id]);
    expect(await listedUnder(m2.id)).toEqual([shown.id]);

    await ok(server().call(cat.catalogProductState, { state: DRAFT }, as(s, DEMO.id, { id: shown.id })));
    expect(await listedUnder(m2.id)).toEqual([]);
  });

  test('the staff list reads each product with its majors; a product deleted leaves no link behind', async () => {
    const s = await editor();
    const m = await publishedMajor(s);
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, majorIds: [m.id, m.id] }), as(s)));
    expect(p.majorIds).toEqual([m.id]);
    const listed = await ok<{ records: cat.AdminProduct[] }>(server().call(cat.catalogProducts, { keyword: p.name }, as(s)));
    expect(listed.records.map((r) => r.majorIds)).toEqual([[m.id]]);
    await ok(server().call(cat.catalogProductDelete, {}, as(s, DEMO.id, { id: p.id })));
    expect(await listedUnder(m.id)).toEqual([]);
    const links = await server().runtime.db.selectFrom('hotMajorProducts').select('productId').where('majorId', '=', m.id).execute();
    expect(links).toEqual([]);
  });

  test("a major of another school, a draft major or a made-up id is refused; another school's products are never listed under ours", async () => {
    const ours = await editor();
    const theirs = await editor(HUAXIA.id);
    const m = await publishedMajor(ours);
    const theirMajor = await publishedMajor(theirs, HUAXIA.id);
    const draftMajor = await ok<cat.AdminHotMajor>(server().call(cat.catalogMajorSave, hotMajorInput({ state: DRAFT }), as(ours)));
    const refused = { code: 400, data: null, message: '所选专业不存在或未发布' };

    const theirProduct = await server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, majorIds: [m.id] }), as(theirs, HUAXIA.id));
    expect(theirProduct.body).toEqual(refused);
    for (const majorIds of [[theirMajor.id], [draftMajor.id], ['no-such-major']]) {
      expect((await server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, majorIds }), as(ours))).body).toEqual(refused);
    }
    expect(await listedUnder(m.id)).toEqual([]);
    // Their major, asked for at our host, is not ours to show.
    expect((await server().call(products.hotMajorDetail, { id: theirMajor.id }, { tenant: DEMO.id })).body.code).toBe(404);
  });

  test('a link to a major since taken down stays when the product is saved again', async () => {
    const s = await editor();
    const m = await publishedMajor(s);
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, majorIds: [m.id] }), as(s)));
    await ok(server().call(cat.catalogMajorState, { state: DRAFT }, as(s, DEMO.id, { id: m.id })));
    const again = await ok<cat.AdminProduct>(
      server().call(cat.catalogProductSave, { ...productInput({ state: PUBLISHED, majorIds: [m.id] }), id: p.id }, as(s)),
    );
    expect(again.majorIds).toEqual([m.id]);
    await ok(server().call(cat.catalogMajorState, { state: PUBLISHED }, as(s, DEMO.id, { id: m.id })));
    expect(await listedUnder(m.id)).toEqual([p.id]);
  });

  test('choosing and removing majors is audited with the product, before and after', async () => {
    const s = await editor();
    const m = await publishedMajor(s);
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: PUBLISHED }), as(s)));
    const later = await auditFromNow(server(), DEMO.id, { targetId: p.id });
    await ok(server().call(cat.catalogProductSave, { ...productInput({ name: p.name, state: PUBLISHED, majorIds: [m.id] }), id: p.id }, as(s)));
    // A second later, so the log's order (by time) is the order of the saves.
    server().clock.advance(SECOND);
    await ok(server().call(cat.catalogProductSave, { ...productInput({ name: p.name, state: PUBLISHED, majorIds: [] }), id: p.id }, as(s)));
    const entries = await later();
    expect(entries.map((e) => [e.action, e.targetType])).toEqual([
      [AUDIT_ACTION.catalogUpdate, 'product'],
      [AUDIT_ACTION.catalogUpdate, 'product'],
    ]);
    const majorsOf = (json: string | null) => (JSON.parse(json ?? '{}') as { majorIds?: string[] }).majorIds;
    expect([majorsOf(entries[0]!.beforeJson), majorsOf(entries[0]!.afterJson)]).toEqual([[], [m.id]]);
    expect([majorsOf(entries[1]!.beforeJson), majorsOf(entries[1]!.afterJson)]).toEqual([[m.id], []]);
  });

  test('more majors than a product takes, or ids of the wrong shape, are refused with the form’s words', async () => {
    const s = await editor();
    const many = Array.from({ length: 21 }, (_, i) => `m${i}`);
    expect((await server().call(cat.catalogProductSave, productInput({ majorIds: many }), as(s))).body).toEqual({
      code: 400,
      data: null,
      message: '一个项目最多属于 20 个专业',
    });
    const bad = await server().call(cat.catalogProductSave, { ...productInput(), majorIds: 'x' } as never, as(s));
    expect(bad.body).toEqual({ code: 400, data: null, message: '所选专业不存在或未发布' });
  });
});
