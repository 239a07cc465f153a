import { describe, expect, test } from 'vitest';
import { DATE_TIME, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DAY, DEMO, HOUR, HUAXIA, NOW, useTestServer } from '../setup/server';
import { startOfCstDay } from '~/lib/time/cst';
import { LEADS_SEED } from '~/dev/seed/leads';
import { formatDateTime } from '~/lib/format';
import { urlOf } from '~/lib/api/contract';
import * as leads from '~/lib/api/contracts/leads';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const CUSTOMER_SERVICE = urlOf(leads.customerServicePage);
const COUPONS = urlOf(leads.receivableCoupons);
const ENROLL_CONTACT = urlOf(leads.enrollContactPage);
const UNKNOWN_TENANT = '1000000000000000009';

const demo = LEADS_SEED[DEMO.id]!;
const huaxia = LEADS_SEED[HUAXIA.id]!;

describe('customerService/page', () => {
  test("gives the school's shown customer service entries in order", async () => {
    const page = expectOk(await server().post(CUSTOMER_SERVICE, { current: 1, size: 10 }));
    const shown = demo.customerServices.filter((c) => c.state === 1);
    expectPage(page, { current: 1, size: 10, total: shown.length });
    expect(page.records.map((r: any) => r.name)).toEqual(shown.map((c) => c.name));
    for (const r of page.records) expect(Object.keys(r).sort()).toEqual(['id', 'mobile', 'name', 'wechatQrCode']);
    expect(page.records[0]).toMatchObject({ name: '招生咨询 王老师', mobile: '400-025-8899', wechatQrCode: '/images/leads/demo-wechat-qr.svg' });
    expect(page.records[1]).toMatchObject({ wechatQrCode: null });
    // The hidden entry never shows.
    expect(JSON.stringify(page)).not.toContain('已停用');
  });

  test('pages', async () => {
    const first = expectOk(await server().post(CUSTOMER_SERVICE, { current: 1, size: 1 }));
    const second = expectOk(await server().post(CUSTOMER_SERVICE, { current: 2, size: 1 }));
    expectPage(first, { total: 2 });
    expect(first.pages).toBe(2);
    expect(second.records[0].id).not.toBe(first.records[0].id);
  });

  test('the second school has its own entry, without phone or QR code', async () => {
    const page = expectOk(await server().post(CUSTOMER_SERVICE, {}, { tenant: HUAXIA.id }));
    expect(page.records).toEqual([{ id: expect.any(String), name: huaxia.customerServices[0]!.name, mobile: null, wechatQrCode: null }]);
  });

  test('bad paging and unknown schools are refused', async () => {
    expectRefused(await server().post(CUSTOMER_SERVICE, { size: 0 }), ErrorCode.BAD_REQUEST, invalidField('size', '数值过小：期望 number >=1'));
    expectRefused(await server().post(CUSTOMER_SERVICE, { current: 'x' }), ErrorCode.BAD_REQUEST, invalidField('current', '无效输入：期望 数字，实际接收 NaN'));
    expectRefused(
      await server().post(CUSTOMER_SERVICE, { sort: 'mobile; drop table users' }),
      ErrorCode.BAD_REQUEST,
      invalidField('sort', '无效输入：期望 "seq"'),
    );
    expectRefused(await server().post(CUSTOMER_SERVICE, '{'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
    expectRefused(await server().post(CUSTOMER_SERVICE, {}, { tenant: UNKNOWN_TENANT }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('coupon/list/receivablePage', () => {
  const homeBody = { current: 1, size: 3, model: { state: 1 }, order: 'descending', sort: 'createdTime' };

  test('the home page request: 3 receivable coupons, newest first, amounts in yuan, times as text', async () => {
    const page = expectOk(await server().post(COUPONS, homeBody));
    const receivable = demo.coupons.filter((c) => c.state === 1).sort((a, b) => b.createdDays - a.createdDays);
    expectPage(page, { current: 1, size: 3, total: 3 });
    expect(page.records.map((r: any) => r.title)).toEqual(receivable.map((c) => c.title));
    const first = page.records[0];
    const seed = receivable[0]!;
    expect(first).toMatchObject({
      title: seed.title,
      amount: seed.amount,
      minPoint: seed.minPoint,
      useStartTime: formatDateTime(NOW + seed.startDays * DAY),
      useEndTime: formatDateTime(NOW + seed.endDays * DAY),
      state: 1,
    });
    for (const r of page.records) {
      expect(r.useStartTime).toMatch(DATE_TIME);
      expect(r.amount).toBeTypeOf('number');
      expect(r.minPoint).toBeTypeOf('number');
    }
    expect(JSON.stringify(page)).not.toContain('暑期集训早鸟券');
  });

  test('defaults are the home request; other sorts work', async () => {
    const defaults = expectOk(await server().post(COUPONS, {}));
    expect(defaults.size).toBe(3);
    expect(defaults.records.map((r: any) => r.title)).toEqual(expectOk(await server().post(COUPONS, homeBody)).records.map((r: any) => r.title));
    const byAmount = expectOk(await server().post(COUPONS, { ...homeBody, sort: 'amount', order: 'ascending' }));
    expect(byAmount.records.map((r: any) => r.amount)).toEqual([50, 100, 200]);
  });

  test('ended coupons are state 2; a receivable coupon is listed to the end of its end date, then no longer', async () => {
    const ended = expectOk(await server().post(COUPONS, { ...homeBody, model: { state: 2 } }));
    expect(ended.records.map((r: any) => r.title)).toEqual(['暑期集训早鸟券']);
    const at = server().clock.value;
    try {
      // It ends 30 days from now at 10:00; it stays listed to the end of that day (China time)…
      server().clock.set(NOW + 30 * DAY + HOUR);
      expect(expectOk(await server().post(COUPONS, homeBody)).records.map((r: any) => r.title)).toContain('职业技能等级考试补贴券');
      server().clock.set(startOfCstDay(NOW + 31 * DAY) - 1);
      expect(expectOk(await server().post(COUPONS, homeBody)).total).toBe(3);
      // …and is gone from the next midnight.
      server().clock.set(startOfCstDay(NOW + 31 * DAY));
      const later = expectOk(await server().post(COUPONS, homeBody));
      expect(later.records.map((r: any) => r.title)).not.toContain('职业技能等级考试补贴券');
      expect(later.total).toBe(2);
    } finally {
      server().clock.set(at);
    }
  });

  test('each school sees only its coupons', async () => {
    const page = expectOk(await server().post(COUPONS, homeBody, { tenant: HUAXIA.id }));
    expect(page.records.map((r: any) => r.title)).toEqual(huaxia.coupons.map((c) => c.title));
    const demoIds = expectOk(await server().post(COUPONS, homeBody)).records.map((r: any) => r.id);
    for (const r of page.records) expect(demoIds).not.toContain(r.id);
  });

  test('bad input is refused', async () => {
    expectRefused(await server().post(COUPONS, { ...homeBody, size: 101 }), ErrorCode.BAD_REQUEST, invalidField('size', '数值过大：期望 number <=100'));
    expectRefused(
      await server().post(COUPONS, { ...homeBody, sort: 'title' }),
      ErrorCode.BAD_REQUEST,
      invalidField('sort', '无效选项：期望以下之一 "createdTime"|"amount"|"useEndTime"'),
    );
    expectRefused(
      await server().post(COUPONS, { ...homeBody, model: { state: 'all' } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.state', '无效输入：期望 数字，实际接收 NaN'),
    );
    expectRefused(
      await server().post(COUPONS, { ...homeBody, order: 'sideways' }),
      ErrorCode.BAD_REQUEST,
      invalidField('order', '无效选项：期望以下之一 "ascending"|"descending"|"asc"|"desc"'),
    );
  });
});

describe('enrollContact/page', () => {
  test("gives the school's enrolment contact for model.tenantId", async () => {
    const page = expectOk(await server().post(ENROLL_CONTACT, { size: 1, model: { tenantId: DEMO.id } }, { tenant: null }));
    expectPage(page, { size: 1, total: 1 });
    expect(page.records[0]).toEqual({ id: expect.any(String), tenantId: DEMO.id, ...demo.enrollContact });
  });

  test('without model.tenantId the request school counts; each school has its own', async () => {
    const own = expectOk(await server().post(ENROLL_CONTACT, { size: 1 }, { tenant: HUAXIA.id }));
    expect(own.records[0]).toMatchObject({ tenantId: HUAXIA.id, ...huaxia.enrollContact });
    const named = expectOk(await server().post(ENROLL_CONTACT, { size: 1, model: { tenantId: HUAXIA.id } }));
    expect(named.records[0].id).toBe(own.records[0].id);
  });

  test('unknown or malformed school ids are refused', async () => {
    expectRefused(await server().post(ENROLL_CONTACT, { size: 1, model: { tenantId: UNKNOWN_TENANT } }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(
      await server().post(ENROLL_CONTACT, { size: 1, model: { tenantId: "1' or '1'='1" } }),
      ErrorCode.BAD_REQUEST,
      invalidField('model.tenantId', t('validation.badFormat')),
    );
    expectRefused(await server().post(ENROLL_CONTACT, { size: 1000 }), ErrorCode.BAD_REQUEST, invalidField('size', '数值过大：期望 number <=100'));
  });
});
