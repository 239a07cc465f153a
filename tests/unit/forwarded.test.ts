import { describe, expect, test } from 'vitest';
import { addressTrust, clientAddress, hostVary, isHttps, requestHost, siteOrigin, type HeaderReader } from '~/server/http/forwarded';

const headers =
  (h: Record<string, string>): HeaderReader =>
  (name) =>
    h[name];

describe('the host a request speaks for', () => {
  test('without TRUST_PROXY only Host counts, whatever a client forwards', () => {
    expect(requestHost(headers({ host: 'Demo.localhost:4321', 'x-forwarded-host': 'huaxia.localhost' }), false)).toBe('demo.localhost');
    expect(hostVary(false)).toBe('Host');
  });

  test('behind a trusted proxy the first forwarded host counts', () => {
    expect(requestHost(headers({ host: 'proxy.internal', 'x-forwarded-host': 'Huaxia.localhost:443, other' }), true)).toBe('huaxia.localhost');
    expect(hostVary(true)).toBe('Host, X-Forwarded-Host');
  });

  test.each(['', ' ', ',', 'bad host', 'a/b', 'x'.repeat(300), '-a.com', 'a..b?'])('a blank or odd forwarded host %j falls back to Host', (forwarded) => {
    expect(requestHost(headers({ host: 'demo.localhost', 'x-forwarded-host': forwarded }), true)).toBe('demo.localhost');
  });

  test('no Host at all uses the fallback (the URL the server saw)', () => {
    expect(requestHost(headers({}), true, 'localhost:4321')).toBe('localhost');
    expect(requestHost(headers({}), false, () => 'Demo.localhost:4321')).toBe('demo.localhost');
  });

  test('a fallback given as a function is worked out only when the request names no Host', () => {
    let asked = 0;
    const fallback = () => {
      asked++;
      return 'localhost:4321';
    };
    expect(requestHost(headers({ host: 'demo.localhost' }), false, fallback)).toBe('demo.localhost');
    expect(requestHost(headers({ host: 'proxy.internal', 'x-forwarded-host': 'huaxia.localhost' }), true, fallback)).toBe('huaxia.localhost');
    expect(asked).toBe(0);
    expect(requestHost(headers({}), true, fallback)).toBe('localhost');
    expect(asked).toBe(1);
  });
});

describe("the site's origin, as the browser's Origin header names it", () => {
  const origin = (h: Record<string, string>, trustProxy: boolean, https = false) =>
    siteOrigin(headers(h), { trustProxy, https, urlHost: 'localhost:4321', fallbackHost: 'demo.localhost' });

  test('a proxy that passes the Host the browser sent keeps its port', () => {
    const sent = { host: 'school.cn:8080', 'x-forwarded-host': 'School.cn:8080' };
    expect(origin(sent, true)).toBe('http://school.cn:8080');
    expect(origin({ host: 'school.cn:8080' }, false)).toBe('http://school.cn:8080');
  });

  test('a proxy that forwards the port apart from the host (X-Forwarded-Port): the port joins the host', () => {
    expect(origin({ host: 'portal-1:4321', 'x-forwarded-host': 'school.cn', 'x-forwarded-port': '8080' }, true)).toBe('http://school.cn:8080');
    expect(origin({ host: 'school.cn', 'x-forwarded-port': '8443, 443' }, true, true)).toBe('https://school.cn:8443');
    // A port the host names wins: it is what the browser wrote.
    expect(origin({ 'x-forwarded-host': 'school.cn:9090', 'x-forwarded-port': '8080' }, true)).toBe('http://school.cn:9090');
    expect(origin({ 'x-forwarded-host': '[2001:db8::1]', 'x-forwarded-port': '8080' }, true)).toBe('http://[2001:db8::1]:8080');
  });

  test("the scheme's default port is left out, as browsers leave it out of Origin", () => {
    expect(origin({ 'x-forwarded-host': 'school.cn', 'x-forwarded-port': '443' }, true, true)).toBe('https://school.cn');
    expect(origin({ 'x-forwarded-host': 'school.cn:443' }, true, true)).toBe('https://school.cn');
    expect(origin({ 'x-forwarded-host': 'school.cn', 'x-forwarded-port': '80' }, true)).toBe('http://school.cn');
    // 443 is no default of http: kept.
    expect(origin({ 'x-forwarded-host': 'school.cn:443' }, true)).toBe('http://school.cn:443');
  });

  test('without TRUST_PROXY no forwarded host or port counts', () => {
    expect(origin({ host: 'school.cn', 'x-forwarded-host': 'evil.cn', 'x-forwarded-port': '8080' }, false)).toBe('http://school.cn');
  });

  test.each(['', 'http', '-1', '123456', '80a'])('an odd forwarded port %j is ignored', (port) => {
    expect(origin({ 'x-forwarded-host': 'school.cn', 'x-forwarded-port': port }, true)).toBe('http://school.cn');
  });

  test('a port beyond 65535 or an implausible host gives the resolved host; no Host header gives the URL the server saw', () => {
    expect(origin({ 'x-forwarded-host': 'school.cn:99999' }, true)).toBe('http://demo.localhost');
    expect(origin({ host: 'bad host' }, false)).toBe('http://demo.localhost');
    expect(origin({}, false)).toBe('http://localhost:4321');
  });
});

describe('the client address', () => {
  test('the peer unless a trusted proxy names the client', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), false, '10.0.0.1')).toBe('10.0.0.1');
    // One trusted proxy appends the address it was reached from: the rightmost entry.
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4, 10.0.0.2' }), true, '10.0.0.1')).toBe('10.0.0.2');
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), true, '10.0.0.1')).toBe('1.2.3.4');
    expect(clientAddress(headers({ 'x-forwarded-for': 'not an address' }), true, '10.0.0.1')).toBe('10.0.0.1');
  });

  test('an appending proxy: whatever the client writes into X-Forwarded-For, its own address counts', () => {
    // The client sends a made-up list; nginx ($proxy_add_x_forwarded_for) appends the real peer.
    for (const forged of ['9.9.9.9', '9.9.9.9, 8.8.8.8', 'garbage', '']) {
      const received = forged ? `${forged}, 203.0.113.7` : '203.0.113.7';
      expect(clientAddress(headers({ 'x-forwarded-for': received }), { hops: 1 }, '10.0.0.1')).toBe('203.0.113.7');
    }
  });

  test('a CDN and nginx (two hops): the entry two places from the right; a shorter list gives its leftmost', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '9.9.9.9, 203.0.113.7, 198.51.100.1' }), { hops: 2 }, '10.0.0.1')).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7, 198.51.100.1' }), { hops: 2 }, '10.0.0.1')).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-forwarded-for': '198.51.100.1' }), { hops: 2 }, '10.0.0.1')).toBe('198.51.100.1');
    // Repeated headers are one list, in order.
    expect(clientAddress((n) => (n === 'x-forwarded-for' ? ['9.9.9.9', '203.0.113.7, 198.51.100.1'] : undefined), { hops: 2 }, '10.0.0.1')).toBe('203.0.113.7');
  });

  test('a named client-address header of a trusted CDN wins when valid; no trust means the peer', () => {
    const h = headers({ 'x-forwarded-for': '9.9.9.9, 198.51.100.1', 'cf-connecting-ip': '203.0.113.9' });
    expect(clientAddress(h, { hops: 1, clientIpHeader: 'cf-connecting-ip' }, '10.0.0.1')).toBe('203.0.113.9');
    expect(
      clientAddress(headers({ 'x-forwarded-for': '198.51.100.1', 'cf-connecting-ip': 'x' }), { hops: 1, clientIpHeader: 'cf-connecting-ip' }, '10.0.0.1'),
    ).toBe('198.51.100.1');
    expect(clientAddress(h, { hops: 0, clientIpHeader: 'cf-connecting-ip' }, '10.0.0.1')).toBe('10.0.0.1');
  });

  test('addressTrust: hops only when TRUST_PROXY is on', () => {
    expect(addressTrust({ TRUST_PROXY: false, TRUST_PROXY_HOPS: 2, CLIENT_IP_HEADER: 'x-real-ip' })).toEqual({ hops: 0, clientIpHeader: null });
    expect(addressTrust({ TRUST_PROXY: true, TRUST_PROXY_HOPS: 2, CLIENT_IP_HEADER: 'x-real-ip' })).toEqual({ hops: 2, clientIpHeader: 'x-real-ip' });
  });

  test('https from the socket, or from a trusted proxy only', () => {
    expect(isHttps(headers({ 'x-forwarded-proto': 'https' }), false, false)).toBe(false);
    expect(isHttps(headers({ 'x-forwarded-proto': 'https' }), true, false)).toBe(true);
    expect(isHttps(headers({}), false, true)).toBe(true);
  });
});
