import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBuiltFiles, serveBuiltFiles } from '~/server/http/static-files';

/**
 * The build's files are served from the list made at start (src/server/http/static-files.ts); every
 * other request goes to the pages without a look at the disk: a file that appears after the list was
 * made is not served, and a path of a listed directory, a dot-file or a path that climbs out is not.
 */

let dir: string;
let base: string;
let server: http.Server;
const toPages: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'built-files-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'images', '证书'), { recursive: true });
  writeFileSync(join(dir, '_astro', 'page.abc123.js'), 'export const x = 1;\n');
  writeFileSync(join(dir, 'images', '证书', 'seal.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, '.secret'), 'no');
  const files = listBuiltFiles(dir);
  // Written after the list: the server does not look for it.
  writeFileSync(join(dir, 'late.txt'), 'late');
  server = http.createServer(
    serveBuiltFiles(dir, files, (req, res) => {
      toPages.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('page');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** A request with its path exactly as given (fetch would normalise it): status and headers. */
function raw(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method: init.method ?? 'GET', path, headers: init.headers ?? {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the build files, served from the list made at start', () => {
  it('lists every file under the folder by its URL path, without dot-files', () => {
    expect([...listBuiltFiles(dir)].sort()).toEqual(['/_astro/page.abc123.js', '/favicon.svg', '/images/证书/seal.svg', '/late.txt']);
  });

  it('serves a listed file with its type; hashed files are immutable; ranges and conditional requests as send answers them', async () => {
    const seen = toPages.length;
    const js = await fetch(`${base}/_astro/page.abc123.js?v=1`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('export const x = 1;\n');
    const seal = await fetch(`${base}/images/${encodeURIComponent('证书')}/seal.svg`);
    expect(seal.status).toBe(200);
    expect(seal.headers.get('content-type')).toBe('image/svg+xml');
    expect(seal.headers.get('cache-control')).toBe('public, max-age=0');
    const range = await fetch(`${base}/_astro/page.abc123.js`, { headers: { range: 'bytes=0-5' } });
    expect([range.status, await range.text()]).toEqual([206, 'export']);
    const etag = (await raw('/favicon.svg')).headers.etag ?? '';
    expect((await raw('/favicon.svg', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await raw('/favicon.svg', { headers: { 'if-none-match': js.headers.get('etag') ?? '' } })).status).toBe(200);
    const head = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '6']);
    expect(toPages.slice(seen)).toEqual([]);
  });

  it('gives every other request to the pages: unlisted, written later, a directory, a dot-file, a climb out, another method', async () => {
    const seen = toPages.length;
    const paths = [
      '/',
      '/news-information/list',
      '/late.txt',
      '/_astro',
      '/images/',
      '/.secret',
      '/_astro/../../etc/passwd',
      '/_astro/%2e%2e/%2e%2e/etc/passwd',
      '/%E0%A4%A',
    ];
    for (const path of paths) expect((await raw(path)).status, path).toBe(404);
    expect((await raw('/favicon.svg', { method: 'POST' })).status).toBe(404);
    expect(toPages.slice(seen)).toEqual([...paths.map((p) => `GET ${p}`), 'POST /favicon.svg']);
  });
});
