import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { urlOf } from '~/lib/api/contract';
import { LEAD_EXPORT_MAX, LEAD_STATE } from '~/lib/staff/leads';
import { parseDateTime } from '~/lib/time/cst';
import { expectOk, expectRefused } from '../setup/api';
import { DAY, DEMO, HOUR, HUAXIA, useTestServer } from '../setup/server';
import { asStaff, auditOf, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { makeLead, productsOf } from '../setup/leads';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The staff side of consult leads: the list with its filters and pages, marking handled with a
 * note and re-opening (who and when kept, audited with the mobile masked), the CSV export's bytes,
 * and another school's lead. Each test leaves its leads on its own days and filters by them.
 */

const server = useTestServer();

async function adminSession(tenantId = DEMO.id): Promise<TestStaffSession> {
  return sessionOf(server(), await makeStaff(server(), tenantId, 'admin'));
}

const at = (day: string, hour = 9) => parseDateTime(day) + hour * HOUR;

async function list(session: TestStaffSession, q: staff.LeadQuery): Promise<staff.LeadPage> {
  return expectOk(await server().call(staff.leads, q as never, asStaff(session, DEMO.id)));
}

/** The export's raw bytes and headers (the BOM is part of the file, so no text decoding first). */
async function download(session: TestStaffSession, q: Record<string, string>): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await server().app.request(`${urlOf(staff.leadsExport)}?${new URLSearchParams(q)}`, {
    headers: { TenantId: DEMO.id, Cookie: session.cookie },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the leads list', () => {
  test('filters by days, state, product and name or mobile; pages newest first', async () => {
    const session = await adminSession();
    const [product] = await productsOf(server(), DEMO.id);
    const a = await makeLead(server(), DEMO.id, { name: '周一', createdAt: at('2026-01-05'), productId: product!.id });
    const b = await makeLead(server(), DEMO.id, { name: '周二', createdAt: at('2026-01-06'), state: LEAD_STATE.handled, note: '已回电' });
    const c = await makeLead(server(), DEMO.id, { name: '周三', createdAt: at('2026-01-07', 23) });
    await makeLead(server(), DEMO.id, { name: '周四', createdAt: at('2026-01-08') });

    const days = { from: '2026-01-05', to: '2026-01-07' };
    const all = await list(session, days);
    // Both days included, the last one to its end (23:00 China Standard Time).
    expect(all.records.map((r) => r.name)).toEqual(['周三', '周二', '周一']);
    expect(all.total).toBe(3);
    expect(all.records[2]).toMatchObject({ id: a.id, mobile: a.mobile, productId: product!.id, productName: product!.name, state: LEAD_STATE.new });
    expect(all.records[1]).toMatchObject({ id: b.id, state: LEAD_STATE.handled, note: '已回电', handledByName: '某老师' });
    expect(all.products).toContainEqual({ id: product!.id, name: product!.name });

    expect((await list(session, { ...days, state: LEAD_STATE.new })).records.map((r) => r.id)).toEqual([c.id, a.id]);
    expect((await list(session, { ...days, state: LEAD_STATE.handled })).records.map((r) => r.id)).toEqual([b.id]);
    expect((await list(session, { ...days, productId: product!.id })).records.map((r) => r.id)).toEqual([a.id]);
    expect((await list(session, { ...days, q: '周二' })).records.map((r) => r.id)).toEqual([b.id]);
    expect((await list(session, { ...days, q: c.mobile.slice(-5) })).records.map((r) => r.id)).toEqual([c.id]);

    const first = await list(session, { ...days, size: 2, current: 1 });
    const second = await list(session, { ...days, size: 2, current: 2 });
    expect(first).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect([...first.records, ...second.records].map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });

  test('bad filters are refused with a message and no list', async () => {
    const session = await adminSession();
    for (const [q, message] of [
      [{ from: '2026-13-01' }, t('staff.badDate')],
      [{ state: 7 }, t('staff.lead.badState')],
      [{ from: '2026-02-02', to: '2026-02-01' }, t('validation.startAfterEnd')],
      [{ q: '长'.repeat(21) }, t('staff.badSearch')],
      [{ size: 1000 }, '数值过大：期望 number <=100'],
      [{ productId: '<x>' }, t('staff.lead.badProduct')],
    ] as const) {
      expectRefused(await server().call(staff.leads, q as never, asStaff(session, DEMO.id)), ErrorCode.BAD_REQUEST, message);
    }
  });

  test("another school's leads are not listed, and its lead cannot be marked", async () => {
    const session = await adminSession();
    const foreign = await makeLead(server(), HUAXIA.id, { name: '外校', createdAt: at('2026-01-12') });
    expect((await list(session, { from: '2026-01-12', to: '2026-01-12' })).total).toBe(0);
    const refused = await server().call(
      staff.leadState,
      { state: LEAD_STATE.handled, note: '试试' },
      { ...asStaff(session, DEMO.id), params: { id: foreign.id } },
    );
    expectRefused(refused, ErrorCode.NOT_FOUND, t('staff.lead.notFound'));
    const row = await server().runtime.db.selectFrom('clues').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(row.state).toBe(LEAD_STATE.new);
  });
});

describe('marking handled and re-opening', () => {
  test('handled with a note keeps who and when; re-opened keeps the note; both audited with the mobile masked', async () => {
    const editor = await makeStaff(server(), DEMO.id, 'editor', '编辑小周');
    const session = await sessionOf(server(), editor);
    const lead = await makeLead(server(), DEMO.id, { name: '李四', mobile: '13912345678', createdAt: at('2026-01-20') });
    const markedAt = server().clock.value;
    const mark = (body: staff.LeadStateChange) => server().call(staff.leadState, body, { ...asStaff(session, DEMO.id), params: { id: lead.id } });

    expect((await mark({ state: LEAD_STATE.handled })).body.message).toBe('请填写处理备注');
    expect((await mark({ state: LEAD_STATE.handled, note: '   ' })).body.message).toBe('请填写处理备注');
    expect((await mark({ state: LEAD_STATE.handled, note: '长'.repeat(501) })).body.message).toBe('处理备注不能超过500个字');

    const handled = expectOk<staff.LeadInfo>(await mark({ state: LEAD_STATE.handled, note: '已电话联系，周六来访' }));
    expect(handled).toMatchObject({ state: LEAD_STATE.handled, note: '已电话联系，周六来访', handledByName: '编辑小周', handledAt: markedAt });
    // Twice (another tab, a colleague): refused, nothing changes.
    const again = await mark({ state: LEAD_STATE.handled, note: '重复' });
    expect(again.body.message).toBe('该线索已被标记为已处理，请刷新后查看');

    server().clock.advance(60_000);
    const reopened = expectOk<staff.LeadInfo>(await mark({ state: LEAD_STATE.new }));
    expect(reopened).toMatchObject({ state: LEAD_STATE.new, note: '已电话联系，周六来访', handledByName: null, handledAt: null });
    expect((await mark({ state: LEAD_STATE.new })).body.message).toBe('该线索已是待处理状态');

    const entries = await auditOf(server(), DEMO.id, { targetId: lead.id });
    expect(entries.map((e) => [e.action, e.actorId, e.targetType])).toEqual([
      ['lead.state', editor.id, 'lead'],
      ['lead.state', editor.id, 'lead'],
    ]);
    expect(JSON.parse(entries[0]!.beforeJson!)).toEqual({ state: 0, note: null });
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ name: '李四', mobile: '139****5678', state: 1, note: '已电话联系，周六来访' });
    expect(JSON.parse(entries[1]!.afterJson!)).toEqual({ name: '李四', mobile: '139****5678', state: 0 });
    for (const e of entries) expect(`${e.beforeJson}${e.afterJson}`).not.toContain('13912345678');
  });
});

describe('the CSV export', () => {
  test('UTF-8 with BOM, CRLF, Chinese heads, fields quoted when needed, formulas guarded, the filter applied', async () => {
    const session = await adminSession();
    const [product] = await productsOf(server(), DEMO.id);
    await makeLead(server(), DEMO.id, { name: '王五', mobile: '13700001111', content: '=HYPERLINK("http://evil","点我")', createdAt: at('2026-02-03') });
    await makeLead(server(), DEMO.id, {
      name: '赵六',
      mobile: '13700002222',
      content: '第一行，\n第二行, "引号"',
      createdAt: at('2026-02-04'),
      productId: product!.id,
      state: LEAD_STATE.handled,
      note: '-已报名',
    });
    await makeLead(server(), DEMO.id, { name: '不在范围', createdAt: at('2026-02-06') });

    const file = await download(session, { from: '2026-02-03', to: '2026-02-04' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{8}\.csv"; filename\*=UTF-8''/);
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('提交时间,姓名,手机号,咨询项目,留言内容,状态,处理人,处理时间,处理备注');
    expect(lines[1]).toBe(`2026-02-04 09:00:00,赵六,13700002222,${product!.name},"第一行，\n第二行, ""引号""",已处理,某老师,2026-02-04 09:00:00,'-已报名`);
    expect(lines[2]).toBe(`2026-02-03 09:00:00,王五,13700001111,,"'=HYPERLINK(""http://evil"",""点我"")",待处理,,,`);
    expect(lines).toHaveLength(4);
    expect(text).not.toContain('不在范围');

    const handledOnly = (await download(session, { from: '2026-02-03', to: '2026-02-04', state: '1' })).bytes.toString('utf8');
    expect(handledOnly).toContain('赵六');
    expect(handledOnly).not.toContain('王五');
  });

  test('more leads than one file holds are refused with a message, and the narrower range downloads', async () => {
    const session = await adminSession();
    const start = at('2026-03-10', 0);
    const rows = Array.from({ length: LEAD_EXPORT_MAX + 1 }, (_, i) => ({
      id: `9${String(i).padStart(8, '0')}${String(start).slice(-10)}`,
      tenantId: DEMO.id,
      clueId: null,
      name: '批量',
      mobile: '13600000000',
      content: '批量线索',
      ip: '10.0.0.2',
      // The last one on the next day.
      createdAt: i === LEAD_EXPORT_MAX ? start + DAY : start + i,
      productId: null,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await server()
        .runtime.db.insertInto('clues')
        .values(rows.slice(i, i + 1000))
        .execute();
    const refused = await download(session, { from: '2026-03-10', to: '2026-03-11' });
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toEqual({ code: 400, data: null, message: '导出的线索超过10000条，请缩小日期范围后再导出' });
    const oneDay = await download(session, { from: '2026-03-10', to: '2026-03-10' });
    expect(oneDay.status).toBe(200);
    expect(oneDay.bytes.toString('utf8').split('\r\n')).toHaveLength(LEAD_EXPORT_MAX + 2);
  });

  test('a teacher, no session and another school are refused the file', async () => {
    const teacher = await sessionOf(server(), await makeStaff(server(), DEMO.id, 'teacher'));
    const refused = await download(teacher, {});
    expect(JSON.parse(refused.bytes.toString('utf8'))).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
    const none = await server().app.request(`${urlOf(staff.leadsExport)}`, { headers: { TenantId: DEMO.id } });
    expect((await none.json()).code).toBe(40001);
    const foreign = await adminSession(HUAXIA.id);
    expect(JSON.parse((await download(foreign, {})).bytes.toString('utf8')).code).toBe(40009);
  });
});
