import { describe, expect, test } from 'vitest';
import { encryptTokenParam } from '~/server/identity/token-param';
import { PATH, expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, TOKEN_PARAM_SECRET, useTestServer, type RequestOptions } from '../setup/server';
import { loginAs } from '../setup/users';
import { urlOf } from '~/lib/api/contract';
import * as identity from '~/lib/api/contracts/identity';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

describe('oauth/anyTenant/tokenParam/decode', () => {
  test('decodes a parameter made with the server secret, and is never cached', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.user-123.sig';
    const answer = await server().post(PATH.tokenDecode, { token: encryptTokenParam(token, TOKEN_PARAM_SECRET) });
    expect(expectOk(answer)).toEqual({ token });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('works without any tenant', async () => {
    const answer = await server().post(
      PATH.tokenDecode,
      { token: encryptTokenParam('abc', TOKEN_PARAM_SECRET) },
      { tenant: null, headers: { Host: 'unknown.localhost' } },
    );
    expect(expectOk(answer)).toEqual({ token: 'abc' });
  });

  test('a parameter made with another secret is refused', async () => {
    const answer = await server().post(PATH.tokenDecode, { token: encryptTokenParam('abc', 'some-other-secret-that-is-long-enough-123') });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('identity.badTokenParam'));
  });

  test('an altered parameter is refused', async () => {
    const good = encryptTokenParam('abc', TOKEN_PARAM_SECRET);
    const altered = `${good.slice(0, 20)}${good[20] === 'A' ? 'B' : 'A'}${good.slice(21)}`;
    expectRefused(await server().post(PATH.tokenDecode, { token: altered }), ErrorCode.BAD_REQUEST, t('identity.badTokenParam'));
  });
});

describe('oauth/anyUser/logout ends the token presented, whichever school sends it', () => {
  const LOGOUT = urlOf(identity.logout);
  const INFO = urlOf(identity.userInfo);
  const liveTokens = async (userId: string) =>
    (await server().runtime.db.selectFrom('userTokens').select('id').where('userId', '=', userId).where('revokedAt', 'is', null).execute()).length;

  test.each<[string, (token: string) => RequestOptions]>([
    ["another school's TenantId header", (token) => ({ tenant: HUAXIA.id, headers: { Token: token } })],
    ["another school's host", (token) => ({ tenant: null, headers: { Host: `${HUAXIA.preDomain}.localhost:4321`, Token: token } })],
    ['the host of no school', (token) => ({ tenant: null, headers: { Host: 'nosuch.localhost:4321', Token: token } })],
  ])("sent with %s: the token is revoked; the same user's other session stays", async (_name, options) => {
    const me = await loginAs(server(), DEMO.id);
    const other = await loginAs(server(), DEMO.id, me.mobile);
    expect(await liveTokens(me.userId)).toBe(2);
    const answer = await server().post(LOGOUT, {}, options(me.token));
    expect(expectOk(answer)).toBeNull();
    expect(await liveTokens(me.userId)).toBe(1);
    expectRefused(await server().post(INFO, {}, { headers: { Token: me.token } }), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
    expectOk(await server().post(INFO, {}, { headers: { Token: other.token } }));
  });

  test("sent with the token's own school: revoked; again, unknown or none is fine and changes nothing", async () => {
    const me = await loginAs(server(), HUAXIA.id);
    expectOk(await server().post(LOGOUT, {}, { tenant: HUAXIA.id, headers: { Token: me.token } }));
    expectRefused(await server().post(INFO, {}, { tenant: HUAXIA.id, headers: { Token: me.token } }), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
    const revokedAt = (await server().runtime.db.selectFrom('userTokens').select('revokedAt').where('userId', '=', me.userId).executeTakeFirstOrThrow())
      .revokedAt;
    server().clock.advance(1000);
    expectOk(await server().post(LOGOUT, {}, { tenant: HUAXIA.id, headers: { Token: me.token } }));
    expectOk(await server().post(LOGOUT, {}, { headers: { Token: 'not-a-real-token' } }));
    expectOk(await server().post(LOGOUT, {}));
    // The first logout's time stands.
    expect((await server().runtime.db.selectFrom('userTokens').select('revokedAt').where('userId', '=', me.userId).executeTakeFirstOrThrow()).revokedAt).toBe(
      revokedAt,
    );
  });
});
