import { describe, expect, test } from 'vitest';
import { encryptTokenParam } from '~/server/identity/token-param';
import { PATH, expectOk, expectRefused } from '../setup/api';
import { TOKEN_PARAM_SECRET, useTestServer } from '../setup/server';

const server = useTestServer();

describe('oauth/anyTenant/tokenParam/decode', () => {
  test('decodes a parameter made with the server secret, and is never cached', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.user-123.sig';
    const answer = await server().post(PATH.tokenDecode, { token: encryptTokenParam(token, TOKEN_PARAM_SECRET) });
    expect(expectOk(answer)).toEqual({ token });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('works without any tenant', async () => {
    const answer = await server().post(PATH.tokenDecode, { token: encryptTokenParam('abc', TOKEN_PARAM_SECRET) }, { tenant: null, headers: { Host: 'unknown.localhost' } });
    expect(expectOk(answer)).toEqual({ token: 'abc' });
  });

  test('a parameter made with another secret is refused', async () => {
    const answer = await server().post(PATH.tokenDecode, { token: encryptTokenParam('abc', 'some-other-secret-that-is-long-enough-123') });
    expectRefused(answer, 400);
    expect(answer.body.message).toBe('令牌参数无效');
  });

  test('an altered parameter is refused', async () => {
    const good = encryptTokenParam('abc', TOKEN_PARAM_SECRET);
    const altered = `${good.slice(0, 20)}${good[20] === 'A' ? 'B' : 'A'}${good.slice(21)}`;
    expectRefused(await server().post(PATH.tokenDecode, { token: altered }), 400);
  });
});
