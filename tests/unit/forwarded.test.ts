import { describe, expect, test } from 'vitest';
import { clientAddress, hostVary, isHttps, requestHost, type HeaderReader } from '~/server/http/forwarded';

const headers = (h: Record<string, string>): HeaderReader => (name) => h[name];

describe('the host a request speaks for', () => {
  test('without TRUST_PROXY only Host counts, whatever a client forwards', () => {
    expect(requestHost(headers({ host: 'Demo.localhost:4321', 'x-forwarded-host': 'huaxia.localhost' }), false)).toBe('demo.localhost');
    expect(hostVary(false)).toBe('Host');
  });

  test('behind a trusted proxy the first forwarded host counts', () => {
    expect(requestHost(headers({ host: 'proxy.internal', 'x-forwarded-host': 'Huaxia.localhost:443, other' }), true)).toBe('huaxia.localhost');
    expect(hostVary(true)).toBe('Host, X-Forwarded-Host');
  });

  test.each(['', ' ', ',', 'bad host', 'a/b', 'x'.repeat(300), '-a.com', 'a..b?'])(
    'a blank or odd forwarded host %j falls back to Host',
    (forwarded) => {
      expect(requestHost(headers({ host: 'demo.localhost', 'x-forwarded-host': forwarded }), true)).toBe('demo.localhost');
    },
  );

  test('no Host at all uses the fallback (the URL the server saw)', () => {
    expect(requestHost(headers({}), true, 'localhost:4321')).toBe('localhost');
  });
});

describe('the client address', () => {
  test('the peer unless a trusted proxy names the client', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), false, '10.0.0.1')).toBe('10.0.0.1');
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4, 10.0.0.2' }), true, '10.0.0.1')).toBe('1.2.3.4');
    expect(clientAddress(headers({ 'x-forwarded-for': 'not an address' }), true, '10.0.0.1')).toBe('10.0.0.1');
  });

  test('https from the socket, or from a trusted proxy only', () => {
    expect(isHttps(headers({ 'x-forwarded-proto': 'https' }), false, false)).toBe(false);
    expect(isHttps(headers({ 'x-forwarded-proto': 'https' }), true, false)).toBe(true);
    expect(isHttps(headers({}), false, true)).toBe(true);
  });
});
