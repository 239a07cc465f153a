import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, PRODUCTION_ENV, startTestServer, useTestServer } from '../setup/server';
import { LOGIN, codeLogin, postAs, uniqueMobile } from '../setup/login';
import { makeSsoToken } from '~/server/login/sso.service';
import { readSignedToken, signToken } from '~/server/signed-token';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const SSO_SECRET = 'test-sso-shared-secret-0123456789abcdef';
const PARTNER_SECRET = 'test-partner-sso-secret-0123456789abcdef';
const server = useTestServer({ SSO_SHARED_SECRET: SSO_SECRET });

const sso = (ticket: unknown) => postAs(server(), LOGIN.sso, { ticket }, { tenant: null });
const token = (o: { mobile?: string; tenantId?: string; lifetimeS?: number; nowMs?: number; nonce?: string; nickName?: string } = {}) =>
  makeSsoToken(SSO_SECRET, { mobile: o.mobile ?? uniqueMobile('186'), tenantId: o.tenantId ?? DEMO.id, nowMs: o.nowMs ?? server().clock.value, ...o });

describe('single sign-on in (/sso-login)', () => {
  test('a valid token signs the user in: created, bound to the school, a working token', async () => {
    const mobile = uniqueMobile('186');
    const answer = await sso(token({ mobile, nickName: '单点用户' }));
    const data = expectOk(answer);
    expect(Object.keys(data).sort()).toEqual(['expiration', 'tenantId', 'token', 'userId']);
    expect(data.tenantId).toBe(DEMO.id);
    const info = expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: data.token, tenant: DEMO.id }));
    expect(info).toMatchObject({ userId: data.userId, mobile, nickName: '单点用户' });
    const bound = await server().runtime.db.selectFrom('userTenants').selectAll().where('userId', '=', data.userId).execute();
    expect(bound.map((b) => b.tenantId)).toEqual([DEMO.id]);
  });

  test('an existing user is the same user', async () => {
    const u = await codeLogin(server());
    expect(expectOk(await sso(token({ mobile: u.mobile }))).userId).toBe(u.userId);
  });

  test('the token of one school signs in to that school only', async () => {
    const data = expectOk(await sso(token({ tenantId: HUAXIA.id })));
    expect(data.tenantId).toBe(HUAXIA.id);
    expectRefused(await postAs(server(), LOGIN.userInfo, {}, { token: data.token, tenant: DEMO.id }), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  });

  test('a replayed token is refused (the nonce is used once)', async () => {
    const ticket = token();
    expectOk(await sso(ticket));
    const again = await sso(ticket);
    expectRefused(again, ErrorCode.BAD_REQUEST, t('sso.invalid'));
    // Two at the same moment: exactly one wins.
    const u = token();
    const both = await Promise.all([sso(u), sso(u)]);
    expect(both.filter((a) => a.body.code === 0)).toHaveLength(1);
  });

  test('an expired token is refused (clock moved, not waited for)', async () => {
    const ticket = token({ lifetimeS: 300 });
    server().clock.advance(300_000);
    const late = await sso(ticket);
    expectRefused(late, ErrorCode.BAD_REQUEST, t('sso.invalid'));
    const fresh = token({ lifetimeS: 300 });
    server().clock.advance(299_000);
    expectOk(await sso(fresh));
  });

  test('a token living longer than 5 minutes is refused', async () => {
    expectRefused(await sso(token({ lifetimeS: 301 })), ErrorCode.BAD_REQUEST, t('sso.invalid'));
  });

  test('a token issued in the future is refused', async () => {
    expectRefused(await sso(token({ nowMs: server().clock.value + 120_000 })), ErrorCode.BAD_REQUEST, t('sso.invalid'));
  });

  test('a bad signature, another secret or an altered payload is refused', async () => {
    const good = token();
    const [body, sig] = good.split('.') as [string, string];
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...payload, mobile: '13900000001' })).toString('base64url');
    const cases = [
      `${body}.${flipped}`,
      makeSsoToken('another-secret-that-is-long-enough-0123456789', { mobile: uniqueMobile('186'), tenantId: DEMO.id, nowMs: server().clock.value }),
      `${altered}.${sig}`,
      `${body}.`,
      body,
      'not-a-token',
      `${body}.${createHmac('sha256', SSO_SECRET).update('other').digest('base64url')}`,
    ];
    for (const ticket of cases) {
      const answer = await sso(ticket);
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('sso.invalid'));
    }
    // None of them created the altered user's session.
    expectOk(await sso(good));
  });

  test('a well-signed token with a bad payload is refused', async () => {
    const now = Math.floor(server().clock.value / 1000);
    const base = { mobile: uniqueMobile('186'), tenantId: DEMO.id, iat: now, exp: now + 60, nonce: 'n'.repeat(22) };
    for (const payload of [
      { ...base, mobile: '12345' },
      { ...base, tenantId: '9999999999999999999' },
      { ...base, nonce: 'short' },
      { ...base, exp: 'later' },
      { ...base, exp: now - 1 },
      { mobile: base.mobile },
    ]) {
      const answer = await sso(signToken(payload, SSO_SECRET));
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('sso.invalid'));
    }
  });

  test('bad input never gives a 500', async () => {
    for (const [body, message] of [
      [{}, t('sso.invalid')],
      [{ ticket: '' }, t('sso.invalid')],
      [{ ticket: 'x'.repeat(5000) }, t('sso.invalid')],
      [{ ticket: 42 }, t('sso.invalid')],
      ['[]', t('validation.invalid')],
    ] as const) {
      expectRefused(await postAs(server(), LOGIN.sso, body, { tenant: null }), ErrorCode.BAD_REQUEST, message);
    }
  });

  test('in production without SSO_SHARED_SECRET single sign-on is off', async () => {
    const prod = await startTestServer(PRODUCTION_ENV);
    try {
      expect(prod.runtime.config.SSO_SHARED_SECRET).toBeNull();
      const answer = await postAs(prod, LOGIN.sso, { ticket: token() }, { tenant: null });
      expectRefused(answer, ErrorCode.UNAVAILABLE, t('sso.off'));
    } finally {
      await prod.close();
    }
  });
});

describe('partner single sign-on out (POST /api/contact/app/kingdee/sso)', () => {
  test('is not there outside the partner edition', async () => {
    const u = await codeLogin(server());
    const answer = await postAs(server(), LOGIN.kingdee, {}, { token: u.token });
    expect(answer.status).toBe(404);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
  });

  test('in the partner edition: a signed 5-minute ticket of the logged-in student, and the partner URL', async () => {
    const partner = await startTestServer({ PARTNER_EDITION: 'true', PARTNER_SSO_SECRET: PARTNER_SECRET, PARTNER_SSO_URL: 'https://kingdee.example.com/sso' });
    try {
      const u = await codeLogin(partner);
      expectRefused(await postAs(partner, LOGIN.kingdee, {}), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
      const data = expectOk(await postAs(partner, LOGIN.kingdee, {}, { token: u.token }));
      expect(data.expiresAt).toBe(Math.floor(partner.clock.value / 1000) * 1000 + 300_000);
      expect(data.url).toBe(`https://kingdee.example.com/sso?ticket=${data.ticket}`);
      const payload = readSignedToken(data.ticket, PARTNER_SECRET);
      expect(payload).toMatchObject({ iss: 'szyx', aud: 'kingdee', sub: u.userId, mobile: u.mobile, tenantId: DEMO.id });
      expect(readSignedToken(data.ticket, 'another-secret-that-is-long-enough-0123456789')).toBeNull();
    } finally {
      await partner.close();
    }
  });
});
