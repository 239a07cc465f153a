import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { LOGIN, LOGIN_FAILED, codeLogin, codeLoginBody, postAs, sendLoginCode, uniqueIp, uniqueMobile, wrongCode } from '../setup/login';
import { hashToken } from '~/server/identity/identity.service';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const MINUTE = 60_000;

describe('code login (MOBILE_LOGIN_REGISTER)', () => {
  test('the first login creates the user; the answer is userId, token, expiration; the token is stored hashed', async () => {
    const mobile = uniqueMobile();
    expect(await server().runtime.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBeUndefined();
    const code = await sendLoginCode(server(), mobile);
    const answer = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code));
    const data = expectOk(answer);
    expect(answer.body.message).toBe('登录成功');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(data).sort()).toEqual(['expiration', 'token', 'userId']);
    // At least 128 random bits.
    expect(Buffer.from(data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(data.expiration).toBe(server().clock.value + server().runtime.config.SESSION_TTL_HOURS * 3_600_000);

    const user = await server().runtime.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(user.id).toBe(data.userId);
    expect(user.passwordHash).toBeNull();
    const tokens = await server().runtime.db.selectFrom('userTokens').selectAll().where('userId', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(hashToken(data.token));
    expect(JSON.stringify(tokens)).not.toContain(data.token);

    const info = expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: data.token }));
    expect(info).toMatchObject({ userId: data.userId, mobile, type: 'user' });
  });

  test('a second login of the same mobile is the same user', async () => {
    const first = await codeLogin(server());
    server().clock.advance(MINUTE);
    const second = await codeLogin(server(), first.mobile);
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
  });

  test('the join forms send nickName: it becomes the nickname', async () => {
    const a = await codeLogin(server(), uniqueMobile(), DEMO.id, { nickName: '李小华', bizType: 'E_PC' });
    const info = expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: a.token }));
    expect(info.nickName).toBe('李小华');
  });

  test('a code is single use: the same code a second time gets the generic message', async () => {
    const mobile = uniqueMobile();
    const code = await sendLoginCode(server(), mobile);
    expectOk(await postAs(server(), LOGIN.login, codeLoginBody(mobile, code)));
    const again = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code));
    expectRefused(again, ErrorCode.BAD_REQUEST, t('login.failed'));
  });

  test('a code is valid 5 minutes (clock moved, not waited for)', async () => {
    const mobile = uniqueMobile();
    const code = await sendLoginCode(server(), mobile);
    server().clock.advance(5 * MINUTE);
    const late = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code));
    expectRefused(late, ErrorCode.BAD_REQUEST, t('login.failed'));

    server().clock.advance(MINUTE);
    const fresh = await sendLoginCode(server(), mobile);
    server().clock.advance(5 * MINUTE - 1000);
    expectOk(await postAs(server(), LOGIN.login, codeLoginBody(mobile, fresh)));
  });

  test('the fifth wrong try burns the code: the right code then fails too', async () => {
    const mobile = uniqueMobile();
    const code = await sendLoginCode(server(), mobile);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await postAs(server(), LOGIN.login, codeLoginBody(mobile, wrongCode(code)), { ip });
      expectRefused(wrong, ErrorCode.BAD_REQUEST, t('login.failed'));
    }
    const right = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code), { ip });
    expectRefused(right, ErrorCode.BAD_REQUEST, t('login.failed'));
  });

  test('every wrong case answers the same message: no code sent, wrong, used, expired, burned, consult code', async () => {
    const messages = new Set<string>();
    const note = async (body: unknown) => {
      const a = await postAs(server(), LOGIN.login, body);
      expectRefused(a, ErrorCode.BAD_REQUEST, t('login.failed'));
      messages.add(a.body.message);
    };
    // Never sent.
    await note(codeLoginBody(uniqueMobile(), '123456'));
    // Wrong.
    const m1 = uniqueMobile();
    const c1 = await sendLoginCode(server(), m1);
    await note(codeLoginBody(m1, wrongCode(c1)));
    // Used.
    const m2 = uniqueMobile();
    const c2 = await sendLoginCode(server(), m2);
    expectOk(await postAs(server(), LOGIN.login, codeLoginBody(m2, c2)));
    await note(codeLoginBody(m2, c2));
    // Burned after 5 wrong tries.
    const m3 = uniqueMobile();
    const c3 = await sendLoginCode(server(), m3);
    for (let i = 0; i < 5; i++) await note(codeLoginBody(m3, wrongCode(c3)));
    await note(codeLoginBody(m3, c3));
    // Expired.
    const m4 = uniqueMobile();
    const c4 = await sendLoginCode(server(), m4);
    server().clock.advance(5 * MINUTE + 1);
    await note(codeLoginBody(m4, c4));
    expect([...messages]).toEqual([LOGIN_FAILED]);
  });

  test('a code sent for one school does not log in to another (tenant isolation)', async () => {
    const mobile = uniqueMobile();
    const code = await sendLoginCode(server(), mobile, DEMO.id);
    const other = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code, HUAXIA.id), { tenant: HUAXIA.id });
    expectRefused(other, ErrorCode.BAD_REQUEST, t('login.failed'));
    // The body's tenantId names the school logged in to, even from another site's header.
    const crossed = await postAs(server(), LOGIN.login, codeLoginBody(mobile, code, HUAXIA.id), { tenant: DEMO.id });
    expectRefused(crossed, ErrorCode.BAD_REQUEST, t('login.failed'));
    expectOk(await postAs(server(), LOGIN.login, codeLoginBody(mobile, code, DEMO.id)));
  });

  test('a token of one school is refused by another (40009)', async () => {
    const a = await codeLogin(server());
    expectRefused(await postAs(server(), LOGIN.userInfo, {}, { token: a.token, tenant: HUAXIA.id }), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: a.token, tenant: DEMO.id }));
  });

  test.each([
    ['no body', '', t('validation.invalid')],
    ['malformed JSON', '{"grantType":', t('validation.badJson')],
    ['an unknown grant type', { grantType: 'CLIENT_CREDENTIALS' }, t('validation.invalid')],
    ['no mobile', { grantType: 'MOBILE_LOGIN_REGISTER', code: '123456' }, t('login.mobileRequired')],
    ['a short mobile', { grantType: 'MOBILE_LOGIN_REGISTER', mobile: '1380013800', code: '123456' }, t('login.mobileInvalid')],
    ['a mobile of letters', { grantType: 'MOBILE_LOGIN_REGISTER', mobile: '1380013800a', code: '123456' }, t('login.mobileInvalid')],
    ['no code', { grantType: 'MOBILE_LOGIN_REGISTER', mobile: '13800138000' }, t('login.codeRequired')],
    ['a short code', { grantType: 'MOBILE_LOGIN_REGISTER', mobile: '13800138000', code: '123' }, t('login.codeLength')],
    ['a hostile tenantId', { grantType: 'MOBILE_LOGIN_REGISTER', mobile: '13800138000', code: '123456', tenantId: "1' or '1'='1" }, t('validation.badFormat')],
    ['an array', [1, 2], t('validation.invalid')],
  ])('%s is refused with a clear message, never a 500', async (_label, body, message) => {
    const answer = await postAs(server(), LOGIN.login, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test('an unknown school in the body is refused', async () => {
    const answer = await postAs(server(), LOGIN.login, codeLoginBody('13800138000', '123456', '9999999999999999999'));
    expectRefused(answer, ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});
