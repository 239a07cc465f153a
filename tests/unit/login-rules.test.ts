import { describe, expect, test } from 'vitest';
import { parseConfig } from '~/server/config';
import {
  LOGIN_THROTTLE,
  SSO_CLOCK_SKEW_S,
  SSO_MAX_LIFETIME_S,
  addressFailureBudget,
  invitationUsable,
  throttleKey,
  partnerUrl,
  ssoTimesValid,
} from '~/server/login/login.rules';
import type { InvitationCode } from '~/server/login/login.table';
import { loginErrors, loginFieldError } from '~/lib/rules/login';
import { JOIN_SCHOOLS, registerErrors, registerTypeOf } from '~/lib/rules/register';

describe('login form rules', () => {
  test.each([
    ['mobile', '', '请输入手机号码'],
    ['mobile', '   ', '请输入手机号码'],
    ['mobile', '1380013800', '请输入正确的手机号码'],
    ['mobile', '138001380001', '请输入正确的手机号码'],
    ['mobile', '23800138000', '请输入正确的手机号码'],
    ['mobile', '13800138000', null],
    ['code', '', '请输入验证码'],
    ['code', '12345', '请输入6位验证码'],
    ['code', '12a456', '请输入6位验证码'],
    ['code', '123456', null],
    ['password', '', '请输入密码'],
    ['password', 'x', null],
    ['agreed', false, '请先阅读并同意协议'],
    ['agreed', true, null],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(loginFieldError(field, value)).toBe(message);
  });

  test('each mode checks its own fields, in order', () => {
    expect(loginErrors('code', {})).toEqual({ mobile: '请输入手机号码', code: '请输入验证码', agreed: '请先阅读并同意协议' });
    expect(loginErrors('password', { mobile: '13800138000', agreed: true })).toEqual({ password: '请输入密码' });
  });
});

describe('registration rules', () => {
  test('type 2 is the enterprise form; 1 and 3 (and anything else) the join form', () => {
    expect(registerTypeOf('2')).toBe(2);
    expect(registerTypeOf('3')).toBe(3);
    expect(registerTypeOf('1')).toBe(1);
    expect(registerTypeOf(null)).toBe(1);
    expect(registerTypeOf('9')).toBe(1);
    expect(JOIN_SCHOOLS[1]).toHaveLength(3);
    expect(JOIN_SCHOOLS[3]).toHaveLength(1);
  });

  test('join form messages', () => {
    expect(registerErrors(1, { agreed: true })).toEqual({
      name: '请输入姓名',
      mobile: '请输入手机号码',
      code: '请输入验证码',
      schoolId: '请选择要加入的云校',
    });
    expect(registerErrors(3, { name: '一二三四五六七八九十十一', mobile: '13800138000', code: '123456', schoolId: 'x', agreed: true })).toEqual({
      name: '姓名不能超过11个字符',
    });
  });

  test('enterprise form messages', () => {
    expect(registerErrors(2, { name: '张三', mobile: '13800138000', code: '123456', agreed: true })).toEqual({
      enterpriseName: '请输入企业名称',
      invitationCode: '请输入邀请码',
    });
    expect(
      registerErrors(2, { name: '张三', mobile: '13800138000', code: '123456', enterpriseName: '某公司', invitationCode: 'ABCDEFG', agreed: true }),
    ).toEqual({
      invitationCode: '邀请码不能超过6位',
    });
  });
});

describe('single sign-on secrets', () => {
  test('development defaults outside production; off in production until set', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).SSO_SHARED_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ NODE_ENV: 'development' }).PARTNER_SSO_SECRET?.length).toBeGreaterThanOrEqual(32);
    const prod = parseConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a'.repeat(32),
      TOKEN_PARAM_SECRET: 'b'.repeat(32),
      CERTIFICATE_SECRET: 'c'.repeat(32),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.test/send',
    });
    expect(prod.SSO_SHARED_SECRET).toBeNull();
    expect(prod.PARTNER_SSO_SECRET).toBeNull();
    const set = parseConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a'.repeat(32),
      TOKEN_PARAM_SECRET: 'b'.repeat(32),
      CERTIFICATE_SECRET: 'c'.repeat(32),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.test/send',
      SSO_SHARED_SECRET: 'c'.repeat(32),
    });
    expect(set.SSO_SHARED_SECRET).toBe('c'.repeat(32));
  });

  test('a short secret or a bad partner URL is refused by name', () => {
    expect(() => parseConfig({ NODE_ENV: 'development', SSO_SHARED_SECRET: 'short' })).toThrow(/SSO_SHARED_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'development', PARTNER_SSO_SECRET: 'short' })).toThrow(/PARTNER_SSO_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'development', PARTNER_SSO_URL: 'not a url' })).toThrow(/PARTNER_SSO_URL/);
  });
});

describe('login throttle key', () => {
  test("a known account's names share one key: its user id", () => {
    expect(throttleKey('13800138000', '42')).toBe('user:42');
    expect(throttleKey('  Demo_Student ', '42')).toBe('user:42');
    expect(throttleKey('x'.repeat(64), 'u'.repeat(32)).length).toBeLessThanOrEqual(64);
  });

  test('a name of nobody is its own key: a digest of the name trimmed and lower-cased, never the text', () => {
    const key = throttleKey('  Demo_Student ', null);
    expect(key).toBe(throttleKey('demo_student', null));
    expect(key).toMatch(/^name:[0-9a-f]{40}$/);
    expect(key).not.toContain('demo');
    expect(throttleKey('demo_student2', null)).not.toBe(key);
    expect(throttleKey('x'.repeat(200), null)).toHaveLength(45);
    // A typed name can never fall on an account's key.
    expect(throttleKey('user:42', null)).not.toBe('user:42');
    expect(LOGIN_THROTTLE.perAccount).toBeLessThan(LOGIN_THROTTLE.perIp);
  });

  test('an address may fail 20 times, 5 more for each distinct account that logged in from it', () => {
    expect(addressFailureBudget(0)).toBe(20);
    expect(addressFailureBudget(1)).toBe(25);
    expect(addressFailureBudget(50)).toBe(270);
    expect(addressFailureBudget(-3)).toBe(20);
    // one account lends no more than its own failures would use up
    expect(LOGIN_THROTTLE.perIpPerAccountIn).toBeLessThanOrEqual(LOGIN_THROTTLE.perAccount);
  });
});

describe('invitation codes', () => {
  const NOW = 1_000_000;
  const code: InvitationCode = {
    id: 'c1',
    tenantId: 't1',
    code: 'A1B2C3',
    enterpriseName: '某公司',
    status: 1,
    expiresAt: null,
    maxUses: null,
    usedCount: 0,
    createdAt: 0,
  };

  test('usable only in its own school, active, unexpired and with uses left', () => {
    expect(invitationUsable(code, 't1', NOW)).toBe(true);
    expect(invitationUsable(undefined, 't1', NOW)).toBe(false);
    expect(invitationUsable(code, 't2', NOW)).toBe(false);
    expect(invitationUsable({ ...code, status: 0 }, 't1', NOW)).toBe(false);
    expect(invitationUsable({ ...code, expiresAt: NOW }, 't1', NOW)).toBe(false);
    expect(invitationUsable({ ...code, expiresAt: NOW + 1 }, 't1', NOW)).toBe(true);
    expect(invitationUsable({ ...code, maxUses: 1, usedCount: 1 }, 't1', NOW)).toBe(false);
    expect(invitationUsable({ ...code, maxUses: 2, usedCount: 1 }, 't1', NOW)).toBe(true);
  });
});

describe('single sign-on token times (epoch seconds)', () => {
  const now = 1_800_000_000;

  test('valid before exp, living at most the maximum, issued no later than the clock difference', () => {
    expect(ssoTimesValid({ iat: now, exp: now + SSO_MAX_LIFETIME_S }, now)).toBe(true);
    expect(ssoTimesValid({ iat: now - 10, exp: now + 1 }, now)).toBe(true);
    expect(ssoTimesValid({ iat: now - 10, exp: now }, now)).toBe(false);
    expect(ssoTimesValid({ iat: now, exp: now + SSO_MAX_LIFETIME_S + 1 }, now)).toBe(false);
    expect(ssoTimesValid({ iat: now + 10, exp: now + 5 }, now)).toBe(false);
    expect(ssoTimesValid({ iat: now + SSO_CLOCK_SKEW_S, exp: now + SSO_CLOCK_SKEW_S + 1 }, now)).toBe(true);
    expect(ssoTimesValid({ iat: now + SSO_CLOCK_SKEW_S + 1, exp: now + SSO_CLOCK_SKEW_S + 2 }, now)).toBe(false);
  });

  test('the partner address gets the ticket in its query', () => {
    expect(partnerUrl('https://p.example.com/sso', 'a.b')).toBe('https://p.example.com/sso?ticket=a.b');
    expect(partnerUrl('https://p.example.com/sso?from=portal', 'a.b')).toBe('https://p.example.com/sso?from=portal&ticket=a.b');
  });
});
