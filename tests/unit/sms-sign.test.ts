import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { smsSign, smsSignText } from '~/lib/sms-sign';
import { smsMobileError } from '~/lib/sms-codes';
import { SMS_PER_VERIFIED_CODE, hashCode, newCode, sameHex, signMatches, smsAddressBudget } from '~/server/sms/sms.rules';
import { startOfCstDay } from '~/lib/time/cst';

describe('smsSignText', () => {
  test('parameters except sign, sorted by name, as k=v&k=v, then &key=', () => {
    expect(smsSignText({ timestamp: 1763776800000, mobile: '13800138000', templateCode: 'VISITOR_MSG_VERIFY', sign: 'x' }, 'K')).toBe(
      'mobile=13800138000&templateCode=VISITOR_MSG_VERIFY&timestamp=1763776800000&key=K',
    );
  });

  test('sorts by code point (upper case before lower case), not by locale', () => {
    expect(smsSignText({ b: 1, a: 2, B: 3, _: 4 }, 'k')).toBe('B=3&_=4&a=2&b=1&key=k');
  });

  test('leaves out undefined and null values but keeps empty text', () => {
    expect(smsSignText({ mobile: '', templateCode: undefined, x: null }, 'k')).toBe('mobile=&key=k');
  });
});

describe('smsSign', () => {
  test('is the lower-case hex SHA-256 of the sign text (WebCrypto equals node:crypto)', async () => {
    const params = { mobile: '13800138000', timestamp: '1763776800000' };
    const expected = createHash('sha256').update(smsSignText(params, 'access-key')).digest('hex');
    const sign = await smsSign(params, 'access-key');
    expect(sign).toBe(expected);
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
  });

  test('changes with any parameter and with the key', async () => {
    const base = await smsSign({ mobile: '13800138000', timestamp: '1' }, 'k');
    expect(await smsSign({ mobile: '13800138001', timestamp: '1' }, 'k')).not.toBe(base);
    expect(await smsSign({ mobile: '13800138000', timestamp: '2' }, 'k')).not.toBe(base);
    expect(await smsSign({ mobile: '13800138000', timestamp: '1' }, 'k2')).not.toBe(base);
    // ...but not with the order the parameters were given in, nor with a sign parameter.
    expect(await smsSign({ timestamp: '1', mobile: '13800138000', sign: 'old' }, 'k')).toBe(base);
  });
});

describe('smsMobileError (the code button checks the mobile first)', () => {
  test.each([
    [undefined, '请输入手机号码'],
    [null, '请输入手机号码'],
    ['', '请输入手机号码'],
    ['  ', '请输入手机号码'],
    ['1380013800', '请输入正确的手机号码'],
    ['138001380000', '请输入正确的手机号码'],
    ['23800138000', '请输入正确的手机号码'],
    ['1380013800x', '请输入正确的手机号码'],
    ['13800138000', null],
    [' 13800138000 ', null],
  ])('%j -> %j', (mobile, message) => {
    expect(smsMobileError(mobile)).toBe(message);
  });
});

describe('codes', () => {
  test('six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  test('the stored hash depends on the secret, the school, the mobile, the template and the code', () => {
    const v = { tenantId: 't1', mobile: '13800138000', templateCode: 'VISITOR_MSG_VERIFY', code: '012345' };
    const h = hashCode('secret', v);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('012345');
    expect(hashCode('secret', v)).toBe(h);
    expect(hashCode('other', v)).not.toBe(h);
    for (const change of [{ tenantId: 't2' }, { mobile: '13800138001' }, { templateCode: 'MOBILE_LOGIN_REGISTER' }, { code: '012346' }]) {
      expect(hashCode('secret', { ...v, ...change })).not.toBe(h);
    }
  });

  test('hex texts compare by value, never as empty', () => {
    expect(sameHex('0a1b', '0A1B')).toBe(true);
    expect(sameHex('0a1b', '0a1c')).toBe(false);
    expect(sameHex('0a1b', '0a1b00')).toBe(false);
    expect(sameHex('', '')).toBe(false);
  });

  test('a day starts at 00:00 China Standard Time', () => {
    const midnightCst = Date.UTC(2026, 10, 21, 16, 0, 0); // 2026-11-22 00:00 +08:00
    expect(startOfCstDay(midnightCst)).toBe(midnightCst);
    expect(startOfCstDay(midnightCst + 86_400_000 - 1)).toBe(midnightCst);
    expect(startOfCstDay(midnightCst - 1)).toBe(midnightCst - 86_400_000);
  });
});

describe('signMatches', () => {
  const query = { mobile: '13800138000', templateCode: 'VISITOR_MSG_VERIFY', timestamp: '1763776800000' };

  test('the sign of the query with the access key matches, in either case and with spaces around', async () => {
    const sign = await smsSign(query, 'access-key');
    expect(signMatches(sign, query, 'access-key')).toBe(true);
    expect(signMatches(` ${sign.toUpperCase()} `, query, 'access-key')).toBe(true);
  });

  test('another key, another query or a malformed sign does not', async () => {
    const sign = await smsSign(query, 'access-key');
    expect(signMatches(sign, query, 'other-key')).toBe(false);
    expect(signMatches(sign, { ...query, mobile: '13800138001' }, 'access-key')).toBe(false);
    expect(signMatches(sign, { ...query, extra: 'x' }, 'access-key')).toBe(false);
    for (const bad of ['', 'abc', '0'.repeat(64), `${sign}00`, sign.replace(/^./, 'g')]) expect(signMatches(bad, query, 'access-key'), bad).toBe(false);
  });
});

describe('the address budget of SMS codes', () => {
  test('the configured limit, plus SMS_PER_VERIFIED_CODE for each code typed back; never below the limit', () => {
    expect(smsAddressBudget(20, 0)).toBe(20);
    expect(smsAddressBudget(20, 1)).toBe(20 + SMS_PER_VERIFIED_CODE);
    expect(smsAddressBudget(20, 15)).toBe(50);
    expect(smsAddressBudget(20, -3)).toBe(20);
  });
});
