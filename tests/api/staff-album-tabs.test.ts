import { describe, expect, test } from 'vitest';
import * as cat from '~/lib/api/contracts/admin-catalog';
import * as media from '~/lib/api/contracts/media';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { createSchool } from '~/server/tenant/tenant.service';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, auditOfSchool, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The album's tabs on the staff side: listed with their categories' count, created (last, with a
 * key made by the server), renamed, ordered, deleted only while empty (refused with the count);
 * a category is put under a tab by the category form; the public album follows; another school's
 * ids are not found; each change audited; bad input changes nothing.
 */

const server = useTestServer();
let counter = 0;
const step = () => server().clock.advance(1000);

interface Editor {
  tenantId: string;
  session: TestStaffSession;
}

/** A new school (no tabs yet) with a content editor signed in. */
async function newSchool(): Promise<Editor> {
  counter += 1;
  const made = await createSchool(server().runtime.db, { preDomain: `tab${process.pid % 10000}x${counter}`, name: `相册学校${counter}` }, server().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const account = await makeStaff(server(), made.tenant.id, STAFF_ROLE.editor);
  return { tenantId: made.tenant.id, session: await sessionOf(server(), account) };
}

const as = (e: Editor, params?: Record<string, string>) => ({ ...asStaff(e.session, e.tenantId), ...(params ? { params } : {}) });
const ok = <T>(answer: Answer): T => {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data as T;
};
const tabsOf = async (e: Editor) => ok<cat.AdminAlbumTab[]>(await server().call(cat.catalogAlbumTabs, {}, as(e)));
const publicTabs = async (e: Editor) => ok<media.AlbumTab[]>(await server().call(media.albumTabs, { tenantId: e.tenantId }, { tenant: e.tenantId }));
const category = (tabKey: string, name = '教学楼'): cat.AlbumCategoryInput => ({
  categoryName: name,
  categoryTabKey: tabKey,
  clientType: '',
  seq: 0,
  state: cat.CATALOG_STATE.PUBLISHED,
});

describe('album tabs', () => {
  test('create, rename, order, put a category under one, delete: the album follows, each change audited', async () => {
    const e = await newSchool();
    expect(await tabsOf(e)).toEqual([]);
    const campus = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name: '校园风光' }, as(e)));
    step();
    const life = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name: '学习生活' }, as(e)));
    expect(campus).toMatchObject({ name: '校园风光', seq: 1, categoryCount: 0 });
    expect(life.seq).toBe(2);
    expect(campus.key).not.toBe(life.key);
    expect(await publicTabs(e)).toEqual([
      { key: campus.key, name: '校园风光' },
      { key: life.key, name: '学习生活' },
    ]);

    step();
    const renamed = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { id: campus.id, name: '美丽校园' }, as(e)));
    expect(renamed).toMatchObject({ id: campus.id, key: campus.key, name: '美丽校园' });
    step();
    expect(ok<cat.AdminAlbumTab[]>(await server().call(cat.catalogAlbumTabOrder, { ids: [life.id, campus.id] }, as(e))).map((x) => x.id)).toEqual([
      life.id,
      campus.id,
    ]);
    expect((await publicTabs(e)).map((x) => x.name)).toEqual(['学习生活', '美丽校园']);

    // A category put under the tab by the category form shows in the album under it.
    const c = ok<cat.AdminAlbumCategory>(await server().call(cat.catalogAlbumCategorySave, category(campus.key), as(e)));
    const underTab = ok<media.AlbumCategory[]>(
      await server().call(media.albumCategories, { tenantId: e.tenantId, categoryTabKey: campus.key }, { tenant: e.tenantId }),
    );
    expect(underTab.map((x) => x.id)).toEqual([c.id]);
    expect((await tabsOf(e)).find((x) => x.id === campus.id)?.categoryCount).toBe(1);

    // In use: refused with the count, nothing deleted; moved to the other tab, the delete goes through.
    step();
    expectRefused(
      await server().call(cat.catalogAlbumTabDelete, {}, as(e, { id: campus.id })),
      ErrorCode.CONFLICT,
      '该栏目下还有 1 个相册分类，请先把这些分类移到其他栏目或删除',
    );
    expect((await tabsOf(e)).length).toBe(2);
    ok(await server().call(cat.catalogAlbumCategorySave, { ...category(life.key), id: c.id }, as(e)));
    step();
    ok(await server().call(cat.catalogAlbumTabDelete, {}, as(e, { id: campus.id })));
    expect((await tabsOf(e)).map((x) => x.id)).toEqual([life.id]);
    // The category form refuses the deleted tab.
    expectRefused(await server().call(cat.catalogAlbumCategorySave, category(campus.key, '新分类'), as(e)), ErrorCode.BAD_REQUEST, '所选栏目不存在');

    const log = (await auditOfSchool(server(), e.tenantId)).filter((x) => x.targetType === 'albumTab');
    expect(log.map((x) => x.action)).toEqual([
      AUDIT_ACTION.albumTabCreate,
      AUDIT_ACTION.albumTabCreate,
      AUDIT_ACTION.albumTabRename,
      AUDIT_ACTION.albumTabOrder,
      AUDIT_ACTION.albumTabDelete,
    ]);
    expect(JSON.parse(log[2]!.beforeJson!)).toEqual({ name: '校园风光' });
    expect(JSON.parse(log[2]!.afterJson!)).toEqual({ name: '美丽校园' });
    expect(JSON.parse(log[4]!.beforeJson!)).toEqual({ key: campus.key, name: '美丽校园' });
  });

  test('bad input is refused with its reason and changes nothing', async () => {
    const e = await newSchool();
    const tab = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name: '校园' }, as(e)));
    expectRefused(await server().call(cat.catalogAlbumTabSave, { name: '' }, as(e)), ErrorCode.BAD_REQUEST, '请填写栏目名称');
    expectRefused(await server().call(cat.catalogAlbumTabSave, { name: '长'.repeat(21) }, as(e)), ErrorCode.BAD_REQUEST, '栏目名称不能超过 20 个字');
    expectRefused(await server().call(cat.catalogAlbumTabSave, { name: '校园' }, as(e)), ErrorCode.CONFLICT, '已有同名栏目“校园”');
    expectRefused(await server().call(cat.catalogAlbumTabOrder, { ids: [] }, as(e)), ErrorCode.BAD_REQUEST, '栏目列表已变化，请刷新后重试');
    expectRefused(await server().call(cat.catalogAlbumTabOrder, { ids: [tab.id, tab.id] }, as(e)), ErrorCode.BAD_REQUEST, '栏目列表已变化，请刷新后重试');
    expectRefused(await server().call(cat.catalogAlbumTabSave, { id: '0000000000000000', name: '新' }, as(e)), ErrorCode.NOT_FOUND, '栏目不存在或已被删除');
    expect(await tabsOf(e)).toEqual([tab]);
  });

  test("another school's tab is not found, and stays as it was", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const theirs = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name: '他校栏目' }, as(b)));
    const mine = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name: '本校栏目' }, as(a)));
    expectRefused(await server().call(cat.catalogAlbumTabSave, { id: theirs.id, name: '改' }, as(a)), ErrorCode.NOT_FOUND, '栏目不存在或已被删除');
    expectRefused(await server().call(cat.catalogAlbumTabDelete, {}, as(a, { id: theirs.id })), ErrorCode.NOT_FOUND, '栏目不存在或已被删除');
    expectRefused(await server().call(cat.catalogAlbumTabOrder, { ids: [theirs.id, mine.id] }, as(a)), ErrorCode.BAD_REQUEST, '栏目列表已变化，请刷新后重试');
    // A category cannot be put under another school's tab either.
    expectRefused(await server().call(cat.catalogAlbumCategorySave, category(theirs.key), as(a)), ErrorCode.BAD_REQUEST, '所选栏目不存在');
    expect(await tabsOf(b)).toEqual([theirs]);
  });

  test('a name with markup is kept as text: the album shows it, never runs it', async () => {
    const e = await newSchool();
    const name = '<b onclick=x>栏</b>';
    const tab = ok<cat.AdminAlbumTab>(await server().call(cat.catalogAlbumTabSave, { name }, as(e)));
    expect(tab.name).toBe(name);
    expect(await publicTabs(e)).toEqual([{ key: tab.key, name }]);
  });

  test('the demo school lists its seeded tabs with their counts; teachers may not change them', async () => {
    const admin = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.admin));
    const seeded = ok<cat.AdminAlbumTab[]>(await server().call(cat.catalogAlbumTabs, {}, asStaff(admin, DEMO.id)));
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.some((x) => x.categoryCount > 0)).toBe(true);
    const teacher = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher));
    expectRefused(await server().call(cat.catalogAlbumTabSave, { name: '教师栏目' }, asStaff(teacher, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(await server().call(cat.catalogAlbumTabs, {}, asStaff(admin, HUAXIA.id)), ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
  });
});
