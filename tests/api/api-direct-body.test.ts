import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { urlOf } from '~/lib/api/contract';
import * as content from '~/lib/api/contracts/content';
import { announceApi, routeApiDirectly } from '~/server/http/api-listener';
import { createGate } from '~/server/http/gate';
import { MAX_BODY_BYTES } from '~/server/http/validate';
import { DEMO, useTestServer } from '../setup/server';

/**
 * Behind the gate, as the start script serves them, calls reach the app with the body the gate read
 * (api-listener.ts), and the app reads it from there: the same JSON as through a web Request (UTF-8,
 * a leading BOM dropped), and the same refusals for a body that is not JSON or is too large.
 */
const server = useTestServer();
let http: Server;
let base: string;

beforeAll(async () => {
  const gate = createGate(
    { maxBodyBytes: 4 * MAX_BODY_BYTES, trustProxy: false, siteOnHttps: false, hstsMaxAge: 0, cache: null },
    routeApiDirectly((_req, res) => res.end('page')),
  );
  http = createServer(gate);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  announceApi((request, env) => server().app.fetch(request, env));
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const post = async (body: string | Uint8Array<ArrayBuffer>) => {
  const answer = await fetch(`${base}${urlOf(content.newsPage)}`, { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: DEMO.id }, body });
  return { status: answer.status, body: (await answer.json()) as { code: number; message: string; data: unknown } };
};

describe('a call served directly reads the body the gate read', () => {
  test('JSON in Chinese, with and without a BOM, answers as through the app itself', async () => {
    const json = JSON.stringify({ current: 1, size: 2, model: { title: '电工' } });
    const own = await server().app.request(urlOf(content.newsPage), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', TenantId: DEMO.id },
      body: json,
    });
    const expected = await own.json();
    expect((await post(json)).body).toEqual(expected);
    expect((await post(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(json)]))).body).toEqual(expected);
  });

  test('a body that is not JSON and one past the API limit are refused as the app itself refuses them', async () => {
    const large = JSON.stringify({ current: 1, size: 2, pad: 'x'.repeat(MAX_BODY_BYTES) });
    for (const body of ['{"current":', large]) {
      const own = await server().app.request(urlOf(content.newsPage), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', TenantId: DEMO.id },
        body,
      });
      const direct = await post(body);
      expect(direct.body.code).not.toBe(0);
      expect({ status: direct.status, body: direct.body }).toEqual({ status: own.status, body: await own.json() });
    }
  });
});
