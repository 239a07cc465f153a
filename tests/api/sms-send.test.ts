import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HOUR, HUAXIA, PRODUCTION_ENV, startSmsGateway, startTestServer, parse, useTestServer, type Answer, type TestServer } from '../setup/server';
import { smsSign } from '~/lib/sms-sign';
import { SMS_LIMITS, verifySmsCode } from '~/server/sms/sms.service';
import { urlOf } from '~/lib/api/contract';
import * as sms from '~/lib/api/contracts/sms';
import { startOfCstDay } from '~/lib/time/cst';
import type { SmsTemplate } from '~/lib/sms-codes';
import { LOGIN, codeLoginBody, postAs } from '../setup/login';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const SEND = urlOf(sms.sendSmsCode);
const LATEST = urlOf(sms.latestSmsCode);
const MINUTE = 60_000;

let mobiles = 0;
/** A mobile no other test uses (the per-mobile limits are global). */
const freshMobile = () => `137${String(10_000_000 + ++mobiles).slice(-8)}`;
let ips = 0;
/** A client address no other test uses (the per-IP limit). */
const freshIp = () => `10.1.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

interface SendOptions {
  templateCode?: string;
  tenant?: string;
  ip?: string;
  /** The request's timestamp parameter; default the server clock. null leaves it out. */
  timestamp?: number | string | null;
  /** The sign header: default the correct one; null leaves it out. */
  sign?: string | null;
  /** Access key the sign is made with. */
  key?: string;
  extra?: Record<string, string>;
}

/** Sends like the browser: query with timestamp, sign header over the query, from a client IP. */
async function send(s: TestServer, mobile: string | null, o: SendOptions = {}): Promise<Answer> {
  const query: Record<string, string> = { ...o.extra };
  if (mobile !== null) query['mobile'] = mobile;
  if (o.templateCode !== undefined) query['templateCode'] = o.templateCode;
  const ts = o.timestamp === undefined ? s.clock.value : o.timestamp;
  if (ts !== null) query['timestamp'] = String(ts);
  const sign = o.sign === undefined ? await smsSign(query, o.key ?? s.runtime.config.SMS_SIGN_ACCESS_KEY) : o.sign;
  const headers: Record<string, string> = { TenantId: o.tenant ?? DEMO.id };
  if (sign !== null) headers['sign'] = sign;
  const res = await s.app.request(`${SEND}?${new URLSearchParams(query)}`, { headers }, { ip: o.ip ?? freshIp() });
  return parse(res);
}

async function latestCode(s: TestServer, mobile: string, templateCode: SmsTemplate = 'VISITOR_MSG_VERIFY', tenant: string = DEMO.id) {
  return expectOk<{ code: string; mobile: string; templateCode: string; sentAt: number }>(await s.get(LATEST, { mobile, templateCode }, { tenant }));
}

function expectSent(answer: Answer) {
  expectOk(answer);
  expect(answer.body.message).toBe('发送成功');
}

const verify = (s: TestServer, v: { mobile: string; code: string; templateCode?: SmsTemplate; tenantId?: string }) =>
  verifySmsCode(
    { db: s.runtime.db, config: s.runtime.config, now: s.clock.value },
    { tenantId: v.tenantId ?? DEMO.id, mobile: v.mobile, templateCode: v.templateCode ?? 'VISITOR_MSG_VERIFY', code: v.code },
  );

const refusedWith = async (p: Promise<unknown>, message: string) => {
  await expect(p).rejects.toMatchObject({ message });
};

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sendSmsCode', () => {
  test('sends a 6-digit code: 发送成功, the code readable on the development endpoint, stored only hashed', async () => {
    const mobile = freshMobile();
    const answer = await send(server(), mobile);
    expectSent(answer);
    expect(answer.body.data).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const latest = await latestCode(server(), mobile);
    expect(latest.code).toMatch(/^\d{6}$/);
    expect(latest).toMatchObject({ mobile, templateCode: 'VISITOR_MSG_VERIFY', sentAt: server().clock.value });

    const rows = await server().runtime.db.selectFrom('smsCodes').selectAll().where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: DEMO.id, templateCode: 'VISITOR_MSG_VERIFY', status: 1, attempts: 0, usedAt: null });
    expect(rows[0]!.expiresAt - rows[0]!.createdAt).toBe(5 * MINUTE);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(latest.code);
  });

  test('the template defaults to VISITOR_MSG_VERIFY; MOBILE_LOGIN_REGISTER is its own code', async () => {
    const mobile = freshMobile();
    expectSent(await send(server(), mobile, { templateCode: 'MOBILE_LOGIN_REGISTER' }));
    const login = await latestCode(server(), mobile, 'MOBILE_LOGIN_REGISTER');
    expectRefused(await server().get(LATEST, { mobile, templateCode: 'VISITOR_MSG_VERIFY' }), ErrorCode.NOT_FOUND, t('common.noData'));
    // A login code is no consult code, and the other way round.
    await refusedWith(verify(server(), { mobile, code: login.code }), '请先获取验证码');
    await verify(server(), { mobile, code: login.code, templateCode: 'MOBILE_LOGIN_REGISTER' });
  });

  test.each([
    ['a missing mobile', null, t('sms.mobileRequired')],
    ['an empty mobile', '', t('sms.mobileRequired')],
    ['a blank mobile', '   ', t('sms.mobileRequired')],
    ['a short mobile', '1380013800', t('sms.mobileInvalid')],
    ['a long mobile', '138001380001', t('sms.mobileInvalid')],
    ['a mobile not starting with 1', '23800138000', t('sms.mobileInvalid')],
    ['letters', '1380013800a', t('sms.mobileInvalid')],
    ['a very long text', '1'.repeat(500), t('sms.mobileInvalid')],
  ])('%s is refused', async (_label, mobile, message) => {
    const answer = await send(server(), mobile);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test('an unknown template is refused', async () => {
    const answer = await send(server(), freshMobile(), { templateCode: 'ADMIN_RESET' });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('sms.templateInvalid'));
  });

  test('a missing or wrong sign is refused and nothing is sent', async () => {
    const mobile = freshMobile();
    const cases: [SendOptions, string][] = [
      [{ sign: null }, t('sms.signMissing')],
      [{ sign: 'abc' }, t('sms.signInvalid')],
      [{ sign: '0'.repeat(64) }, t('sms.signInvalid')],
      [{ key: 'another-access-key' }, t('sms.signInvalid')],
    ];
    for (const [options, message] of cases) {
      const answer = await send(server(), mobile, options);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    // A sign made for another mobile or another time does not carry over.
    const other = await smsSign({ mobile: freshMobile(), timestamp: String(server().clock.value) }, server().runtime.config.SMS_SIGN_ACCESS_KEY);
    expect((await send(server(), mobile, { sign: other })).body.message).toBe('签名校验失败');
    // Parameters the sign does not cover break it too.
    const plain = { mobile, timestamp: String(server().clock.value) };
    const signed = await smsSign(plain, server().runtime.config.SMS_SIGN_ACCESS_KEY);
    expect((await send(server(), mobile, { sign: signed, extra: { templateCode2: 'x' } })).body.message).toBe('签名校验失败');
    // The upper-case spelling of the right sign is the same sign.
    expectSent(await send(server(), mobile, { sign: signed.toUpperCase() }));
    expect((await server().runtime.db.selectFrom('smsCodes').select('id').where('mobile', '=', mobile).execute()).length).toBe(1);
  });

  test('a timestamp more than 5 minutes off the server clock is refused', async () => {
    const now = server().clock.value;
    for (const ts of [now - 5 * MINUTE - 1, now + 5 * MINUTE + 1, 0, null, 'yesterday']) {
      const answer = await send(server(), freshMobile(), { timestamp: ts });
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('sms.timestampInvalid'));
    }
    expectSent(await send(server(), freshMobile(), { timestamp: now - 5 * MINUTE }));
    expectSent(await send(server(), freshMobile(), { timestamp: now + 5 * MINUTE }));
  });

  test('one send per mobile per 60 s: during the countdown 请在倒计时结束后再发送 and nothing is sent', async () => {
    const mobile = freshMobile();
    expectSent(await send(server(), mobile));
    const first = await latestCode(server(), mobile);
    server().clock.advance(60_000 - 1);
    const refused = await send(server(), mobile);
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('sms.waitCountdown'));
    // The countdown is per mobile, whatever the template or the school.
    expect((await send(server(), mobile, { templateCode: 'MOBILE_LOGIN_REGISTER' })).body.message).toBe('请在倒计时结束后再发送');
    expect((await send(server(), mobile, { tenant: HUAXIA.id })).body.message).toBe('请在倒计时结束后再发送');
    expect((await latestCode(server(), mobile)).code).toBe(first.code);
    server().clock.advance(1);
    expectSent(await send(server(), mobile));
    expect((await latestCode(server(), mobile)).sentAt).toBe(server().clock.value);
  });

  test('at most 5 sends per mobile in an hour', async () => {
    const mobile = freshMobile();
    const start = server().clock.value;
    for (let i = 0; i < 5; i++) {
      expectSent(await send(server(), mobile));
      server().clock.advance(61_000);
    }
    const refused = await send(server(), mobile);
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('sms.tooManyHour'));
    // A refusal starts no countdown and counts nothing: once the first send is an hour old, one more.
    server().clock.set(start + HOUR);
    expectSent(await send(server(), mobile));
    expectRefused(await send(server(), mobile), ErrorCode.TOO_MANY_REQUESTS, t('sms.tooManyHour'));
  });

  test('at most 10 sends per mobile in a China Standard Time day', async () => {
    const mobile = freshMobile();
    const dayStart = startOfCstDay(server().clock.value) + 24 * HOUR;
    server().clock.set(dayStart + 8 * HOUR);
    for (let i = 0; i < 10; i++) {
      expectSent(await send(server(), mobile));
      // 5 in one hour, then the next 5 in the following hour.
      server().clock.advance(i === 4 ? HOUR : 61_000);
    }
    const refused = await send(server(), mobile);
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('sms.tooManyDay'));
    server().clock.set(dayStart + 24 * HOUR - 1);
    expect((await send(server(), mobile)).body.message).toBe('该手机号今日发送次数已达上限，请明天再试');
    server().clock.set(dayStart + 24 * HOUR);
    expectSent(await send(server(), mobile));
  });

  test('at most 20 sends per IP address in an hour', async () => {
    const ip = '192.0.2.77';
    const start = server().clock.value;
    for (let i = 0; i < SMS_LIMITS.perIpHour; i++) expectSent(await send(server(), freshMobile(), { ip }));
    const refused = await send(server(), freshMobile(), { ip });
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('sms.tooManyIp'));
    // Another address is not affected; an hour later this one may send again.
    expectSent(await send(server(), freshMobile(), { ip: '192.0.2.78' }));
    server().clock.set(start + HOUR);
    expectSent(await send(server(), freshMobile(), { ip }));
  });

  test('a class of 50 behind one address gets its login codes: each code typed back widens the address budget (a spray types none back)', async () => {
    const s = await startTestServer();
    try {
      const school = '192.0.2.90';
      const students = Array.from({ length: 50 }, () => freshMobile());
      const ask = (mobile: string) => send(s, mobile, { ip: school, templateCode: 'MOBILE_LOGIN_REGISTER' });
      const logIn = async (mobile: string) => {
        const { code } = await latestCode(s, mobile, 'MOBILE_LOGIN_REGISTER');
        expectOk(await postAs(s, LOGIN.login, codeLoginBody(mobile, code), { ip: school }));
      };
      // The whole class asks within a minute, before anyone logs in: the first SMS_IP_HOURLY_LIMIT get codes.
      const first: Answer[] = [];
      for (const mobile of students) first.push(await ask(mobile));
      const served = students.filter((_, i) => first[i]!.body.code === 0);
      expect(served).toHaveLength(SMS_LIMITS.perIpHour);
      for (const answer of first) if (answer.body.code !== 0) expect(answer.body.message).toBe('请求过于频繁，请稍后再试');
      for (const mobile of served) await logIn(mobile);
      // A minute later the others ask again: the codes typed back made room for all of them.
      s.clock.advance(MINUTE);
      for (const mobile of students.filter((m) => !served.includes(m))) {
        expectSent(await ask(mobile));
        await logIn(mobile);
      }
      // A spray from another address types nothing back and stays at the limit.
      const spray = '192.0.2.91';
      for (let i = 0; i < SMS_LIMITS.perIpHour; i++) expectSent(await send(s, freshMobile(), { ip: spray }));
      expectRefused(await send(s, freshMobile(), { ip: spray }), ErrorCode.TOO_MANY_REQUESTS, t('sms.tooManyIp'));
    } finally {
      await s.close();
    }
  });

  test("the development endpoint shows only the request's school's codes", async () => {
    const mobile = freshMobile();
    expectSent(await send(server(), mobile));
    expectRefused(await server().get(LATEST, { mobile, templateCode: 'VISITOR_MSG_VERIFY' }, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().get(LATEST, { mobile: 'abc' }), ErrorCode.BAD_REQUEST, t('sms.mobileInvalid'));
  });
});

describe('verifySmsCode', () => {
  async function sentCode(tenant: string = DEMO.id) {
    const mobile = freshMobile();
    expectSent(await send(server(), mobile, { tenant }));
    return { mobile, code: (await latestCode(server(), mobile, 'VISITOR_MSG_VERIFY', tenant)).code };
  }

  test('the right code passes once; a second use is refused', async () => {
    const { mobile, code } = await sentCode();
    await verify(server(), { mobile, code });
    await refusedWith(verify(server(), { mobile, code }), '验证码已失效，请重新获取');
  });

  test('the code is valid for 5 minutes', async () => {
    const a = await sentCode();
    server().clock.advance(5 * MINUTE - 1);
    await verify(server(), a);
    const b = await sentCode();
    server().clock.advance(5 * MINUTE);
    await refusedWith(verify(server(), b), '验证码已失效，请重新获取');
  });

  test('the fifth wrong try burns the code', async () => {
    const { mobile, code } = await sentCode();
    for (let i = 0; i < 4; i++) await refusedWith(verify(server(), { mobile, code: wrongCode(code) }), '验证码错误');
    await refusedWith(verify(server(), { mobile, code: 'abcdef' }), '验证码错误次数过多，请重新获取');
    await refusedWith(verify(server(), { mobile, code }), '验证码错误次数过多，请重新获取');
  });

  test('a few wrong tries leave the right code usable', async () => {
    const { mobile, code } = await sentCode();
    await refusedWith(verify(server(), { mobile, code: wrongCode(code) }), '验证码错误');
    await refusedWith(verify(server(), { mobile, code: '' }), '验证码错误');
    await verify(server(), { mobile, code });
  });

  test('a code is bound to its school and mobile', async () => {
    const { mobile, code } = await sentCode(DEMO.id);
    await refusedWith(verify(server(), { mobile, code, tenantId: HUAXIA.id }), '请先获取验证码');
    await refusedWith(verify(server(), { mobile: freshMobile(), code }), '请先获取验证码');
    await verify(server(), { mobile, code, tenantId: DEMO.id });
  });

  test('a newer code replaces the older one', async () => {
    const { mobile, code: first } = await sentCode();
    server().clock.advance(60_000);
    expectSent(await send(server(), mobile));
    const second = (await latestCode(server(), mobile)).code;
    if (first !== second) await refusedWith(verify(server(), { mobile, code: first }), '验证码错误');
    await verify(server(), { mobile, code: second });
  });

  test('two verifications of one code at the same moment: exactly one passes', async () => {
    const { mobile, code } = await sentCode();
    const results = await Promise.allSettled([verify(server(), { mobile, code }), verify(server(), { mobile, code })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('in production', () => {
  test('the development endpoint does not exist', async () => {
    const gateway = await startSmsGateway();
    const prod = await startTestServer({ ...PRODUCTION_ENV, SMS_HTTP_URL: gateway.url });
    try {
      const mobile = freshMobile();
      expectSent(await send(prod, mobile));
      const answer = await prod.get(LATEST, { mobile, templateCode: 'VISITOR_MSG_VERIFY' });
      expect(answer.status).toBe(404);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
      expect(gateway.received.map((r) => r.mobile)).toEqual([mobile]);
    } finally {
      await prod.close();
      await gateway.close();
    }
  });
});
