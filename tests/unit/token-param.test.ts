import { describe, expect, test } from 'vitest';
import { decryptTokenParam, encryptTokenParam } from '~/server/identity/token-param';

const SECRET = 'token-param-secret-for-unit-tests-0123456789';
const OTHER = 'another-secret-of-enough-length-9876543210';

describe('token parameter', () => {
  test('round trip gives the original token', () => {
    for (const token of ['abc', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', '中文令牌', 'x'.repeat(512)]) {
      expect(decryptTokenParam(encryptTokenParam(token, SECRET), SECRET)).toBe(token);
    }
  });

  test('is URL safe and differs on every call', () => {
    const a = encryptTokenParam('same', SECRET);
    const b = encryptTokenParam('same', SECRET);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
  });

  test('a parameter made with another secret gives null', () => {
    expect(decryptTokenParam(encryptTokenParam('abc', OTHER), SECRET)).toBeNull();
  });

  test('any altered byte gives null', () => {
    const param = encryptTokenParam('some-token-value', SECRET);
    const raw = Buffer.from(param, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const altered = Buffer.from(raw);
      altered[i] = altered[i]! ^ 0x01;
      expect(decryptTokenParam(altered.toString('base64url'), SECRET), `byte ${i}`).toBeNull();
    }
  });

  test('truncated, extended or garbage input gives null', () => {
    const param = encryptTokenParam('some-token-value', SECRET);
    expect(decryptTokenParam(param.slice(0, -2), SECRET)).toBeNull();
    expect(decryptTokenParam(`${param}AA`, SECRET)).toBeNull();
    for (const junk of ['', 'abc', '!!!!', 'A'.repeat(100), '%00%00']) {
      expect(decryptTokenParam(junk, SECRET), junk).toBeNull();
    }
  });

  test('an empty token or one over 512 characters is not accepted', () => {
    expect(decryptTokenParam(encryptTokenParam('', SECRET), SECRET)).toBeNull();
    expect(decryptTokenParam(encryptTokenParam('x'.repeat(513), SECRET), SECRET)).toBeNull();
  });
});
