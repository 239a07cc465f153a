import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HOUR, HUAXIA, useTestServer } from '../setup/server';
import { loginAs, withToken } from '../setup/users';
import { urlOf } from '~/lib/api/contract';
import * as identity from '~/lib/api/contracts/identity';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const INFO = urlOf(identity.userInfo);
const LOGOUT = urlOf(identity.logout);

describe('login-invalid codes on a call that needs a user', () => {
  test('a valid token gives the user info', async () => {
    const me = await loginAs(server(), DEMO.id, '13900001234');
    const info = expectOk(await server().post(INFO, {}, withToken(me.token)));
    expect(info).toMatchObject({ id: me.userId, userId: me.userId, mobile: '13900001234', type: 'user', nickName: '学员1234' });
  });

  test('no token is 40001', async () => {
    expectRefused(await server().post(INFO, {}), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test('an unknown token is 40001', async () => {
    expectRefused(await server().post(INFO, {}, withToken('not-a-real-token')), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test('an expired token is 40001, a moment before expiry it works', async () => {
    const me = await loginAs(server(), DEMO.id, undefined, 2 * HOUR);
    server().clock.advance(2 * HOUR - 1);
    expectOk(await server().post(INFO, {}, withToken(me.token)));
    server().clock.advance(1);
    expectRefused(await server().post(INFO, {}, withToken(me.token)), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test('a token after logout is 40005, and logging out twice is fine', async () => {
    const me = await loginAs(server(), DEMO.id);
    expectOk(await server().post(LOGOUT, {}, withToken(me.token)));
    expectRefused(await server().post(INFO, {}, withToken(me.token)), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
    expectOk(await server().post(LOGOUT, {}, withToken(me.token)));
    expectOk(await server().post(LOGOUT, {}));
  });

  test('a token issued by one school is 40009 at another school', async () => {
    const me = await loginAs(server(), DEMO.id);
    expectRefused(await server().post(INFO, {}, { tenant: HUAXIA.id, headers: { Token: me.token } }), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    // Logging out there still ends it (decision 017; tests/api/identity.test.ts).
    expectOk(await server().post(LOGOUT, {}, { tenant: HUAXIA.id, headers: { Token: me.token } }));
    expectRefused(await server().post(INFO, {}, withToken(me.token)), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
  });

  test('answers that depend on the user are never stored by a shared cache', async () => {
    const me = await loginAs(server(), DEMO.id);
    const answer = await server().post(INFO, {}, withToken(me.token));
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
  });
});
