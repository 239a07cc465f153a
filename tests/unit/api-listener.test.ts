import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { announceApi, isApiPath, routeApiDirectly, type ApiCallEnv } from '~/server/http/api-listener';
import { createGate } from '~/server/http/gate';

/**
 * The start script serves API calls straight from Node's request once the runtime announces its app,
 * and everything else (and every call before that) through Astro's handler.
 */

const MAX_BODY_BYTES = 1024;
let server: Server | undefined;
afterEach(() => server?.close());

async function listen(pages: (url: string) => string) {
  // Behind the gate, as in the start script: it reads a body before anything else does.
  const gate = createGate(
    { maxBodyBytes: MAX_BODY_BYTES, trustProxy: false, siteOnHttps: false, hstsMaxAge: 0, cache: null },
    routeApiDirectly((req, res) => res.end(pages(req.url ?? ''))),
  );
  server = createServer(gate);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the API served directly', () => {
  it('names the API paths and nothing else', () => {
    for (const url of ['/api', '/api/', '/api/news/list', '/api?x=1', '/healthz', '/healthz?probe=1', '/readyz']) expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apis', '/api-docs', '/news/api', '/healthzz', '/readyz/x', '/study/api']) expect(isApiPath(url), url).toBe(false);
    expect(isApiPath(undefined)).toBe(false);
  });

  it('before the app is announced every request goes to the pages; after, API calls go to the app with their id and address', async () => {
    const base = await listen((url) => `page ${url}`);
    expect(await (await fetch(`${base}/api/news/list`)).text()).toBe('page /api/news/list');

    const seen: { url: string; method: string; body: string; env: ApiCallEnv }[] = [];
    announceApi(async (request, env) => {
      seen.push({ url: request.url, method: request.method, body: await request.text(), env });
      return Response.json({ code: 0 }, { headers: { 'X-Answer': 'api' } });
    });

    const call = await fetch(`${base}/api/news/list?page=2`, { method: 'POST', body: '{"size":4}', headers: { 'x-request-id': 'req-12345678' } });
    expect(call.headers.get('x-answer')).toBe('api');
    expect(await call.json()).toEqual({ code: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"size":4}', env: { requestId: 'req-12345678', ip: '127.0.0.1' } });
    // The body the gate read comes with the call, so the app need not make a web Request to read it.
    expect(seen[0]!.env.body?.toString('utf8')).toBe('{"size":4}');
    expect(new URL(seen[0]!.url).pathname + new URL(seen[0]!.url).search).toBe('/api/news/list?page=2');

    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ code: 0 });
    expect(await (await fetch(`${base}/news-information/list`)).text()).toBe('page /news-information/list');
    expect(seen).toHaveLength(2);
  });
});
