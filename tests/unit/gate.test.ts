import { UPLOAD_API_PATH, UPLOAD_FRAMING_BYTES, UPLOAD_IMAGE_MAX_BYTES } from '~/lib/uploads';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { brokenUrl, clientErrorKind, createFreshAnswer, createGate, onClientError, type GateOptions } from '~/server/http/gate';
import { createRenderCache } from '~/server/http/render-cache';
import { ROUTE_LABEL, requestContext, type RequestContext } from '~/server/http/request-context';

/**
 * The gate in front of a real node HTTP server, each request in its own request context as
 * scripts/start.mjs runs it. Behind it, `next` stands for the renderer: it answers with what it was
 * handed (method, URL, body length, the id of the request context it runs in) and counts its calls;
 * under /page/ its answers may be kept by a shared cache. With a render cache in the options, the
 * server asks it for a fresh answer first, as scripts/start.mjs does.
 */

const LIMIT = 1024;
let calls = 0;
let options: GateOptions;
let server: http.Server;
let port: number;
/** The request context of each request the server took, in order. */
const contexts: RequestContext[] = [];
/** The kind of each connection the shared server gave up on, as the metrics count it. */
const clientErrors: string[] = [];

function next(req: IncomingMessage, res: ServerResponse) {
  calls += 1;
  const body = (req as IncomingMessage & { body?: Buffer }).body;
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(req.url?.startsWith('/page/') ? { 'cache-control': 'public, max-age=0, s-maxage=60' } : {}),
  });
  res.end(
    JSON.stringify({
      method: req.method,
      url: req.url,
      bytes: body?.length ?? null,
      text: body?.toString('utf8') ?? null,
      context: requestContext.getStore()?.requestId ?? null,
    }),
  );
}

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Buffer[] } = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // The gate may cut an oversized upload off after answering: the answer is what counts.
    req.on('error', (e) => (e.message.includes('EPIPE') || e.message.includes('ECONNRESET') ? undefined : reject(e)));
    if (init.chunks) {
      for (const c of init.chunks) req.write(c);
      req.end();
    } else req.end(init.body);
  });
}

/** Writes raw bytes to the server and returns everything it answers. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function envelopeOf(body: string) {
  const parsed = JSON.parse(body) as { code: number; data: unknown; message: string };
  expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'message']);
  expect(parsed.data).toBeNull();
  return parsed;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const requestId = `request-${contexts.length + 1}`;
    if (createFreshAnswer(options)(req, res, requestId)) {
      contexts.push({ requestId, cache: 'hit' });
      return;
    }
    const context: RequestContext = { requestId };
    contexts.push(context);
    requestContext.run(context, () => createGate(options, next)(req, res));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    clientErrors.push(clientErrorKind(error));
    onClientError(error, socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  calls = 0;
  options = { maxBodyBytes: LIMIT, trustProxy: false, siteOnHttps: false, hstsMaxAge: 31536000, cache: null, drainMs: 200 };
});

describe('request gate', () => {
  test('a body within the limit reaches the handler whole', async () => {
    const body = JSON.stringify({ text: '你好'.repeat(100) });
    const got = await send('/api/x', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ bytes: Buffer.byteLength(body), text: body });
  });

  test('a declared length over the limit is refused with 413 and an envelope, the handler never runs', async () => {
    const got = await send('/api/x', { method: 'POST', body: 'x'.repeat(LIMIT + 1), headers: { 'content-type': 'application/json' } });
    expect(got.status).toBe(413);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(envelopeOf(got.body)).toMatchObject({ code: 413, message: '请求内容过大' });
    expect(calls).toBe(0);
  });

  test('a huge declared body is answered at once, before it is sent', async () => {
    // Only the headers are sent: had the gate waited for 600 MB, this would never answer.
    const answer = await raw('POST /api/x HTTP/1.1\r\nHost: demo.localhost\r\nContent-Type: application/json\r\nContent-Length: 629145600\r\n\r\n{"a":');
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":413');
    expect(calls).toBe(0);
  });

  test('a chunked body without a length is counted as it streams and refused past the limit', async () => {
    const chunks = Array.from({ length: 5 }, () => Buffer.alloc(300, 'a'));
    const got = await send('/api/x', { method: 'POST', chunks, headers: { 'content-type': 'application/json' } });
    expect(got.status).toBe(413);
    expect(envelopeOf(got.body).code).toBe(413);
    expect(calls).toBe(0);
  });

  test('a chunked body within the limit is handed on whole', async () => {
    const chunks = [Buffer.from('{"a":'), Buffer.from('"b"}')];
    const got = await send('/api/x', { method: 'POST', chunks });
    expect(JSON.parse(got.body)).toMatchObject({ bytes: 9, text: '{"a":"b"}' });
  });

  test('the upload call may send a picture up to its own limit; every other path keeps the configured one', async () => {
    const picture = Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES, 1);
    const upload = await send(UPLOAD_API_PATH, { method: 'POST', body: picture, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body)).toMatchObject({ bytes: UPLOAD_IMAGE_MAX_BYTES });
    const tooLarge = Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES + UPLOAD_FRAMING_BYTES + 1, 1);
    expect((await send(UPLOAD_API_PATH, { method: 'POST', body: tooLarge })).status).toBe(413);
    expect((await send('/api/x', { method: 'POST', body: picture })).status).toBe(413);
  });

  test('GET passes straight through', async () => {
    const got = await send('/news?page=2');
    expect(JSON.parse(got.body)).toMatchObject({ method: 'GET', url: '/news?page=2', bytes: null });
  });

  test('an /api path with broken percent-encoding gets a 400 envelope', async () => {
    const got = await send('/api/cms/anyone/news/%E0%A4%A');
    expect(got.status).toBe(400);
    expect(envelopeOf(got.body)).toMatchObject({ code: 400, message: '请求地址格式不正确' });
    expect(calls).toBe(0);
  });

  test('an /api query with a broken %-escape gets the 400 envelope too', async () => {
    for (const path of ['/api/cms/anyone/news/list?x=%ZZ', '/api/x?a=1&b=%E0%A4%A', '/api?%']) {
      const got = await send(path);
      expect(got.status, path).toBe(400);
      expect(envelopeOf(got.body)).toMatchObject({ code: 400, message: '请求地址格式不正确' });
    }
    expect(calls).toBe(0);
  });

  test('a page address with a broken %-escape, in its path or query, is handed to the 400 page as a GET', async () => {
    for (const [method, path] of [
      ['GET', '/news?x=%ZZ'],
      ['GET', '/news-information/%E0%A4%A'],
      ['POST', '/login?from=%'],
      ['HEAD', '/?q=%G1'],
    ] as const) {
      const got = await send(path, { method, ...(method === 'POST' ? { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });
      if (method === 'HEAD') continue;
      expect(JSON.parse(got.body), path).toMatchObject({ method: 'GET', url: '/400' });
    }
    expect(calls).toBe(4);
    // a well-formed escape is left alone
    expect(JSON.parse((await send('/news?q=%E4%B8%AD')).body)).toMatchObject({ url: '/news?q=%E4%B8%AD' });
  });

  test('a URL longer than the parser allows gets 431 with an envelope, not an empty answer', async () => {
    const answer = await raw(`GET /api/x?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: demo.localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(envelopeOf(body)).toMatchObject({ code: 431, message: '请求地址或请求头过长' });
    expect(clientErrors.at(-1)).toBe('headers_too_large');
  });

  test('garbage the parser cannot read gets 400 with an envelope', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(envelopeOf(answer.slice(answer.indexOf('\r\n\r\n') + 4)).code).toBe(400);
    expect(clientErrors.at(-1)).toBe('unreadable');
  });

  test('a request with a body reaches the renderer in its own request context, however its body arrived', async () => {
    // Read from the socket's events, the body would hand the request on in the connection's context:
    // its route and school would never reach its access line or metrics.
    const whole = await send('/api/x', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(whole.body).context).toBe(contexts.at(-1)?.requestId);
    const chunked = await send('/api/x', { method: 'POST', chunks: [Buffer.from('{"a":'), Buffer.from('2}')] });
    expect(JSON.parse(chunked.body).context).toBe(contexts.at(-1)?.requestId);
    const get = await send('/news');
    expect(JSON.parse(get.body).context).toBe(contexts.at(-1)?.requestId);
  });

  test("the gate's own refusals are counted under the gate's labels, in the refused request's context", async () => {
    await send('/api/x', { method: 'POST', body: 'x'.repeat(LIMIT + 1) });
    expect(contexts.at(-1)?.route).toBe(ROUTE_LABEL.tooLarge);
    await send('/api/x', { method: 'POST', chunks: Array.from({ length: 5 }, () => Buffer.alloc(300, 'a')) });
    expect(contexts.at(-1)?.route).toBe(ROUTE_LABEL.tooLarge);
    await send('/api/%E0%A4%A');
    expect(contexts.at(-1)?.route).toBe(ROUTE_LABEL.badUrl);
    expect(calls).toBe(0);
  });

  test('Strict-Transport-Security only when the operator says the site is on https', async () => {
    expect((await send('/')).headers['strict-transport-security']).toBeUndefined();
    options = { ...options, siteOnHttps: true };
    expect((await send('/')).headers['strict-transport-security']).toBe('max-age=31536000');
  });

  test('a page the render cache answers first carries the request id and, as the gate would add it, Strict-Transport-Security', async () => {
    options = { ...options, siteOnHttps: true, trustProxy: true, cache: createRenderCache({ maxEntries: 10, trustProxy: true }) };
    const rendered = await send('/page/news');
    expect(rendered.headers['x-render-cache']).toBeUndefined();
    expect(rendered.headers['strict-transport-security']).toBe('max-age=31536000');
    const hit = await send('/page/news');
    expect(calls).toBe(1);
    expect(hit.headers['x-render-cache']).toBe('hit');
    expect(contexts.at(-1)?.cache).toBe('hit');
    expect(hit.headers['x-request-id']).toBe(contexts.at(-1)?.requestId);
    expect(hit.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(hit.body).toBe(rendered.body);
    const plain = await send('/page/news', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['x-render-cache']).toBe('hit');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without HSTS configured, only the request id.
    options = { ...options, siteOnHttps: false };
    const again = await send('/page/news');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.headers['strict-transport-security']).toBeUndefined();
    expect(again.headers['x-request-id']).toBe(contexts.at(-1)?.requestId);
  });

  test('behind a trusted proxy HSTS follows the forwarded scheme: plain http gets none', async () => {
    options = { ...options, siteOnHttps: true, trustProxy: true };
    expect((await send('/', { headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    expect((await send('/', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('an address that cannot be decoded', () => {
  /** What the renderer and the API's router do with an address: brokenUrl must say whether they fail. */
  const decodeFails = (url: string) => {
    try {
      decodeURIComponent(url.split('?')[0] ?? '');
      decodeURI(url);
      return false;
    } catch {
      return true;
    }
  };

  test('is told apart exactly, with or without a percent sign (the parser hands addresses over as latin1 text)', () => {
    const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)) });
    const withEscapes = fc
      .array(fc.oneof(latin1, fc.constantFrom('%', '%2', '%zz', '%e4%b8', '%E4%B8%AD', '%25', '?', '/')), { maxLength: 8 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(latin1, withEscapes), (url) => brokenUrl(url) === decodeFails(url)),
      { numRuns: 5_000 },
    );
    expect(brokenUrl('/news-information/list?page=2')).toBe(false);
    expect(brokenUrl('/news-information/list?q=%E4%B8')).toBe(true);
  });
});

describe('a connection the server gives up on (its time-outs)', () => {
  /** Short time-outs, checked often: the production server's are seconds, checked every 30 s. */
  const TIMEOUTS = { headersTimeout: 200, requestTimeout: 400, connectionsCheckingInterval: 50 };

  async function serverWith(handler: http.RequestListener): Promise<{ port: number; kinds: string[]; close: () => Promise<void> }> {
    const s = http.createServer(TIMEOUTS, handler);
    const kinds: string[] = [];
    s.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      kinds.push(clientErrorKind(error));
      onClientError(error, socket);
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return {
      port: (s.address() as AddressInfo).port,
      kinds,
      close: () =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    };
  }

  /** Opens a connection, writes `text` (maybe nothing) and returns everything the server sends until it closes. */
  function heard(at: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(at, '127.0.0.1', () => text && socket.write(text));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  test('a connection opened ahead of need and left unused gets 408 with an envelope, which a browser sends again on', async () => {
    const s = await serverWith((_req, res) => res.end('never'));
    try {
      const answer = await heard(s.port, '');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/);
      expect(envelopeOf(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 408, message: '请求超时，请重试' });
      expect(s.kinds).toEqual(['timeout']);
    } finally {
      await s.close();
    }
  });

  test('a request whose body stops coming gets 408 too', async () => {
    const s = await serverWith((req, res) => {
      req.resume();
      req.on('end', () => res.end('whole'));
    });
    try {
      const answer = await heard(s.port, 'POST /api/x HTTP/1.1\r\nHost: demo.localhost\r\nContent-Length: 10\r\n\r\n{"a"');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).not.toContain('whole');
      expect(s.kinds).toEqual(['timeout']);
    } finally {
      await s.close();
    }
  });

  test('an answer already under way is never followed by a second one: the connection is only closed', async () => {
    // The handler answers before the body is whole and keeps its answer open; the request then times out.
    const s = await serverWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('begun');
    });
    try {
      const answer = await heard(s.port, 'POST /api/x HTTP/1.1\r\nHost: demo.localhost\r\nContent-Length: 10\r\n\r\n{"a"');
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('begun');
      expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});
