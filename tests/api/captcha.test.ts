import { describe, expect, test } from 'vitest';
import { expectRefused } from '../setup/api';
import { DEMO, HUAXIA, PRODUCTION_ENV, startTestServer, useTestServer } from '../setup/server';
import { CAPTCHA, LATEST_CAPTCHA, MINUTE, captchaImage, freshIp, freshKey, getFrom, latestCaptcha, wrongCode } from '../setup/certificates';
import { CAPTCHA_LIMITS, checkAndBurnCaptcha } from '~/server/captcha/captcha.service';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const check = (key: string, code: string, tenantId: string = DEMO.id) => checkAndBurnCaptcha(server().runtime.db, tenantId, key, code, server().clock.value);

/** A captcha image for a fresh key, and its answer. */
async function newCaptcha(tenant: string = DEMO.id) {
  const key = freshKey();
  const image = await captchaImage(server(), key, { tenant });
  expect(image.status, image.text).toBe(200);
  return { key, code: await latestCaptcha(server(), key, { tenant }) };
}

describe('GET /api/oauth/anyTenant/captcha', () => {
  test('answers an SVG picture 112 px wide, never stored by a cache', async () => {
    const answer = await captchaImage(server(), freshKey());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="112" height="38" viewBox="0 0 112 38">/);
    expect(answer.text.endsWith('</svg>')).toBe(true);
    // The digits are drawn as paths: no text element, nothing that runs.
    expect(answer.text).not.toMatch(/<text|<script|<foreignObject|href=|on\w+=/i);
    expect(answer.text.match(/<path /g)!.length).toBeGreaterThanOrEqual(4 + 3);
    expect(answer.text.match(/<circle /g)!.length).toBeGreaterThanOrEqual(20);
  });

  test('two pictures of the same answer differ (positions and distortions are random)', async () => {
    const a = await captchaImage(server(), freshKey());
    const b = await captchaImage(server(), freshKey());
    expect(a.text).not.toBe(b.text);
  });

  test('the answer is 4 digits, stored only hashed, bound to the school and key, valid 5 minutes', async () => {
    const ip = freshIp();
    const key = freshKey();
    expect((await captchaImage(server(), key, { ip })).status).toBe(200);
    const code = await latestCaptcha(server(), key);
    const rows = await server().runtime.db.selectFrom('captchas').selectAll().where('captchaKey', '=', key).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ tenantId: DEMO.id, captchaKey: key, ip, usedAt: null, createdAt: server().clock.value });
    expect(row.expiresAt - row.createdAt).toBe(5 * MINUTE);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    for (const value of Object.values(row)) expect(value).not.toBe(code);
  });

  test('asking again with the same key replaces the answer', async () => {
    const key = freshKey();
    await captchaImage(server(), key);
    const first = await latestCaptcha(server(), key);
    let second = first;
    // A new answer is random: ask until it differs (1 in 10 000 that it does not).
    for (let i = 0; i < 5 && second === first; i++) {
      await captchaImage(server(), key);
      second = await latestCaptcha(server(), key);
    }
    expect(second).not.toBe(first);
    const live = await server().runtime.db.selectFrom('captchas').select('id').where('captchaKey', '=', key).where('usedAt', 'is', null).execute();
    expect(live).toHaveLength(1);
    // The old answer no longer works (and, like any check, burns the captcha).
    expect(await check(key, first)).toBe('wrong');
    // The newest picture's answer works.
    await captchaImage(server(), key);
    expect(await check(key, await latestCaptcha(server(), key))).toBe('passed');
  });

  test.each([
    ['missing', null],
    ['empty', ''],
    ['15 characters', 'abcdefghijklmno'],
    ['17 characters', 'abcdefghijklmnopq'],
    ['a hyphen', 'abcdefgh-jklmnop'],
    ['a space', 'abcdefgh jklmnop'],
    ['Chinese characters', '验证码验证码验证码验证码验证码验证'],
    ['a very long text', 'a'.repeat(5000)],
    ['SQL', "' OR 1=1 --aaaaa"],
  ])('a bad key (%s) gets a clear envelope, never a 500', async (_label, key) => {
    const answer = await getFrom(server(), CAPTCHA, key === null ? {} : { key });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('captcha.keyInvalid'));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('a repeated key parameter is read as one value, never a 500', async () => {
    const res = await server().app.request(`${CAPTCHA}?key=${freshKey()}&key=${freshKey()}`, { headers: { TenantId: DEMO.id } }, { ip: freshIp() });
    expect(res.status).toBeLessThan(500);
  });

  test('an unknown school gets the tenant-not-found code', async () => {
    expectRefused(await captchaImage(server(), freshKey(), { tenant: '999999' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(
      await captchaImage(server(), freshKey(), { tenant: null, headers: { Host: 'nosuch.localhost' } }),
      ErrorCode.TENANT_NOT_FOUND,
      t('tenant.notFound'),
    );
  });

  test('the school may be named by the tenantId query parameter (an <img> sends no TenantId header)', async () => {
    const key = freshKey();
    expect((await captchaImage(server(), key, { tenant: null }, { tenantId: HUAXIA.id })).status).toBe(200);
    const code = await latestCaptcha(server(), key, { tenant: HUAXIA.id });
    const row = await server().runtime.db.selectFrom('captchas').select('tenantId').where('captchaKey', '=', key).executeTakeFirstOrThrow();
    expect(row.tenantId).toBe(HUAXIA.id);
    // Bound to that school: the demo school does not know it.
    expectRefused(await getFrom(server(), LATEST_CAPTCHA, { key }, { tenant: DEMO.id }), ErrorCode.NOT_FOUND, t('captcha.notFound'));
    expect(await check(key, code, DEMO.id)).toBe('expired');
    expect(await check(key, code, HUAXIA.id)).toBe('passed');
  });

  test(`at most ${CAPTCHA_LIMITS.perIpMinute} pictures per IP address a minute, in all schools together`, async () => {
    const ip = freshIp();
    const start = server().clock.value;
    for (let i = 0; i < CAPTCHA_LIMITS.perIpMinute; i++) {
      const answer = await captchaImage(server(), freshKey(), { ip, tenant: i % 2 ? DEMO.id : HUAXIA.id });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
    const refused = await captchaImage(server(), freshKey(), { ip });
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('captcha.tooMany'));
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Reusing one key is no way around it.
    expectRefused(await captchaImage(server(), 'AAAAAAAAAAAAAAAA', { ip }), ErrorCode.TOO_MANY_REQUESTS, t('captcha.tooMany'));
    // Another address is not affected.
    expect((await captchaImage(server(), freshKey(), { ip: freshIp() })).status).toBe(200);
    // A minute after the first picture, the address may ask again.
    server().clock.set(start + MINUTE);
    const again = await captchaImage(server(), freshKey(), { ip });
    expect(again.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});

describe('checkAndBurnCaptcha', () => {
  test('the right answer passes once; a second check with the same key finds no live captcha', async () => {
    const { key, code } = await newCaptcha();
    expect(await check(key, code)).toBe('passed');
    expect(await check(key, code)).toBe('expired');
    // Nothing is left to read on the development endpoint either.
    expectRefused(await getFrom(server(), LATEST_CAPTCHA, { key }), ErrorCode.NOT_FOUND, t('captcha.notFound'));
  });

  test('a wrong answer is wrong and burns the captcha: the right answer afterwards finds it used', async () => {
    const { key, code } = await newCaptcha();
    expect(await check(key, wrongCode(code))).toBe('wrong');
    expect(await check(key, code)).toBe('expired');
  });

  test.each([
    ['', 'empty'],
    ['12345', 'too long'],
    ['abcd', 'letters'],
    [' 12 ', 'short'],
  ])('an answer %j (%s) is wrong and burns it', async (given) => {
    const { key, code } = await newCaptcha();
    expect(await check(key, given)).toBe('wrong');
    expect(await check(key, code)).toBe('expired');
  });

  test('the answer is accepted with surrounding blanks', async () => {
    const { key, code } = await newCaptcha();
    expect(await check(key, ` ${code} `)).toBe('passed');
  });

  test('expires after 5 minutes', async () => {
    const a = await newCaptcha();
    server().clock.advance(5 * MINUTE - 1);
    expect(await check(a.key, a.code)).toBe('passed');

    const b = await newCaptcha();
    server().clock.advance(5 * MINUTE);
    expect(await check(b.key, b.code)).toBe('expired');
    // Even a wrong answer to an expired captcha is told it expired: there is nothing to be wrong about.
    const c = await newCaptcha();
    server().clock.advance(5 * MINUTE);
    expect(await check(c.key, wrongCode(c.code))).toBe('expired');
    expectRefused(await getFrom(server(), LATEST_CAPTCHA, { key: b.key }), ErrorCode.NOT_FOUND, t('captcha.notFound'));
  });

  test("an unknown or malformed key and another school's captcha have no live captcha", async () => {
    expect(await check(freshKey(), '1234')).toBe('expired');
    expect(await check('short', '1234')).toBe('expired');
  });

  test('of two checks at the same moment only one passes', async () => {
    const { key, code } = await newCaptcha();
    const results = await Promise.all([check(key, code), check(key, code), check(key, code)]);
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r === 'expired')).toHaveLength(2);
  });
});

describe('GET /api/oauth/anyTenant/dev/latestCaptcha (development and tests only)', () => {
  test('refuses a bad key with a clear envelope and an unknown key with 404', async () => {
    const bad = await getFrom(server(), LATEST_CAPTCHA, { key: 'nope' });
    expectRefused(bad, ErrorCode.BAD_REQUEST, t('captcha.keyInvalid'));
    const unknown = await getFrom(server(), LATEST_CAPTCHA, { key: freshKey() });
    expectRefused(unknown, ErrorCode.NOT_FOUND, t('captcha.notFound'));
  });

  test('does not exist in production', async () => {
    const prod = await startTestServer(PRODUCTION_ENV);
    try {
      const key = freshKey();
      expect((await captchaImage(prod, key)).status).toBe(200);
      const answer = await getFrom(prod, LATEST_CAPTCHA, { key });
      expect(answer.status).toBe(404);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
      expect(answer.text).not.toMatch(/"code":"\d{4}"/);
    } finally {
      await prod.close();
    }
  });
});

describe('the stored answers', () => {
  test('day-old captchas are cleaned up when new pictures are made', async () => {
    const { key } = await newCaptcha();
    server().clock.advance(24 * 60 * MINUTE + 1);
    await captchaImage(server(), freshKey());
    const left = await server().runtime.db.selectFrom('captchas').select('id').where('captchaKey', '=', key).execute();
    expect(left).toHaveLength(0);
  });

  test('the picture and the answer of one school never serve another', async () => {
    const { key, code } = await newCaptcha(HUAXIA.id);
    expect(await check(key, code, DEMO.id)).toBe('expired');
    // The failed check in another school did not burn it in its own.
    expect(await check(key, code, HUAXIA.id)).toBe('passed');
  });
});
