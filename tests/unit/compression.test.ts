import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chooseEncoding, gzipForm, loadCompressedAssets, serveCompressedAssets } from '~/server/http/compression';

/**
 * Compressed answers (decision 069): which encoding a browser gets, the built scripts' compressed
 * forms served from memory in front of the static handler (a real HTTP server; `next` stands for
 * Astro's handler and says so in its body), and the gzip form of a stored page.
 */

describe('the encoding a browser is answered with', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0.8, GZIP', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
  ] as const)('Accept-Encoding %j: %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  test('none without the header; only what is on offer', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('the gzip form of a stored page', () => {
  const page = Buffer.from(`<html>${'<p>课程与通知</p>'.repeat(200)}</html>`);

  test('text of a kilobyte or more gets one that unpacks to the page', () => {
    const gzip = gzipForm('text/html; charset=utf-8', undefined, page);
    expect(gzip).not.toBeNull();
    expect(gunzipSync(gzip!).equals(page)).toBe(true);
  });

  test('none for a small page, a picture, or a body that is encoded already', () => {
    expect(gzipForm('text/html', undefined, Buffer.from('<p>短</p>'))).toBeNull();
    expect(gzipForm('image/png', undefined, page)).toBeNull();
    expect(gzipForm(undefined, undefined, page)).toBeNull();
    expect(gzipForm('text/html', 'br', page)).toBeNull();
  });
});

describe('built scripts and styles in their compressed forms', () => {
  const script = Buffer.from(`export const words = ${JSON.stringify('学习'.repeat(2000))};\n`);
  const style = Buffer.from(`.card{color:red}\n`.repeat(300));
  let dir: string;
  let server: http.Server;
  let port: number;

  interface Got {
    status: number;
    headers: http.IncomingHttpHeaders;
    raw: Buffer;
  }

  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'compressed-assets-'));
    const assets = join(dir, '_astro');
    mkdirSync(assets);
    writeFileSync(join(assets, 'page.abc.js'), script);
    writeFileSync(join(assets, 'page.abc.js.br'), brotliCompressSync(script));
    writeFileSync(join(assets, 'page.abc.js.gz'), gzipSync(script));
    writeFileSync(join(assets, 'site.def.css'), style);
    writeFileSync(join(assets, 'site.def.css.gz'), gzipSync(style));
    // No compressed form: the static handler's.
    writeFileSync(join(assets, 'tiny.ghi.js'), 'export{};');
    const next = (req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`static handler: ${req.url}`);
    };
    server = http.createServer(serveCompressedAssets(loadCompressedAssets(dir), next));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('brotli to a browser that accepts it, with the type, length, a year of caching and Vary', async () => {
    const got = await get('/_astro/page.abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(got.status).toBe(200);
    expect(got.headers['content-encoding']).toBe('br');
    expect(got.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(got.headers['content-length']).toBe(String(got.raw.length));
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['vary']).toBe('Accept-Encoding');
    expect(brotliDecompressSync(got.raw).equals(script)).toBe(true);
  });

  test('gzip where brotli is not accepted, or not made; a query string does not matter', async () => {
    const js = await get('/_astro/page.abc.js?v=1', { 'accept-encoding': 'gzip, deflate' });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.raw).equals(script)).toBe(true);
    const css = await get('/_astro/site.def.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(css.raw).equals(style)).toBe(true);
  });

  test('HEAD: the headers of the compressed form, no body', async () => {
    const got = await get('/_astro/page.abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(got.headers['content-encoding']).toBe('br');
    expect(Number(got.headers['content-length'])).toBeGreaterThan(0);
    expect(got.raw.length).toBe(0);
  });

  test('the static handler serves the file as it is: no accepted encoding, a range, another method, no compressed form, another path', async () => {
    const plain = await get('/_astro/page.abc.js', { 'accept-encoding': 'identity' });
    expect(plain.raw.toString()).toBe('static handler: /_astro/page.abc.js');
    // A shared cache still keeps the plain file apart from the compressed forms.
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect((await get('/_astro/page.abc.js', { 'accept-encoding': 'br', range: 'bytes=0-9' })).raw.toString()).toMatch(/^static handler/);
    expect((await get('/_astro/page.abc.js', { 'accept-encoding': 'br' }, 'POST')).raw.toString()).toMatch(/^static handler/);
    const tiny = await get('/_astro/tiny.ghi.js', { 'accept-encoding': 'br' });
    expect(tiny.raw.toString()).toBe('static handler: /_astro/tiny.ghi.js');
    expect(tiny.headers['vary']).toBeUndefined();
    expect((await get('/images/logo.svg', { 'accept-encoding': 'br' })).raw.toString()).toBe('static handler: /images/logo.svg');
    // The compressed files themselves are not scripts of their own.
    expect((await get('/_astro/page.abc.js.br', { 'accept-encoding': 'br' })).raw.toString()).toMatch(/^static handler/);
  });

  test('a build without compressed forms (or without built files) leaves every request to the static handler', () => {
    const next = () => undefined;
    expect(serveCompressedAssets(loadCompressedAssets(join(dir, 'missing')), next)).toBe(next);
  });
});
