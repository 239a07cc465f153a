import { beforeAll, describe, expect, test } from 'vitest';
import { PATH, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { loginAs, withToken } from '../setup/users';
import { DEMO_ENGAGEMENT, HUAXIA_ENGAGEMENT, DEMO_VIDEO } from '~/dev/seed/engagement-data';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** Banners, album (tabs, categories with counts, materials) and the two video feeds. */
const server = useTestServer();
const PUBLIC_CACHE = /^public, max-age=0, s-maxage=\d+/;

const openMaterials = (seed = DEMO_ENGAGEMENT) => seed.categories.flatMap((c) => c.materials.filter((m) => m.open !== false));
const publishedFeeds = (type: 'PEOPLE_SAY' | 'MICRO_CLASSROOM', seed = DEMO_ENGAGEMENT) => seed.feeds.filter((f) => f.type === type && (f.status ?? 1) === 1);

async function hiddenFeedIds(tenantId: string) {
  return server().runtime.db.selectFrom('contentOperations').select(['id', 'title']).where('tenantId', '=', tenantId).where('status', '!=', 1).execute();
}

describe('banners: getMaterialPosterList', () => {
  test('enabled banners in seq order with id, name, pic, url, seq; public cache', async () => {
    const answer = await server().get(PATH.banners, { tenantId: DEMO.id });
    const banners = expectOk<any[]>(answer);
    expect(answer.headers.get('cache-control')).toMatch(PUBLIC_CACHE);
    const enabled = DEMO_ENGAGEMENT.banners.filter((b) => b.enabled !== false);
    expect(banners).toHaveLength(4);
    expect(banners.map((b) => b.name)).toEqual(enabled.map((b) => b.name));
    for (const b of banners) expect(Object.keys(b).sort()).toEqual(['id', 'name', 'pic', 'seq', 'url']);
    const seqs = banners.map((b) => b.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(banners[0].url).toBe('/educational-product');
    expect(banners[3].url).toBeNull();
    expect(banners.some((b) => b.name.includes('已下线'))).toBe(false);
    for (const b of banners) expect(b.pic).toMatch(/^\/images\/engagement\/banner-\d\.svg$/);
  });

  test('the tenantId query parameter chooses the school; without it the header or host does', async () => {
    const huaxia = expectOk<any[]>(await server().get(PATH.banners, { tenantId: HUAXIA.id }, { tenant: DEMO.id }));
    expect(huaxia.map((b) => b.name)).toEqual(HUAXIA_ENGAGEMENT.banners.map((b) => b.name));
    const byHeader = expectOk<any[]>(await server().get(PATH.banners, {}, { tenant: HUAXIA.id }));
    expect(byHeader).toEqual(huaxia);
    const byHost = expectOk<any[]>(await server().fetch(PATH.banners, { headers: { Host: 'huaxia.localhost' } }));
    expect(byHost).toEqual(huaxia);
    const demo = expectOk<any[]>(await server().get(PATH.banners));
    expect(demo.map((b) => b.id).filter((id) => huaxia.some((h) => h.id === id))).toEqual([]);
  });

  test('an unknown school is 10404, a malformed tenantId is 400', async () => {
    expectRefused(await server().get(PATH.banners, { tenantId: '999999' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(await server().get(PATH.banners, { tenantId: "1' or '1'='1" }), ErrorCode.BAD_REQUEST, invalidField('tenantId', t('validation.badFormat')));
  });
});

describe('album', () => {
  test('tabList: the tabs {key, name} in order, for the body tenantId or the header', async () => {
    const tabs = expectOk<any[]>(await server().post(PATH.albumTabs, { tenantId: DEMO.id }));
    expect(tabs).toEqual(DEMO_ENGAGEMENT.tabs.map((t) => ({ key: t.key, name: t.name })));
    expect(expectOk(await server().post(PATH.albumTabs))).toEqual(tabs);
    expect(expectOk(await server().post(PATH.albumTabs, { tenantId: HUAXIA.id }))).toEqual([{ key: 'huaxia', name: '华夏风采' }]);
    expect(expectOk(await server().post(PATH.albumTabs, {}, { tenant: HUAXIA.id }))).toEqual([{ key: 'huaxia', name: '华夏风采' }]);
  });

  test('queryList: categories with picNum and videoNum counted from published materials', async () => {
    const answer = await server().get(PATH.albumCategories, { tenantId: DEMO.id, clientType: 'PC' });
    expect(answer.headers.get('cache-control')).toMatch(PUBLIC_CACHE);
    const categories = expectOk<any[]>(answer);
    const pcSeed = DEMO_ENGAGEMENT.categories.filter((c) => !c.clientType || c.clientType === 'PC');
    expect(categories.map((c) => c.categoryName)).toEqual(pcSeed.map((c) => c.name));
    for (const [i, c] of categories.entries()) {
      const seed = pcSeed[i]!;
      const open = seed.materials.filter((m) => m.open !== false);
      expect(c).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        categoryName: seed.name,
        categoryTabKey: seed.tabKey,
        picNum: open.filter((m) => m.type === 'PIC').length,
        videoNum: open.filter((m) => m.type === 'VIDEO').length,
      });
    }
    // 校园环境 has 4 published pictures, 1 video, and a hidden picture that is not counted.
    expect(categories[0]).toMatchObject({ categoryName: '校园环境', picNum: 4, videoNum: 1 });
    expect(categories.find((c) => c.categoryName === '毕业典礼')).toMatchObject({ picNum: 2, videoNum: 0 });
  });

  test('the counts agree with the materials listed for each category', async () => {
    const categories = expectOk<any[]>(await server().get(PATH.albumCategories));
    for (const c of categories) {
      const materials = expectOk<any[]>(await server().get(PATH.albumMaterials, { categoryTabKey: c.categoryTabKey, materialCategoryId: c.id, open: 1 }));
      expect(materials.filter((m) => m.type === 'PIC')).toHaveLength(c.picNum);
      expect(materials.filter((m) => m.type === 'VIDEO')).toHaveLength(c.videoNum);
    }
  });

  test('queryList filters by client type: an H5-only category shows for H5 (and when no type is given), not for PC', async () => {
    const h5 = expectOk<any[]>(await server().get(PATH.albumCategories, { clientType: 'H5' }));
    const pc = expectOk<any[]>(await server().get(PATH.albumCategories, { clientType: 'pc' }));
    const all = expectOk<any[]>(await server().get(PATH.albumCategories));
    expect(h5.map((c) => c.categoryName)).toContain('移动端精选');
    expect(pc.map((c) => c.categoryName)).not.toContain('移动端精选');
    expect(all).toHaveLength(DEMO_ENGAGEMENT.categories.length);
    expect(pc).toHaveLength(DEMO_ENGAGEMENT.categories.length - 1);
  });

  test('queryListByMaterialCategoryId: published materials of the category with the category name', async () => {
    const categories = expectOk<any[]>(await server().get(PATH.albumCategories));
    const campus = categories.find((c) => c.categoryName === '校园环境');
    const answer = await server().get(PATH.albumMaterials, { categoryTabKey: 'campus', materialCategoryId: campus.id, open: 1 });
    expect(answer.headers.get('cache-control')).toMatch(PUBLIC_CACHE);
    const materials = expectOk<any[]>(answer);
    const seed = DEMO_ENGAGEMENT.categories[0]!.materials.filter((m) => m.open !== false);
    expect(materials.map((m) => m.name)).toEqual(seed.map((m) => m.name));
    expect(materials.map((m) => m.name)).not.toContain('（未发布）新校区效果图');
    for (const m of materials) {
      expect(m).toMatchObject({ id: expect.stringMatching(/^\d+$/), materialCategoryName: '校园环境', materialCategoryId: campus.id });
      expect(['PIC', 'VIDEO']).toContain(m.type);
      expect(m.pic).toMatch(/^\/images\/engagement\//);
      expect(m.introduce).toBeTypeOf('string');
      expect(m.video).toBe(m.type === 'VIDEO' ? DEMO_VIDEO : null);
    }
  });

  test('open=0 or no open still never shows unpublished materials', async () => {
    for (const query of [{ open: 0 }, {}, { open: 1 }] as Record<string, number>[]) {
      const materials = expectOk<any[]>(await server().get(PATH.albumMaterials, query));
      expect(materials.map((m) => m.name).sort()).toEqual(
        openMaterials()
          .map((m) => m.name)
          .sort(),
      );
    }
  });

  test('by tab key only: the materials of every category of that tab', async () => {
    const materials = expectOk<any[]>(await server().get(PATH.albumMaterials, { categoryTabKey: 'teaching', open: 1 }));
    const seed = DEMO_ENGAGEMENT.categories.filter((c) => c.tabKey === 'teaching').flatMap((c) => c.materials);
    expect(materials.map((m) => m.name)).toEqual(seed.map((m) => m.name));
    expect(new Set(materials.map((m) => m.materialCategoryName))).toEqual(new Set(['实训中心', '课堂瞬间']));
  });

  test("another school's album never shows: its category id lists nothing here", async () => {
    const huaxiaCategories = expectOk<any[]>(await server().get(PATH.albumCategories, {}, { tenant: HUAXIA.id }));
    expect(huaxiaCategories).toEqual([expect.objectContaining({ categoryName: '华夏无人机基地', picNum: 2, videoNum: 1 })]);
    const demoCategories = expectOk<any[]>(await server().get(PATH.albumCategories));
    expect(demoCategories.some((c) => c.categoryName.includes('华夏'))).toBe(false);
    const fromDemo = await server().get(PATH.albumMaterials, { materialCategoryId: huaxiaCategories[0].id, open: 1 }, { tenant: DEMO.id });
    expect(expectOk(fromDemo)).toEqual([]);
    expect(fromDemo.text).not.toContain('华夏');
    const huaxiaMaterials = expectOk<any[]>(await server().get(PATH.albumMaterials, { open: 1 }, { tenant: HUAXIA.id }));
    expect(huaxiaMaterials.map((m) => m.name)).toEqual(HUAXIA_ENGAGEMENT.categories[0]!.materials.map((m) => m.name));
  });

  test.each([
    ['a malformed category id', { materialCategoryId: '../etc' }, invalidField('materialCategoryId', t('validation.badFormat'))],
    ['open=2', { open: 2 }, invalidField('open', '无效选项：期望以下之一 "0"|"1"')],
    ['a malformed tab key', { categoryTabKey: '<script>' }, invalidField('categoryTabKey', t('validation.badFormat'))],
    ['a malformed tenantId', { tenantId: 'x y' }, invalidField('tenantId', t('validation.badFormat'))],
  ])('materials: %s is refused', async (_name, query, message) => {
    expectRefused(await server().get(PATH.albumMaterials, query), ErrorCode.BAD_REQUEST, message);
  });

  test.each([
    ['a malformed client type', { clientType: "PC' --" }, invalidField('clientType', t('validation.badFormat'))],
    ['a malformed tab key', { categoryTabKey: 'a b' }, invalidField('categoryTabKey', t('validation.badFormat'))],
  ])('categories: %s is refused', async (_name, query, message) => {
    expectRefused(await server().get(PATH.albumCategories, query), ErrorCode.BAD_REQUEST, message);
  });

  test('tabList: bad bodies are refused', async () => {
    expectRefused(await server().post(PATH.albumTabs, '{"tenantId":'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
    expectRefused(
      await server().post(PATH.albumTabs, { tenantId: { $ne: 1 } }),
      ErrorCode.BAD_REQUEST,
      invalidField('tenantId', '无效输入：期望 string，实际接收 object'),
    );
    expectRefused(await server().post(PATH.albumTabs, { tenantId: '424242' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('video feeds: contentOperation page, getTagList, getOperationBasic', () => {
  test('大家说: 8 per page by default, ascending by sort, a second page with the rest', async () => {
    const seed = publishedFeeds('PEOPLE_SAY');
    expect(seed.length).toBe(10);
    const first = expectOk(await server().post(PATH.feedPage, { model: { type: 'PEOPLE_SAY' } }));
    expectPage(first, { current: 1, size: 8, total: 10 });
    expect(first.pages).toBe(2);
    const second = expectOk(await server().post(PATH.feedPage, { current: 2, model: { type: 'PEOPLE_SAY' } }));
    expectPage(second, { current: 2, size: 8, total: 10 });
    const all = [...first.records, ...second.records];
    expect(all.map((r: any) => r.title)).toEqual(seed.map((f) => f.title));
    const sorts = all.map((r: any) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(all.some((r: any) => r.title.includes('已下架'))).toBe(false);
  });

  test('瞬间: 9 published items, so a pager shows', async () => {
    const page = expectOk(await server().post(PATH.feedPage, { model: { type: 'MICRO_CLASSROOM' } }));
    expectPage(page, { current: 1, size: 8, total: 9 });
    expect(page.pages).toBe(2);
    expect(page.records.every((r: any) => r.type === 'MICRO_CLASSROOM')).toBe(true);
  });

  test('descending order is honoured when asked', async () => {
    const page = expectOk(await server().post(PATH.feedPage, { size: 20, order: 'descending', model: { type: 'PEOPLE_SAY' } }));
    expect(page.records.map((r: any) => r.title)).toEqual(
      publishedFeeds('PEOPLE_SAY')
        .map((f) => f.title)
        .reverse(),
    );
  });

  test('feed items carry the fields; visitors get likeStatus 0 and the counted likes', async () => {
    const page = expectOk(await server().post(PATH.feedPage, { size: 1, model: { type: 'PEOPLE_SAY' } }));
    const seed = publishedFeeds('PEOPLE_SAY')[0]!;
    const [item] = page.records;
    // Shown likes are the seeded base plus the likes recorded, which other tests of this file may have added.
    const recorded = await server().runtime.db.selectFrom('thumbsRecords').select('id').where('objectId', '=', item.id).execute();
    expect(item).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      title: seed.title,
      description: seed.description,
      pic: seed.pic,
      contentUrl: DEMO_VIDEO,
      author: seed.author,
      authorAvatar: seed.authorAvatar,
      likeStatus: 0,
      likeNum: seed.likeBase + recorded.length,
      relatedProductResultVOS: [],
      tagName: seed.tag,
    });
    expect(item).not.toHaveProperty('content');
  });

  test('getTagList gives the tags of a feed; the tag filters the page', async () => {
    const answer = await server().get(PATH.feedTags, { type: 'PEOPLE_SAY' });
    expect(answer.headers.get('cache-control')).toMatch(PUBLIC_CACHE);
    const tags = expectOk<any[]>(answer);
    expect(tags.map((t) => t.name)).toEqual(['学员心声', '就业故事', '教师寄语']);
    for (const tag of tags) {
      const page = expectOk(await server().post(PATH.feedPage, { size: 20, model: { type: 'PEOPLE_SAY', tagId: tag.id } }));
      const expected = publishedFeeds('PEOPLE_SAY').filter((f) => f.tag === tag.name);
      expect(page.total).toBe(expected.length);
      expect(page.records.map((r: any) => r.title)).toEqual(expected.map((f) => f.title));
    }
    const all = expectOk<any[]>(await server().get(PATH.feedTags));
    expect(all).toHaveLength(DEMO_ENGAGEMENT.feedTags.length);
    const empty = expectOk(await server().post(PATH.feedPage, { model: { type: 'PEOPLE_SAY', tagId: '' } }));
    expect(empty.total).toBe(10);
  });

  test('a tag of the other feed filters to nothing', async () => {
    const micro = expectOk<any[]>(await server().get(PATH.feedTags, { type: 'MICRO_CLASSROOM' }));
    const page = expectOk(await server().post(PATH.feedPage, { model: { type: 'PEOPLE_SAY', tagId: micro[0].id } }));
    expect(page.total).toBe(0);
  });

  test('getOperationBasic/{id}: one item with sanitised content', async () => {
    const page = expectOk(await server().post(PATH.feedPage, { size: 20, model: { type: 'MICRO_CLASSROOM' } }));
    const target = page.records.find((r: any) => r.title === '一起来看实训中心开放日');
    const item = expectOk(await server().get(PATH.feedItem(target.id)));
    expect(item).toMatchObject({ id: target.id, title: target.title, likeNum: target.likeNum, likeStatus: 0, relatedProductResultVOS: [] });
    expect(item.content).toContain('开放日当天接待市民');
    // Its picture is a site file, not one of the school's uploads (decision 049): dropped.
    expect(item.content).not.toContain('<img');
    expect(item.content).not.toMatch(/<script|onerror|alert/i);
  });

  test('getOperationBasic shows likeStatus 1 to a user who liked the item, and is never cached', async () => {
    const page = expectOk(await server().post(PATH.feedPage, { size: 1, model: { type: 'PEOPLE_SAY' } }));
    const item = page.records[0];
    const me = await loginAs(server(), DEMO.id);
    expectOk(await server().post(PATH.like, { objectId: item.id, objectType: 'PEOPLE_SAY' }, withToken(me.token)));
    const answer = await server().get(PATH.feedItem(item.id), {}, withToken(me.token));
    expect(expectOk(answer)).toMatchObject({ likeStatus: 1, likeNum: item.likeNum + 1 });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const visitor = expectOk(await server().get(PATH.feedItem(item.id)));
    expect(visitor).toMatchObject({ likeStatus: 0, likeNum: item.likeNum + 1 });
    // A page seen by that user shows the like too.
    const mine = expectOk(await server().post(PATH.feedPage, { size: 1, model: { type: 'PEOPLE_SAY' } }, withToken(me.token)));
    expect(mine.records[0]).toMatchObject({ id: item.id, likeStatus: 1, likeNum: item.likeNum + 1 });
    // An invalid token on this visitor call is treated as a visitor, not refused.
    expect(expectOk(await server().post(PATH.feedPage, { size: 1, model: { type: 'PEOPLE_SAY' } }, withToken('bogus'))).records[0].likeStatus).toBe(0);
  });

  test('hidden, unknown and other-school items are not found', async () => {
    for (const hidden of await hiddenFeedIds(DEMO.id)) {
      const answer = await server().get(PATH.feedItem(hidden.id));
      expectRefused(answer, ErrorCode.NOT_FOUND, t('engagement.feedItemNotFound'));
      expect(answer.text).not.toContain(hidden.title);
    }
    expectRefused(await server().get(PATH.feedItem('1234567890')), ErrorCode.NOT_FOUND, t('engagement.feedItemNotFound'));
    const huaxia = expectOk(await server().post(PATH.feedPage, { model: { type: 'PEOPLE_SAY' } }, { tenant: HUAXIA.id }));
    expect(huaxia.records.map((r: any) => r.title)).toEqual(publishedFeeds('PEOPLE_SAY', HUAXIA_ENGAGEMENT).map((f) => f.title));
    for (const r of huaxia.records) {
      const answer = await server().get(PATH.feedItem(r.id), {}, { tenant: DEMO.id });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('engagement.feedItemNotFound'));
      expect(answer.text).not.toContain('华夏');
      expectOk(await server().get(PATH.feedItem(r.id), {}, { tenant: HUAXIA.id }));
    }
    const demo = expectOk(await server().post(PATH.feedPage, { size: 50, model: { type: 'PEOPLE_SAY' } }));
    expect(demo.records.some((r: any) => r.title.includes('华夏'))).toBe(false);
    const huaxiaTags = expectOk<any[]>(await server().get(PATH.feedTags, {}, { tenant: HUAXIA.id }));
    expect(huaxiaTags.map((t) => t.name).sort()).toEqual(['华夏学员说', '华夏课堂'].sort());
    const withForeignTag = expectOk(await server().post(PATH.feedPage, { model: { type: 'PEOPLE_SAY', tagId: huaxiaTags[0].id } }));
    expect(withForeignTag.total).toBe(0);
  });

  test.each([
    ['no model', {}, invalidField('model.type', t('engagement.badType'))],
    ['no type', { model: {} }, invalidField('model.type', t('engagement.badType'))],
    ['an unknown type', { model: { type: 'NEWS' } }, invalidField('model.type', t('engagement.badType'))],
    ['model null', { model: null }, invalidField('model', '无效输入：期望 object，实际接收 空值(null)')],
    ['a malformed tag id', { model: { type: 'PEOPLE_SAY', tagId: 'a b' } }, invalidField('model.tagId', t('validation.badFormat'))],
    ['size 0', { size: 0, model: { type: 'PEOPLE_SAY' } }, invalidField('size', '数值过小：期望 number >=1')],
    ['size 101', { size: 101, model: { type: 'PEOPLE_SAY' } }, invalidField('size', '数值过大：期望 number <=100')],
    ['current 0', { current: 0, model: { type: 'PEOPLE_SAY' } }, invalidField('current', '数值过小：期望 number >=1')],
    ['an unknown sort', { sort: 'likeNum', model: { type: 'PEOPLE_SAY' } }, invalidField('sort', '无效输入：期望 "sort"')],
    ['malformed JSON', '{"model":', t('validation.badJson')],
    ['a JSON list', '[]', '无效输入：期望 object，实际接收 数组'],
  ])('page: %s is refused', async (_name, body, message) => {
    const answer = await server().post(PATH.feedPage, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('getTagList and getOperationBasic refuse bad input', async () => {
    expectRefused(await server().get(PATH.feedTags, { type: 'ORDER' }), ErrorCode.BAD_REQUEST, invalidField('type', t('engagement.badType')));
    expectRefused(await server().get(PATH.feedItem('1 or 1=1')), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
    expectRefused(await server().get(PATH.feedItem('9'.repeat(33))), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat')));
  });
});

describe('unpublished rows exist, so the filters above are real', () => {
  let hidden: number;
  beforeAll(async () => {
    hidden = (await hiddenFeedIds(DEMO.id)).length;
  });
  test('the demo seed has hidden feed items and an unpublished material', async () => {
    expect(hidden).toBe(2);
    const unpublished = await server().runtime.db.selectFrom('materials').select('id').where('tenantId', '=', DEMO.id).where('open', '=', 0).execute();
    expect(unpublished).toHaveLength(1);
  });
});
