import { describe, expect, test } from 'vitest';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as products from '~/lib/api/contracts/products';
import * as media from '~/lib/api/contracts/media';
import * as leads from '~/lib/api/contracts/leads';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { DAY, DEMO, HUAXIA, useTestServer } from '../setup/server';
import { findProductDetailHtml } from '~/server/products/products.service';
import { asStaff, auditFromNow, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import {
  albumCategoryInput,
  bannerInput,
  categoryInput,
  couponInput,
  hotMajorInput,
  materialInput,
  productInput,
  publishedMajorId,
  questionInput,
} from '../setup/catalog';
import * as content from '~/lib/api/contracts/content';
import { expectRefused, invalidField } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { testScope } from '../setup/scope';

/**
 * The staff catalogue: products with their categories, common questions, home banners and coupons.
 * Staff see every row of their school, drafts included; the public calls show only published rows;
 * search and paging; refusals with the form's words; another school's ids are not found; each
 * write audited (the full before/after of every write is checked in staff-audit.test.ts).
 */

const server = useTestServer();
const { DRAFT, PUBLISHED } = cat.CATALOG_STATE;
/** A picture of the school's own file store (only those show in rich text, decision 049). */
const PIC = `/files/${DEMO.id}/202611/17950000000000001.png`;

async function editor(tenantId = DEMO.id): Promise<TestStaffSession> {
  return sessionOf(server(), await makeStaff(server(), tenantId, STAFF_ROLE.editor));
}

const as = (session: TestStaffSession, params?: Record<string, string>, tenantId = DEMO.id) => ({
  ...asStaff(session, tenantId),
  ...(params ? { params } : {}),
});

async function ok<T>(p: Promise<{ body: { code: number; data: unknown; message?: string } }>): Promise<T> {
  const a = await p;
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

const publicProducts = async (tenant = DEMO.id) =>
  ((await server().call(products.productPage, { current: 1, size: 100 }, { tenant })).body.data.records as products.ProductVO[]).map((p) => p.id);

describe('products', () => {
  test('a draft is listed for staff but not by any public call; publishing shows it, taking it down hides it again', async () => {
    const s = await editor();
    const category = await ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput({ state: PUBLISHED }), as(s)));
    const name = unique('草稿项目');
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ name, state: DRAFT, categoryIds: [category.id] }), as(s)));
    expect(p).toMatchObject({ name, state: DRAFT, categoryIds: [category.id], periodTypes: [1, 3] });

    const listed = await ok<{ records: cat.AdminProduct[] }>(server().call(cat.catalogProducts, { keyword: name }, as(s)));
    expect(listed.records.map((r) => r.id)).toEqual([p.id]);
    expect(await publicProducts()).not.toContain(p.id);
    expect((await server().call(products.productPage, { current: 1, size: 10, model: { prodIdList: [p.id] } })).body.data.records).toEqual([]);
    const placed = await server().call(products.relationPage, { current: 1, size: 10, model: { bizId: category.id } });
    expect(placed.body.data.records).toEqual([]);

    await ok(server().call(cat.catalogProductState, { state: PUBLISHED }, as(s, { id: p.id })));
    expect(await publicProducts()).toContain(p.id);
    const placedNow = await server().call(products.relationPage, { current: 1, size: 10, model: { bizId: category.id } });
    expect(placedNow.body.data.records.map((r: products.OperationRelation) => r.productId)).toEqual([p.id]);

    await ok(server().call(cat.catalogProductState, { state: DRAFT }, as(s, { id: p.id })));
    expect(await publicProducts()).not.toContain(p.id);
  });

  test('editing changes the fields and the placements; search, state filter and paging', async () => {
    const s = await editor();
    const [a, b] = await Promise.all([
      ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput(), as(s))),
      ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput(), as(s))),
    ]);
    const word = unique('检索');
    const made: cat.AdminProduct[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await ok(server().call(cat.catalogProductSave, productInput({ name: `${word}${i}`, seq: 10 + i, state: i === 0 ? PUBLISHED : DRAFT }), as(s))));
    }
    const edited = await ok<cat.AdminProduct>(
      server().call(
        cat.catalogProductSave,
        { ...productInput({ name: `${word}0改`, seq: 10, state: PUBLISHED }), id: made[0]!.id, categoryIds: [a.id, b.id] },
        as(s),
      ),
    );
    expect(edited).toMatchObject({ id: made[0]!.id, name: `${word}0改`, categoryIds: [a.id, b.id] });
    const moved = await ok<cat.AdminProduct>(
      server().call(
        cat.catalogProductSave,
        { ...productInput({ name: `${word}0改`, seq: 10, state: PUBLISHED }), id: made[0]!.id, categoryIds: [b.id] },
        as(s),
      ),
    );
    expect(moved.categoryIds).toEqual([b.id]);

    const page1 = await ok<{ records: cat.AdminProduct[]; total: number; pages: number }>(
      server().call(cat.catalogProducts, { keyword: word, size: 2 }, as(s)),
    );
    expect(page1.total).toBe(3);
    expect(page1.records.map((r) => r.name)).toEqual([`${word}0改`, `${word}1`]);
    const page2 = await ok<{ records: cat.AdminProduct[] }>(server().call(cat.catalogProducts, { keyword: word, size: 2, current: 2 }, as(s)));
    expect(page2.records.map((r) => r.name)).toEqual([`${word}2`]);
    const drafts = await ok<{ records: cat.AdminProduct[] }>(server().call(cat.catalogProducts, { keyword: word, state: DRAFT }, as(s)));
    expect(drafts.records.map((r) => r.name)).toEqual([`${word}1`, `${word}2`]);
  });

  test('deleting removes the product with its placements, and is audited', async () => {
    const s = await editor();
    const c = await ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput(), as(s)));
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ state: PUBLISHED, categoryIds: [c.id] }), as(s)));
    server().clock.advance(1000);
    const later = await auditFromNow(server(), DEMO.id, { targetId: p.id });
    await ok(server().call(cat.catalogProductDelete, {}, as(s, { id: p.id })));
    expect(await publicProducts()).not.toContain(p.id);
    const after = await ok<{ records: cat.AdminProductCategory[] }>(server().call(cat.catalogCategories, { keyword: c.name }, as(s)));
    expect(after.records[0]!.productCount).toBe(0);
    const again = await server().call(cat.catalogProductDelete, {}, as(s, { id: p.id }));
    expect(again.body).toEqual({ code: 404, data: null, message: '内容不存在或已删除' });
    const entries = await later();
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.catalogDelete]);
  });

  test.each([
    ['no name', { name: '  ' }, '请填写项目名称'],
    ['a long name', { name: '长'.repeat(129) }, '项目名称不能超过 128 个字'],
    ['a script picture address', { pic: 'javascript:alert(1)' }, '封面图片须为本站地址或 http(s) 地址'],
    ['another site through //', { pic: '//evil.example/x.png' }, '封面图片须为本站地址或 http(s) 地址'],
    ['an unknown course type', { periodTypes: [5] }, '课程类型不正确'],
    ['a negative order', { seq: -1 }, '排序须为 0 到 99999 的整数'],
    ['no state', { state: undefined }, '状态只能是草稿或已发布'],
    ['an unknown state', { state: 2 }, '状态只能是草稿或已发布'],
    ['an unknown category', { categoryIds: ['nope'] }, '所选分类不存在'],
  ])('%s is refused with the reason and nothing is saved', async (_label, patch, message) => {
    const s = await editor();
    const name = unique('拒绝');
    const answer = await server().call(cat.catalogProductSave, { ...productInput({ name }), ...patch } as never, as(s));
    expect(answer.body).toEqual({ code: 400, data: null, message });
    expect((await ok<{ total: number }>(server().call(cat.catalogProducts, { keyword: name }, as(s)))).total).toBe(0);
  });

  test("another school's product and category are not found, and its categories cannot be used", async () => {
    const theirs = await editor(HUAXIA.id);
    const c = await ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput(), as(theirs, undefined, HUAXIA.id)));
    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput(), as(theirs, undefined, HUAXIA.id)));
    const s = await editor();
    const notFound = { code: 404, data: null, message: '内容不存在或已删除' };
    expect((await server().call(cat.catalogProductState, { state: PUBLISHED }, as(s, { id: p.id }))).body).toEqual(notFound);
    expect((await server().call(cat.catalogProductDelete, {}, as(s, { id: p.id }))).body).toEqual(notFound);
    expect((await server().call(cat.catalogProductSave, { ...productInput(), id: p.id }, as(s))).body).toEqual(notFound);
    expect((await server().call(cat.catalogCategoryDelete, {}, as(s, { id: c.id }))).body).toEqual(notFound);
    expect((await server().call(cat.catalogProductSave, productInput({ categoryIds: [c.id] }), as(s))).body).toMatchObject({
      code: 400,
      message: '所选分类不存在',
    });
    const mine = await ok<{ records: cat.AdminProduct[] }>(server().call(cat.catalogProducts, { keyword: p.name }, as(s)));
    expect(mine.records).toEqual([]);
  });

  test('a teacher may not manage the catalogue', async () => {
    const teacher = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher));
    const answer = await server().call(cat.catalogProductSave, productInput(), as(teacher));
    expect(answer.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
  });
});

describe('the product detail (rich text)', () => {
  test('is kept sanitised, shown sanitised on the product page of a published product only, and blank is none', async () => {
    const s = await editor();
    const p = await ok<cat.AdminProduct>(
      server().call(
        cat.catalogProductSave,
        productInput({ detail: `<p onclick="x()">详<script>alert(1)</script>情</p><img src="${PIC}" onerror="x()"><img src="/a.png">` }),
        as(s),
      ),
    );
    // What sanitising keeps: the text and the school's uploaded picture, lazily loaded; no handler, no script, no other picture.
    const safe = (html: string | null) => {
      expect(html).toBe(`<p>详情</p><img src="${PIC}" loading="lazy" />`);
    };
    safe(p.detail);
    const stored = await server().runtime.db.selectFrom('products').select('detail').where('id', '=', p.id).executeTakeFirstOrThrow();
    safe(stored.detail);
    const scope = testScope(server().runtime, 'detail-test', DEMO.id);
    expect(await findProductDetailHtml(scope, p.id)).toBe('');
    await ok(server().call(cat.catalogProductState, { state: PUBLISHED }, as(s, { id: p.id })));
    safe(await findProductDetailHtml(scope, p.id));
    const cleared = await ok<cat.AdminProduct>(
      server().call(cat.catalogProductSave, { ...productInput({ name: p.name, detail: '<script>x</script>' }), id: p.id }, as(s)),
    );
    expect(cleared.detail).toBe('');
    expect((await server().runtime.db.selectFrom('products').select('detail').where('id', '=', p.id).executeTakeFirstOrThrow()).detail).toBeNull();
  });
});

describe('product categories', () => {
  test('a category with products cannot be deleted; once empty it can; a draft category is not public', async () => {
    const s = await editor();
    const c = await ok<cat.AdminProductCategory>(server().call(cat.catalogCategorySave, categoryInput({ state: DRAFT }), as(s)));
    const publicIds = async () => ((await server().call(products.operationCategories, {})).body.data as products.OperationCategory[]).map((x) => x.id);
    expect(await publicIds()).not.toContain(c.id);
    await ok(server().call(cat.catalogCategoryState, { state: PUBLISHED }, as(s, { id: c.id })));
    expect(await publicIds()).toContain(c.id);

    const p = await ok<cat.AdminProduct>(server().call(cat.catalogProductSave, productInput({ categoryIds: [c.id] }), as(s)));
    const refused = await server().call(cat.catalogCategoryDelete, {}, as(s, { id: c.id }));
    expect(refused.body).toEqual({ code: 409, data: null, message: '该分类下还有 1 个培训项目，请先移出项目再删除' });
    expect(await publicIds()).toContain(c.id);

    await ok(server().call(cat.catalogProductSave, { ...productInput({ name: p.name }), id: p.id, categoryIds: [] }, as(s)));
    await ok(server().call(cat.catalogCategoryDelete, {}, as(s, { id: c.id })));
    expect(await publicIds()).not.toContain(c.id);
  });

  test('a category needs a name', async () => {
    const answer = await server().call(cat.catalogCategorySave, categoryInput({ name: '' }), as(await editor()));
    expect(answer.body).toEqual({ code: 400, data: null, message: '请填写分类名称' });
  });
});

describe('common questions', () => {
  test('a draft question is hidden from the public list and the major page; published it shows with its answer sanitised', async () => {
    const s = await editor();
    const majorId = await publishedMajorId(server(), DEMO.id);
    const name = unique('问题');
    const q = await ok<cat.AdminQuestion>(
      server().call(cat.catalogQuestionSave, questionInput(majorId, { name, answer: '<p onclick="x()">答<script>alert(1)</script></p>', state: DRAFT }), as(s)),
    );
    expect(q.answer).toBe('<p>答</p>');
    const stored = await server().runtime.db.selectFrom('commonQuestions').select('answer').where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(stored.answer).toBe('<p>答</p>');
    const publicNames = async () =>
      ((await server().call(products.commonQuestionPage, { current: 1, size: 100, model: { majorId } })).body.data.records as products.CommonQuestionVO[]).map(
        (x) => x.name,
      );
    expect(await publicNames()).not.toContain(name);
    await ok(server().call(cat.catalogQuestionState, { state: PUBLISHED }, as(s, { id: q.id })));
    expect(await publicNames()).toContain(name);
    await ok(server().call(cat.catalogQuestionDelete, {}, as(s, { id: q.id })));
    expect(await publicNames()).not.toContain(name);
  });

  test('the major must be a published major of the school', async () => {
    const s = await editor();
    const theirs = await publishedMajorId(server(), HUAXIA.id);
    expect((await server().call(cat.catalogQuestionSave, questionInput(theirs), as(s))).body).toEqual({
      code: 400,
      data: null,
      message: '所选专业不存在或未发布',
    });
    expect((await server().call(cat.catalogQuestionSave, questionInput(''), as(s))).body).toEqual({ code: 400, data: null, message: '请选择专业' });
    const majors = await ok<cat.MajorOption[]>(server().call(cat.catalogMajors, {}, as(s)));
    expect(majors.map((m) => m.id)).toContain(await publishedMajorId(server(), DEMO.id));
    expect(majors.map((m) => m.id)).not.toContain(theirs);
  });
});

describe('hot majors', () => {
  test('a draft major is not public; published it is, with its detail page; a major with questions cannot be deleted', async () => {
    const s = await editor();
    const name = unique('专业');
    const m = await ok<cat.AdminHotMajor>(
      server().call(cat.catalogMajorSave, hotMajorInput({ name, relatedCertificate: [{ name: '证书<b>甲</b>', url: '/files/x/202611/c.png' }] }), as(s)),
    );
    expect(m).toMatchObject({ name, state: DRAFT, questionCount: 0, relatedCertificate: [{ name: '证书<b>甲</b>', url: '/files/x/202611/c.png' }] });
    const publicNames = async () =>
      ((await server().call(content.hotMajorPage, { current: 1, size: 100 })).body.data.records as { name: string }[]).map((x) => x.name);
    expect(await publicNames()).not.toContain(name);
    expectRefused(await server().call(products.hotMajorDetail, { id: m.id }), ErrorCode.NOT_FOUND, t('common.noData'));

    await ok(server().call(cat.catalogMajorState, { state: PUBLISHED }, as(s, { id: m.id })));
    expect(await publicNames()).toContain(name);
    expect((await server().call(products.hotMajorDetail, { id: m.id })).body.data).toMatchObject({ name, industrySalary: 6500 });
    const majors = await ok<cat.MajorOption[]>(server().call(cat.catalogMajors, {}, as(s)));
    expect(majors.map((x) => x.id)).toContain(m.id);

    const q = await ok<cat.AdminQuestion>(server().call(cat.catalogQuestionSave, questionInput(m.id), as(s)));
    const refused = await server().call(cat.catalogMajorDelete, {}, as(s, { id: m.id }));
    expect(refused.body).toEqual({ code: 409, data: null, message: '该专业下还有 1 个常见问题，请先删除这些问题' });
    await ok(server().call(cat.catalogQuestionDelete, {}, as(s, { id: q.id })));
    await ok(server().call(cat.catalogMajorDelete, {}, as(s, { id: m.id })));
    expect(await publicNames()).not.toContain(name);
  });

  test.each([
    ['no name', { name: '' }, '请填写专业名称'],
    ['a negative salary', { industrySalary: -1 }, '行业薪资须为 0 到 1000000 的整数'],
    ['a script certificate picture', { relatedCertificate: [{ name: '证', url: 'javascript:alert(1)' }] }, '证书图片须为本站地址或 http(s) 地址'],
    ['a certificate without a name', { relatedCertificate: [{ name: '', url: '' }] }, '请填写证书名称'],
  ])('%s is refused', async (_label, patch, message) => {
    const answer = await server().call(cat.catalogMajorSave, { ...hotMajorInput(), ...patch } as never, as(await editor()));
    expect(answer.body).toEqual({ code: 400, data: null, message });
  });

  test("another school's major is not found", async () => {
    const theirs = await ok<cat.AdminHotMajor>(server().call(cat.catalogMajorSave, hotMajorInput(), as(await editor(HUAXIA.id), undefined, HUAXIA.id)));
    const s = await editor();
    expectRefused(await server().call(cat.catalogMajorState, { state: PUBLISHED }, as(s, { id: theirs.id })), ErrorCode.NOT_FOUND, t('catalog.notFound'));
    expectRefused(await server().call(cat.catalogMajorDelete, {}, as(s, { id: theirs.id })), ErrorCode.NOT_FOUND, t('catalog.notFound'));
  });
});

describe('banners', () => {
  test('a draft banner is not on the public list; published it is, in order; another school cannot touch it', async () => {
    const s = await editor();
    const name = unique('横幅');
    const b = await ok<cat.AdminBanner>(server().call(cat.catalogBannerSave, bannerInput({ name, state: DRAFT }), as(s)));
    const shown = async (tenant = DEMO.id) => ((await server().call(media.banners, {}, { tenant })).body.data as media.Banner[]).map((x) => x.name);
    expect(await shown()).not.toContain(name);
    await ok(server().call(cat.catalogBannerState, { state: PUBLISHED }, as(s, { id: b.id })));
    expect(await shown()).toContain(name);
    expect(await shown(HUAXIA.id)).not.toContain(name);

    const foreign = await editor(HUAXIA.id);
    expectRefused(await server().call(cat.catalogBannerDelete, {}, as(foreign, { id: b.id }, HUAXIA.id)), ErrorCode.NOT_FOUND, t('catalog.notFound'));
    await ok(server().call(cat.catalogBannerDelete, {}, as(s, { id: b.id })));
    expect(await shown()).not.toContain(name);
  });

  test.each([
    ['no picture', { pic: '' }, '请上传横幅图片'],
    ['a script link', { url: 'javascript:alert(1)' }, '链接地址须为本站地址或 http(s) 地址'],
    ['a data picture', { pic: 'data:image/png;base64,AAAA' }, '横幅图片须为本站地址或 http(s) 地址'],
  ])('%s is refused', async (_label, patch, message) => {
    const answer = await server().call(cat.catalogBannerSave, { ...bannerInput(), ...patch }, as(await editor()));
    expect(answer.body).toEqual({ code: 400, data: null, message });
  });
});

describe('album categories and materials', () => {
  test('a draft material is not in the public album; published it is; a category with materials cannot be deleted', async () => {
    const s = await editor();
    const c = await ok<cat.AdminAlbumCategory>(server().call(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), as(s)));
    const name = unique('校园');
    const m = await ok<cat.AdminMaterial>(server().call(cat.catalogMaterialSave, materialInput(c.id, { name, video: '/ignored.mp4' }), as(s)));
    expect(m).toMatchObject({ name, type: 'PIC', video: null, state: DRAFT });
    const shown = async () => ((await server().call(media.albumMaterials, { materialCategoryId: c.id })).body.data as media.AlbumMaterial[]).map((x) => x.name);
    expect(await shown()).not.toContain(name);
    await ok(server().call(cat.catalogMaterialState, { state: PUBLISHED }, as(s, { id: m.id })));
    expect(await shown()).toContain(name);
    // A hidden category hides its materials.
    await ok(server().call(cat.catalogAlbumCategoryState, { state: DRAFT }, as(s, { id: c.id })));
    expect(await shown()).not.toContain(name);
    await ok(server().call(cat.catalogAlbumCategoryState, { state: PUBLISHED }, as(s, { id: c.id })));

    const refused = await server().call(cat.catalogAlbumCategoryDelete, {}, as(s, { id: c.id }));
    expect(refused.body).toEqual({ code: 409, data: null, message: '该分类下还有 1 个素材，请先删除这些素材' });
    await ok(server().call(cat.catalogMaterialDelete, {}, as(s, { id: m.id })));
    await ok(server().call(cat.catalogAlbumCategoryDelete, {}, as(s, { id: c.id })));
  });

  test("refusals: a video without its address, an unknown tab, another school's category", async () => {
    const s = await editor();
    const c = await ok<cat.AdminAlbumCategory>(server().call(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id), as(s)));
    expect((await server().call(cat.catalogMaterialSave, materialInput(c.id, { type: 'VIDEO', video: null }), as(s))).body).toEqual({
      code: 400,
      data: null,
      message: '请填写视频地址',
    });
    expect((await server().call(cat.catalogMaterialSave, materialInput(c.id, { pic: null }), as(s))).body.message).toBe('请上传图片（视频为封面）');
    expect((await server().call(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), DEMO.id, { categoryTabKey: 'nope' }), as(s))).body).toEqual({
      code: 400,
      data: null,
      message: '所选栏目不存在',
    });
    const theirs = await ok<cat.AdminAlbumCategory>(
      server().call(cat.catalogAlbumCategorySave, await albumCategoryInput(server(), HUAXIA.id), as(await editor(HUAXIA.id), undefined, HUAXIA.id)),
    );
    expect((await server().call(cat.catalogMaterialSave, materialInput(theirs.id), as(s))).body.message).toBe('所选相册分类不存在');
    expectRefused(await server().call(cat.catalogAlbumCategoryDelete, {}, as(s, { id: theirs.id })), ErrorCode.NOT_FOUND, t('catalog.notFound'));
    const tabs = await ok<cat.AlbumTabOption[]>(server().call(cat.catalogAlbumTabs, {}, as(s)));
    expect(tabs.length).toBeGreaterThan(0);
  });
});

describe('coupons', () => {
  test('a draft coupon is not receivable; published it is; the public list refuses to list drafts', async () => {
    const s = await editor();
    const title = unique('券');
    const c = await ok<cat.AdminCoupon>(server().call(cat.catalogCouponSave, couponInput(server().clock.value, { title, state: DRAFT }), as(s)));
    expect(c).toMatchObject({ title, amount: 50, minPoint: 200, state: DRAFT, ended: false });
    const receivable = async () =>
      ((await server().call(leads.receivableCoupons, { current: 1, size: 100 })).body.data.records as leads.CouponVO[]).map((x) => x.title);
    expect(await receivable()).not.toContain(title);
    expectRefused(
      await server().call(leads.receivableCoupons, { current: 1, size: 100, model: { state: 0 } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.state', '数值过小：期望 number >=1'),
    );
    await ok(server().call(cat.catalogCouponState, { state: PUBLISHED }, as(s, { id: c.id })));
    expect(await receivable()).toContain(title);
    // Past its end day it is shown to staff as ended and no longer receivable.
    server().clock.advance(40 * DAY);
    const listed = await ok<{ records: cat.AdminCoupon[] }>(server().call(cat.catalogCoupons, { keyword: title }, as(await editor())));
    expect(listed.records[0]).toMatchObject({ state: PUBLISHED, ended: true });
    expect(await receivable()).not.toContain(title);
  });

  test.each([
    ['no amount', { amount: 0 }, '金额须为 0.01 到 100000 元，最多两位小数'],
    ['three decimals', { amount: 1.234 }, '金额须为 0.01 到 100000 元，最多两位小数'],
    ['an end before the start', { useEndTime: 1 }, '结束时间不能早于开始时间'],
    ['a minimum below the amount', { minPoint: 10 }, '使用门槛不能低于优惠金额'],
  ])('%s is refused', async (_label, patch, message) => {
    const answer = await server().call(cat.catalogCouponSave, { ...couponInput(server().clock.value), ...patch }, as(await editor()));
    expect(answer.body).toEqual({ code: 400, data: null, message });
  });
});
