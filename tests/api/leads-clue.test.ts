import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, parse, useTestServer, type Answer, type TestServer } from '../setup/server';
import { smsSign } from '~/lib/sms-sign';
import type { SmsTemplate } from '~/lib/sms-codes';
import { CLUE_IP_HOURLY_LIMIT } from '~/server/leads/leads.service';
import { urlOf } from '~/lib/api/contract';
import { saveClue } from '~/lib/api/contracts/leads';
import { CONSULT_LIMITS } from '~/lib/rules/consult';
import * as sms from '~/lib/api/contracts/sms';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const SAVE = urlOf(saveClue);
const SEND = urlOf(sms.sendSmsCode);
const LATEST = urlOf(sms.latestSmsCode);
const VISITOR = '0f8fad5b-d9cb-469f-a165-70867728950e';

let mobiles = 0;
const freshMobile = () => `135${String(10_000_000 + ++mobiles).slice(-8)}`;
let ips = 0;
const freshIp = () => `10.2.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** Sends a code as the browser does and reads it from the development endpoint. */
async function codeFor(s: TestServer, mobile: string, tenant: string = DEMO.id, templateCode: SmsTemplate = 'VISITOR_MSG_VERIFY') {
  const query = { mobile, templateCode, timestamp: String(s.clock.value) };
  const sign = await smsSign(query, s.runtime.config.SMS_SIGN_ACCESS_KEY);
  const sent = await parse(await s.app.request(`${SEND}?${new URLSearchParams(query)}`, { headers: { TenantId: tenant, sign } }, { ip: freshIp() }));
  expectOk(sent);
  return expectOk<{ code: string }>(await s.get(LATEST, { mobile, templateCode }, { tenant })).code;
}

async function save(s: TestServer, body: unknown, o: { tenant?: string; ip?: string } = {}): Promise<Answer> {
  const res = await s.app.request(
    SAVE,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', TenantId: o.tenant ?? DEMO.id },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { ip: o.ip ?? freshIp() },
  );
  return parse(res);
}

const form = (mobile: string, code: string) => ({ clueId: VISITOR, name: '张晓明', mobile, content: '想了解电工职业技能等级证书的报名条件和学费。', code });

const cluesOf = (s: TestServer, tenantId: string, mobile: string) =>
  s.runtime.db.selectFrom('clues').selectAll().where('tenantId', '=', tenantId).where('mobile', '=', mobile).execute();

describe('clue/saveClue', () => {
  test('stores the lead for the school with a valid code: 提交成功', async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    const answer = await save(server(), form(mobile, code), { ip: '203.0.113.10' });
    const data = expectOk<{ id: string }>(answer);
    expect(answer.body.message).toBe('提交成功');
    expect(data.id).toMatch(/^\d{26}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const rows = await cluesOf(server(), DEMO.id, mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: data.id,
      tenantId: DEMO.id,
      clueId: VISITOR,
      name: '张晓明',
      mobile,
      content: form(mobile, code).content,
      ip: '203.0.113.10',
      createdAt: server().clock.value,
    });
  });

  test('bidirectional controls and other control characters are removed from the message; a message of nothing else is refused', async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    expectOk(await save(server(), { ...form(mobile, code), content: '请回电\u202E话电\u202C\u2066至\u2069\u200F晚上\u0007' }));
    expect((await cluesOf(server(), DEMO.id, mobile))[0]!.content).toBe('请回电话电至晚上');
    const other = freshMobile();
    const again = await save(server(), { ...form(other, await codeFor(server(), other)), content: '\u202E\u2066\u200E' });
    expectRefused(again, ErrorCode.BAD_REQUEST, t('consult.contentRequired'));
    expect(await cluesOf(server(), DEMO.id, other)).toHaveLength(0);
  });

  test('the code is used up: the same form a second time is refused', async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    expectOk(await save(server(), form(mobile, code)));
    const again = await save(server(), form(mobile, code));
    expectRefused(again, ErrorCode.BAD_REQUEST, t('sms.codeExpired'));
    expect(await cluesOf(server(), DEMO.id, mobile)).toHaveLength(1);
  });

  test('values are trimmed; a user id or no clueId at all is fine', async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    expectOk(await save(server(), { name: ' Anna.Li ', mobile: ` ${mobile} `, code: ` ${code} `, content: '  周末班有吗？ ', clueId: '1763776800000123456' }));
    const [row] = await cluesOf(server(), DEMO.id, mobile);
    expect(row).toMatchObject({ name: 'Anna.Li', content: '周末班有吗？', clueId: '1763776800000123456' });

    const other = freshMobile();
    expectOk(await save(server(), { name: '李四', mobile: other, code: await codeFor(server(), other), content: '咨询' }));
    expect((await cluesOf(server(), DEMO.id, other))[0]!.clueId).toBeNull();
  });

  test.each([
    ['no body', '', t('consult.nameRequired')],
    ['an empty name', { name: '', mobile: '13500000000', code: '123456', content: '咨询' }, t('consult.nameRequired')],
    ['a blank name', { name: '   ', mobile: '13500000000', code: '123456', content: '咨询' }, t('consult.nameRequired')],
    ['a name with digits', { name: '张三3', mobile: '13500000000', code: '123456', content: '咨询' }, t('consult.nameInvalid')],
    ['a name with symbols', { name: '<b>张三</b>', mobile: '13500000000', code: '123456', content: '咨询' }, t('consult.nameInvalid')],
    ['a name that is not text', { name: { first: '张' }, mobile: '13500000000', code: '123456', content: '咨询' }, t('consult.nameRequired')],
    ['no mobile', { name: '张三', code: '123456', content: '咨询' }, t('consult.mobileRequired')],
    ['a short mobile', { name: '张三', mobile: '1350000000', code: '123456', content: '咨询' }, t('consult.mobileInvalid')],
    ['a mobile not starting with 1', { name: '张三', mobile: '23500000000', code: '123456', content: '咨询' }, t('consult.mobileInvalid')],
    ['no code', { name: '张三', mobile: '13500000000', content: '咨询' }, t('consult.codeRequired')],
    [
      'a code of 7 characters',
      { name: '张三', mobile: '13500000000', code: '1234567', content: '咨询' },
      t('consult.codeTooLong', { n: CONSULT_LIMITS.codeMax }),
    ],
    ['no content', { name: '张三', mobile: '13500000000', code: '123456' }, t('consult.contentRequired')],
    ['blank content', { name: '张三', mobile: '13500000000', code: '123456', content: ' \n ' }, t('consult.contentRequired')],
    [
      'content over 500 characters',
      { name: '张三', mobile: '13500000000', code: '123456', content: '问'.repeat(CONSULT_LIMITS.contentMax + 1) },
      t('consult.contentTooLong', { n: CONSULT_LIMITS.contentMax }),
    ],
    ['malformed JSON', '{"name":', t('validation.badJson')],
  ])('%s is refused with its message', async (_label, body, message) => {
    const answer = await save(server(), body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test('a malformed clueId is refused', async () => {
    const answer = await save(server(), { ...form('13500000000', '123456'), clueId: 'a b<script>' });
    expectRefused(answer, ErrorCode.BAD_REQUEST, invalidField('clueId', t('validation.badFormat')));
    expect(answer.body.message).toContain('clueId');
  });

  test('a wrong code is refused and nothing is stored', async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = await save(server(), form(mobile, wrong));
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('sms.codeWrong'));
    expect(await cluesOf(server(), DEMO.id, mobile)).toHaveLength(0);
    // The right code still works after one wrong try.
    expectOk(await save(server(), form(mobile, code)));
  });

  test('without a code sent, or with a login code, the form is refused', async () => {
    const none = await save(server(), form(freshMobile(), '123456'));
    expect(none.body.message).toBe('请先获取验证码');
    const mobile = freshMobile();
    const loginCode = await codeFor(server(), mobile, DEMO.id, 'MOBILE_LOGIN_REGISTER');
    const answer = await save(server(), form(mobile, loginCode));
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('sms.codeNotSent'));
  });

  test("a code sent on one school's site does not work on another's; each lead stays with its school", async () => {
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile, DEMO.id);
    expectRefused(await save(server(), form(mobile, code), { tenant: HUAXIA.id }), ErrorCode.BAD_REQUEST, t('sms.codeNotSent'));
    expect(await cluesOf(server(), HUAXIA.id, mobile)).toHaveLength(0);

    const huaxiaMobile = freshMobile();
    expectOk(await save(server(), form(huaxiaMobile, await codeFor(server(), huaxiaMobile, HUAXIA.id)), { tenant: HUAXIA.id }));
    expect(await cluesOf(server(), HUAXIA.id, huaxiaMobile)).toHaveLength(1);
    expect(await cluesOf(server(), DEMO.id, huaxiaMobile)).toHaveLength(0);
  });

  test('an unknown school is refused', async () => {
    expectRefused(await save(server(), form('13500000000', '123456'), { tenant: '1000000000000000009' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });

  test(`at most ${CLUE_IP_HOURLY_LIMIT} leads per IP address in an hour`, async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < CLUE_IP_HOURLY_LIMIT; i++) {
      const mobile = freshMobile();
      expectOk(await save(server(), form(mobile, await codeFor(server(), mobile)), { ip }));
    }
    const mobile = freshMobile();
    const code = await codeFor(server(), mobile);
    const refused = await save(server(), form(mobile, code), { ip });
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('consult.tooMany'));
    // The refusal did not use the code up: from another address it works.
    expectOk(await save(server(), form(mobile, code), { ip: '203.0.113.100' }));
    // An hour later the first address may leave a lead again.
    server().clock.advance(3_600_000);
    const later = freshMobile();
    expectOk(await save(server(), form(later, await codeFor(server(), later)), { ip }));
  });
});

describe('a lead left about a training product', () => {
  test('keeps the product of the school; an unknown or foreign product is dropped and the lead still kept', async () => {
    const [product] = await server().runtime.db.selectFrom('products').select('id').where('tenantId', '=', DEMO.id).where('state', '=', 1).limit(1).execute();
    const [foreign] = await server().runtime.db.selectFrom('products').select('id').where('tenantId', '=', HUAXIA.id).limit(1).execute();
    const mobile = freshMobile();
    expectOk(await save(server(), { ...form(mobile, await codeFor(server(), mobile)), productId: product!.id }));
    expect((await cluesOf(server(), DEMO.id, mobile))[0]).toMatchObject({ productId: product!.id, state: 0, handledAt: null });
    for (const productId of ['nope', foreign!.id, '']) {
      const other = freshMobile();
      expectOk(await save(server(), { ...form(other, await codeFor(server(), other)), productId }));
      expect((await cluesOf(server(), DEMO.id, other))[0]!.productId).toBeNull();
    }
    const bad = freshMobile();
    expectRefused(
      await save(server(), { ...form(bad, await codeFor(server(), bad)), productId: '<script>' }),
      ErrorCode.BAD_REQUEST,
      invalidField('productId', t('validation.badFormat')),
    );
  });
});
