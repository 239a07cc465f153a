import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import * as school from '~/lib/api/contracts/admin-school';
import * as publicSchool from '~/lib/api/contracts/school';
import * as tenantApi from '~/lib/api/contracts/tenant';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import type { PageChange } from '~/server/events/page-changes';
import { createSchool } from '~/server/tenant/tenant.service';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, auditOfSchool, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * /school-info's project introduction on the staff side: administrators list, add, edit, order
 * and delete the blocks; each change is sanitised, audited in its transaction and published at
 * once (a change of the school's /school-info pages, which every cache drops); another school's ids are not found;
 * bad input changes nothing.
 */

const server = useTestServer();
let counter = 0;
const step = () => server().clock.advance(1000);

interface Admin {
  tenantId: string;
  universityId: string;
  session: TestStaffSession;
}

/** A new school (no blocks yet) with an administrator signed in. */
async function newSchool(): Promise<Admin> {
  counter += 1;
  const made = await createSchool(server().runtime.db, { preDomain: `blk${process.pid % 10000}x${counter}`, name: `介绍学校${counter}` }, server().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const account = await makeStaff(server(), made.tenant.id, STAFF_ROLE.admin);
  const info = await server().call(tenantApi.schoolInfo, {}, { tenant: made.tenant.id });
  return { tenantId: made.tenant.id, universityId: info.body.data.universityId, session: await sessionOf(server(), account) };
}

const as = (a: Admin, params?: Record<string, string>) => ({ ...asStaff(a.session, a.tenantId), ...(params ? { params } : {}) });
const ok = <T>(answer: Answer): T => {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data as T;
};

const block = (over: Partial<school.ProjectBlockInput> = {}): school.ProjectBlockInput => ({
  title: '项目背景',
  name: '',
  content: '<p>本项目面向<strong>在职人员</strong>。</p>',
  published: true,
  ...over,
});

/** What /school-info shows under 本项目 (the public call the page's data comes from). */
async function shown(a: Admin) {
  const answer = await server().call(publicSchool.informationQuery, { informationType: 0, universityId: a.universityId }, { tenant: a.tenantId });
  return ok<publicSchool.InformationBlock[]>(answer);
}

let announced: PageChange[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  announced = [];
  unsubscribe = server().runtime.pageChanges.subscribe((change) => announced.push(change));
});
afterEach(() => unsubscribe());

describe('project introduction blocks', () => {
  test('add, edit, order, hide and delete: /school-info follows at once, each change audited', async () => {
    const a = await newSchool();
    expect(ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, as(a)))).toEqual([]);

    const first = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block(), as(a)));
    step();
    const second = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block({ title: '项目价值', name: '价值' }), as(a)));
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(announced.length).toBe(2);
    expect((await shown(a)).map((b) => [b.title, b.name])).toEqual([
      ['项目背景', '项目背景'],
      ['项目价值', '价值'],
    ]);

    step();
    const edited = ok<school.ProjectBlockAdmin>(
      await server().call(school.updateProjectBlock, block({ title: '项目背景与定位', content: '<h2>定位</h2><p>新的正文</p>' }), as(a, { id: first.id })),
    );
    expect(edited).toMatchObject({ id: first.id, title: '项目背景与定位', content: '<h2>定位</h2><p>新的正文</p>', seq: 1 });

    step();
    const ordered = ok<school.ProjectBlockAdmin[]>(await server().call(school.orderProjectBlocks, { ids: [second.id, first.id] }, as(a)));
    expect(ordered.map((b) => b.id)).toEqual([second.id, first.id]);
    expect((await shown(a)).map((b) => b.title)).toEqual(['项目价值', '项目背景与定位']);

    step();
    ok(await server().call(school.updateProjectBlock, block({ title: '项目价值', name: '价值', published: false }), as(a, { id: second.id })));
    expect((await shown(a)).map((b) => b.title)).toEqual(['项目背景与定位']);

    step();
    ok(await server().call(school.deleteProjectBlock, {}, as(a, { id: first.id })));
    expect(await shown(a)).toEqual([]);
    expect(ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, as(a))).map((b) => b.id)).toEqual([second.id]);
    expect(announced).toEqual(Array.from({ length: 6 }, () => ({ schoolId: a.tenantId, kinds: ['school-info'] })));

    const log = await auditOfSchool(server(), a.tenantId);
    expect(log.map((e) => e.action)).toEqual([
      AUDIT_ACTION.projectBlockCreate,
      AUDIT_ACTION.projectBlockCreate,
      AUDIT_ACTION.projectBlockUpdate,
      AUDIT_ACTION.projectBlockOrder,
      AUDIT_ACTION.projectBlockUpdate,
      AUDIT_ACTION.projectBlockDelete,
    ]);
    expect(JSON.parse(log[2]!.beforeJson!)).toEqual({ title: '项目背景', content: '<p>本项目面向<strong>在职人员</strong>。</p>' });
    expect(JSON.parse(log[2]!.afterJson!)).toEqual({ title: '项目背景与定位', content: '<h2>定位</h2><p>新的正文</p>' });
    expect(JSON.parse(log[3]!.afterJson!)).toEqual({ order: [second.id, first.id] });
  });

  test('script in every field is stored and shown inert: the body sanitised, markup in the title and tab refused', async () => {
    const a = await newSchool();
    const xss = '<p>正文<img src="/files/x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a></p>';
    const made = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block({ content: xss }), as(a)));
    expect(made.content).not.toMatch(/onerror|<script|javascript:|alert/);
    // Sanitised when saved: the stored text itself holds nothing that could act.
    const stored = await server().runtime.db.selectFrom('universityInformation').select('content').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/onerror|<script|javascript:|alert/);
    const [onPage] = await shown(a);
    expect(onPage!.content).not.toMatch(/onerror|<script|javascript:|alert/);
    expect(onPage!.content).toContain('正文');

    // Stored before this screen existed (by SQL): sanitised again when shown.
    await server().runtime.db.updateTable('universityInformation').set({ content: xss }).where('id', '=', made.id).execute();
    expect((await shown(a))[0]!.content).not.toMatch(/onerror|<script|javascript:|alert/);

    for (const field of ['title', 'name'] as const) {
      const answer = await server().call(school.createProjectBlock, block({ [field]: '<img src=x onerror=alert(1)>' }), as(a));
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('school.admin.badText', { field: t(`school.blocks.field.${field}`) }));
    }
    expect((await shown(a)).length).toBe(1);
  });

  test('bad input is refused with its reason and changes nothing', async () => {
    const a = await newSchool();
    const made = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block(), as(a)));
    const before = announced.length;
    expectRefused(await server().call(school.createProjectBlock, block({ content: '' }), as(a)), ErrorCode.BAD_REQUEST, '请填写正文');
    expectRefused(await server().call(school.createProjectBlock, block({ content: '<p></p>' }), as(a)), ErrorCode.BAD_REQUEST, '请填写正文');
    expectRefused(await server().call(school.createProjectBlock, block({ content: '<script>alert(1)</script>' }), as(a)), ErrorCode.BAD_REQUEST, '请填写正文');
    expectRefused(
      await server().call(school.createProjectBlock, block({ content: 'x'.repeat(100_001) }), as(a)),
      ErrorCode.BAD_REQUEST,
      '正文不能超过 100000 个字符',
    );
    expectRefused(await server().call(school.createProjectBlock, block({ title: '' }), as(a)), ErrorCode.BAD_REQUEST, '请输入标题');
    expectRefused(await server().call(school.createProjectBlock, block({ title: '长'.repeat(61) }), as(a)), ErrorCode.BAD_REQUEST, '标题不能超过60个字');
    expectRefused(await server().call(school.orderProjectBlocks, { ids: [] }, as(a)), ErrorCode.BAD_REQUEST, '介绍列表已变化，请刷新后重试');
    expectRefused(await server().call(school.orderProjectBlocks, { ids: [made.id, made.id] }, as(a)), ErrorCode.BAD_REQUEST, '介绍列表已变化，请刷新后重试');
    expect(ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, as(a)))).toEqual([made]);
    expect(announced.length).toBe(before);
  });

  test("another school's block is not found and stays as it was", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const theirs = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block({ title: '他校介绍' }), as(b)));
    const mine = ok<school.ProjectBlockAdmin>(await server().call(school.createProjectBlock, block(), as(a)));
    expectRefused(
      await server().call(school.updateProjectBlock, block({ title: '改他校' }), as(a, { id: theirs.id })),
      ErrorCode.NOT_FOUND,
      '该记录不存在或已被删除',
    );
    expectRefused(await server().call(school.deleteProjectBlock, {}, as(a, { id: theirs.id })), ErrorCode.NOT_FOUND, '该记录不存在或已被删除');
    expectRefused(await server().call(school.orderProjectBlocks, { ids: [theirs.id, mine.id] }, as(a)), ErrorCode.BAD_REQUEST, '介绍列表已变化，请刷新后重试');
    expect(ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, as(b)))).toEqual([theirs]);
    expect(ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, as(a)))).toEqual([mine]);
  });

  test('the demo school lists its seeded blocks, and editors may not change them', async () => {
    const admin = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.admin));
    const seeded = ok<school.ProjectBlockAdmin[]>(await server().call(school.adminProjectBlocks, {}, asStaff(admin, DEMO.id)));
    expect(seeded.length).toBeGreaterThan(0);
    const editor = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.editor));
    const answer = await server().call(school.updateProjectBlock, block(), { ...asStaff(editor, DEMO.id), params: { id: seeded[0]!.id } });
    expectRefused(answer, ErrorCode.FORBIDDEN, t('staff.forbidden'));
    // A session of one school used on another school's host is refused before the call is read.
    const foreign = await server().call(school.adminProjectBlocks, {}, asStaff(admin, HUAXIA.id));
    expectRefused(foreign, ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
  });
});
