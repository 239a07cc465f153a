import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEVICE_COOKIE_TTL_MS,
  DEVICE_TOKEN_PATTERN,
  attemptVerdict,
  deviceCookie,
  newDeviceToken,
  trustedDevice,
  type AttemptCounts,
} from '~/server/login/attempts.rules';
import { LOGIN_THROTTLE } from '~/server/login/login.rules';
import { DAY } from '~/lib/time/cst';

/** The throttles' pure rules (decision 053): the verdict at every boundary and the device cookie. */

const LIMITS = { perDevice: 5, perAccountAddress: 5, perAccount: 10 };
const base: AttemptCounts = { trusted: false, device: 0, accountAddress: 1, account: 1, address: 1, addressBudget: 20, captchaGiven: false };

describe('attemptVerdict', () => {
  test('a browser the account does not know: its pair and the account refuse past their limits, the address asks for a captcha', () => {
    expect(attemptVerdict({ ...base, accountAddress: 5, account: 10, address: 20 }, LIMITS)).toBe('allow');
    expect(attemptVerdict({ ...base, accountAddress: 6 }, LIMITS)).toBe('refuse');
    expect(attemptVerdict({ ...base, account: 11 }, LIMITS)).toBe('refuse');
    expect(attemptVerdict({ ...base, address: 21 }, LIMITS)).toBe('captcha');
    expect(attemptVerdict({ ...base, address: 21, captchaGiven: true }, LIMITS)).toBe('captcha');
    // A refusal of the account wins over the captcha: a captcha never opens an account's limit.
    expect(attemptVerdict({ ...base, address: 21, accountAddress: 6, captchaGiven: true }, LIMITS)).toBe('refuse');
    expect(attemptVerdict({ ...base, address: 1000, addressBudget: null }, LIMITS)).toBe('allow');
  });

  test('a known browser counts its own failures only', () => {
    const known = { ...base, trusted: true, accountAddress: 99, account: 99, address: 99 };
    expect(attemptVerdict({ ...known, device: 5 }, LIMITS)).toBe('allow');
    expect(attemptVerdict({ ...known, device: 6 }, LIMITS)).toBe('refuse');
  });

  test('the verdict only ever grows stricter as any count grows', () => {
    const rank = { allow: 0, captcha: 1, refuse: 2 } as const;
    const counts = fc.record({
      trusted: fc.boolean(),
      device: fc.nat(30),
      accountAddress: fc.nat(30),
      account: fc.nat(30),
      address: fc.nat(60),
      addressBudget: fc.option(fc.nat(60), { nil: null }),
      captchaGiven: fc.boolean(),
    });
    fc.assert(
      fc.property(counts, fc.constantFrom('device', 'accountAddress', 'account', 'address'), (c, key) => {
        const more = { ...c, [key]: c[key] + 1 };
        expect(rank[attemptVerdict(more, LOGIN_THROTTLE)]).toBeGreaterThanOrEqual(rank[attemptVerdict(c, LOGIN_THROTTLE)]);
      }),
    );
  });
});

describe('the device cookie', () => {
  const secret = 'a'.repeat(32);
  test('signed for one account and kind: the same cookie is a stranger to another account, kind or secret', () => {
    const token = newDeviceToken(secret, 'student', 'user:1');
    expect(token).toMatch(DEVICE_TOKEN_PATTERN);
    const id = trustedDevice(secret, 'student', 'user:1', token);
    expect(id).toBe(token.slice(0, 22));
    expect(trustedDevice(secret, 'student', 'user:2', token)).toBeNull();
    expect(trustedDevice(secret, 'staff', 'user:1', token)).toBeNull();
    expect(trustedDevice('b'.repeat(32), 'student', 'user:1', token)).toBeNull();
    expect(trustedDevice(secret, 'student', 'user:1', null)).toBeNull();
    expect(trustedDevice(secret, 'student', 'user:1', `${token}x`)).toBeNull();
    expect(trustedDevice(secret, 'student', 'user:1', token.slice(1))).toBeNull();
  });

  test('a value of another shape is refused before any comparison, even signed right', () => {
    const nonce = '.'.repeat(22);
    const signed = `${nonce}${createHmac('sha256', secret).update(`device\nstudent\nuser:1\n${nonce}`).digest('base64url')}`;
    expect(trustedDevice(secret, 'student', 'user:1', signed)).toBeNull();
    expect(trustedDevice(secret, 'student', 'user:1', '')).toBeNull();
  });

  test('any change of one character is refused', () => {
    const token = newDeviceToken(secret, 'staff', 'tenant:staff:7');
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(...'ABCabc012-_'), (at, c) => {
        fc.pre(token[at] !== c);
        const changed = `${token.slice(0, at)}${c}${token.slice(at + 1)}`;
        expect(trustedDevice(secret, 'staff', 'tenant:staff:7', changed)).toBeNull();
      }),
    );
  });

  test('each cookie has its own random id; the Set-Cookie value lives 180 days, HttpOnly, Secure on https', () => {
    expect(newDeviceToken(secret, 'student', 'user:1')).not.toBe(newDeviceToken(secret, 'student', 'user:1'));
    expect(DEVICE_COOKIE_TTL_MS).toBe(180 * DAY);
    expect(deviceCookie('student', 'x', false)).toBe('szyx_device=x; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax');
    expect(deviceCookie('staff', 'y', true)).toBe('szyx_staff_device=y; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure');
  });
});
