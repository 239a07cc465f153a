import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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

  it('writes the app answers whole: status, headers changed after the answer was made, bytes of Chinese text, a streamed body', async () => {
    const base = await listen((url) => `page ${url}`);
    announceApi(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/stream') {
        const parts = ['第一', '段，', '第二段'];
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = parts.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(new TextEncoder().encode(next));
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }
      // Made as Hono's c.json makes it; then, as Hono's middleware does after the handler, its headers changed.
      const json = JSON.stringify({ code: 0, msg: '保存成功' });
      const answer = new Response(json, { status: 201, headers: { 'Content-Type': 'application/json' } });
      answer.headers.set('X-Request-Id', 'req-after-made');
      answer.headers.append('Vary', 'Cookie');
      return answer;
    });

    const made = await fetch(`${base}/api/answer`);
    expect(made.status).toBe(201);
    expect(made.headers.get('x-request-id')).toBe('req-after-made');
    expect(made.headers.get('vary')).toBe('Cookie');
    expect(made.headers.get('content-type')).toBe('application/json');
    const bytes = Buffer.from(await made.arrayBuffer());
    expect(Number(made.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ code: 0, msg: '保存成功' });

    const streamed = await fetch(`${base}/api/stream`);
    expect(await streamed.text()).toBe('第一段，第二段');
  });

  it('leaves the static answers of the web Response and instanceof as pages use them', async () => {
    await listen(() => 'page');
    const redirect = Response.redirect('http://school.example/login', 302);
    expect([redirect.status, redirect.headers.get('location'), redirect instanceof Response]).toEqual([302, 'http://school.example/login', true]);
    const json = Response.json({ code: 0 }, { status: 503, headers: { 'Retry-After': '5' } });
    expect([json.status, json.headers.get('retry-after'), await json.json()]).toEqual([503, '5', { code: 0 }]);
    const page = new Response('<p>页</p>', { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    // A page answer copied with new headers, as the middleware does (src/middleware.ts).
    const copy = new Response(page.body, { status: page.status, headers: { ...Object.fromEntries(page.headers), ETag: '"a"' } });
    expect([copy.status, copy.headers.get('etag'), await copy.text(), copy instanceof Response]).toEqual([404, '"a"', '<p>页</p>', true]);
  });

  it('a caller that drops its connection before the answer leaves the call to finish and the server answering others', async () => {
    const base = await listen(() => 'page');
    const { port } = new URL(base);
    let finishCall: () => void = () => {};
    const called = new Promise<void>((resolve) => {
      finishCall = resolve;
    });
    const finished: string[] = [];
    announceApi(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/slow') {
        finishCall();
        // The app's work goes on after the caller has gone (a save is kept whether or not its answer arrives).
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished.push(path);
      }
      return new Response(JSON.stringify({ code: 0 }), { headers: { 'Content-Type': 'application/json' } });
    });

    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    await called;
    socket.destroy();

    await expect.poll(() => finished).toEqual(['/api/slow']);
    expect(await (await fetch(`${base}/api/next`)).json()).toEqual({ code: 0 });
  });
});
