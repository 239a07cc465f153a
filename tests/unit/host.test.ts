import { describe, expect, test } from 'vitest';
import { normalizeHost } from '~/server/http/forwarded';
import { matchHost } from '~/server/tenant/host';

describe('normalizeHost', () => {
  test.each([
    ['localhost', 'localhost'],
    ['localhost:4321', 'localhost'],
    ['Demo.Example.COM:4321', 'demo.example.com'],
    ['huaxia.localhost.', 'huaxia.localhost'],
    ['huaxia.localhost.:4321', 'huaxia.localhost'],
    ['  demo.localhost  ', 'demo.localhost'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:4321', '::1'],
    ['[::1]', '::1'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['', ''],
  ])('%j -> %j', (raw, host) => {
    expect(normalizeHost(raw)).toBe(host);
  });

  test('null and undefined give an empty host', () => {
    expect(normalizeHost(null)).toBe('');
    expect(normalizeHost(undefined)).toBe('');
  });
});

describe('matchHost', () => {
  const bases = ['localhost', 'yunxiao.cn'];
  const match = (host: string | null) => matchHost(host, bases, 'demo');
  const pre = (preDomain: string) => ({ kind: 'preDomain', preDomain });

  test('a sub-domain of a base domain names the tenant, whatever the port or case', () => {
    expect(match('huaxia.localhost')).toEqual(pre('huaxia'));
    expect(match('huaxia.localhost:4321')).toEqual(pre('huaxia'));
    expect(match('HuaXia.LocalHost:4321')).toEqual(pre('huaxia'));
    expect(match('huaxia.localhost.')).toEqual(pre('huaxia'));
    expect(match('huaxia.yunxiao.cn')).toEqual(pre('huaxia'));
    expect(match('school-2.yunxiao.cn')).toEqual(pre('school-2'));
  });

  test('the bare base domain, www, localhost, IP addresses and an empty host give the default tenant', () => {
    for (const host of [
      'localhost',
      'localhost:4321',
      'yunxiao.cn',
      'www.yunxiao.cn',
      'WWW.YUNXIAO.CN:443',
      '127.0.0.1',
      '10.0.0.8:4321',
      '[::1]:4321',
      '',
      null,
    ]) {
      expect(match(host), String(host)).toEqual(pre('demo'));
    }
  });

  test('localhost is the default tenant even when it is not a configured base', () => {
    expect(matchHost('localhost:4321', ['yunxiao.cn'], 'demo')).toEqual(pre('demo'));
  });

  test('the longest matching base domain wins', () => {
    const nested = ['example.com', 'edu.example.com'];
    expect(matchHost('a.edu.example.com', nested, 'demo')).toEqual(pre('a'));
    expect(matchHost('a.edu.example.com', [...nested].reverse(), 'demo')).toEqual(pre('a'));
    expect(matchHost('edu.example.com', nested, 'demo')).toEqual(pre('demo'));
    expect(matchHost('b.example.com', nested, 'demo')).toEqual(pre('b'));
  });

  test('a nested label under a base domain is invalid', () => {
    expect(match('a.b.localhost')).toEqual({ kind: 'invalid' });
    expect(match('m.demo.yunxiao.cn')).toEqual({ kind: 'invalid' });
  });

  test('a label that is not a valid DNS label is invalid', () => {
    for (const host of ['-bad.localhost', 'bad-.localhost', 'under_score.localhost', `${'a'.repeat(64)}.localhost`, 'sp ace.localhost']) {
      expect(match(host), host).toEqual({ kind: 'invalid' });
    }
    expect(match(`${'a'.repeat(63)}.localhost`)).toEqual(pre('a'.repeat(63)));
  });

  test('any other well-formed host may be a school’s own domain', () => {
    expect(match('school.example.com')).toEqual({ kind: 'customDomain', domain: 'school.example.com' });
    expect(match('Learn.Example.ORG:8443')).toEqual({ kind: 'customDomain', domain: 'learn.example.org' });
    // Only a whole label matches a base: 'notyunxiao.cn' is not under 'yunxiao.cn'.
    expect(match('notyunxiao.cn')).toEqual({ kind: 'customDomain', domain: 'notyunxiao.cn' });
  });

  test('garbage is invalid, never another tenant', () => {
    for (const host of ['exa mple.com', 'a..b.com', '..', '<script>.com', 'a/b.com', 'évil.com', 'x.com@evil', 'a.b.c.localhost']) {
      expect(match(host), host).toEqual({ kind: 'invalid' });
    }
  });

  test('a host with a malformed port is invalid, not the default tenant', () => {
    // Only a bracketed IPv6 literal may contain a colon once the port is taken off.
    for (const host of ['huaxia.localhost:abc', 'huaxia.localhost:', 'demo.localhost:80:80', 'huaxia.yunxiao.cn:4321x']) {
      expect(match(host), host).toEqual({ kind: 'invalid' });
    }
  });
});
