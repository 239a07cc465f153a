import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { PURGE_PAGES_EVENT, announcePurge, createRenderCache, type CacheResult, type RenderCache } from '~/server/http/render-cache';
import { ROUTE_LABEL, noteRoute, noteSchool, requestContext, type RequestContext } from '~/server/http/request-context';

/**
 * The render cache in front of a real node HTTP server, each request in its own request context as
 * scripts/start.mjs runs it. The page renderer is replaced by `next`, which answers with the
 * Cache-Control, Vary and Set-Cookie a test asks for and counts its calls (and notes a route and
 * school when a test says so, as the page middleware does); its body names the host, the URL and
 * the call number, so a test can see which answer it got.
 */

interface Reply {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Send headers through writeHead(status, headers) instead of setHeader. */
  viaWriteHead?: boolean;
  /** Answer only when this settles (a slow render). */
  hold?: Promise<void>;
  /** Characters of markup added to the body (a page large enough to be worth compressing). */
  pad?: number;
}

const PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=50';
let clock = Date.UTC(2026, 10, 22, 2, 0, 0);
let calls = 0;
let reply: Reply;
let cache: RenderCache;
let server: http.Server;
let port: number;
/** What the renderer notes of the request it renders (its page's route, its school), if anything. */
let noted: { route: string; school: string } | null = null;
/** The request context of each request the server took, in order. */
const contexts: RequestContext[] = [];
/**
 * Whether the server asks the cache for a fresh answer first, as scripts/start.mjs does, before the
 * request gets a context (answerFresh), or sends every request the whole way (handle).
 */
let front = false;
/** The headers the server adds to a fresh answer of its own (the request id, as scripts/start.mjs). */
const OWN_HEADER = 'x-request-id';

function next(req: IncomingMessage, res: ServerResponse) {
  calls += 1;
  if (noted) {
    noteRoute(noted.route);
    noteSchool(noted.school);
  }
  if (reply.hold) {
    const held = reply.hold;
    const current = { ...reply, hold: undefined };
    void held.then(() => answer(req, res, current));
    return;
  }
  answer(req, res, reply);
}

function answer(req: IncomingMessage, res: ServerResponse, reply: Reply) {
  const body = `<html>host=${req.headers.host} url=${req.url} call=${calls}${'<p>课程</p>'.repeat(reply.pad ?? 0)}</html>`;
  const headers: OutgoingHttpHeaders = { 'content-type': 'text/html; charset=utf-8', 'x-request-id': `req-${calls}`, ...reply.headers };
  if (reply.viaWriteHead) {
    res.writeHead(reply.status, headers);
    res.write(body.slice(0, 10));
    res.end(body.slice(10));
    return;
  }
  res.statusCode = reply.status;
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
  res.end(body);
}

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as they came (compressed when the answer says so). */
  raw: Buffer;
}

function send(path: string, options: { host?: string; method?: string; headers?: Record<string, string> } = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? 'demo.localhost:4321', ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.method === 'POST' ? '{}' : undefined);
  });
}

function useCache(maxEntries = 100, trustProxy = false) {
  cache = createRenderCache({ maxEntries, now: () => clock, trustProxy });
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // As scripts/start.mjs: a built file the static handler serves until a router names the answer.
    const requestId = `request-${contexts.length + 1}`;
    const fresh = front ? cache.answerFresh(req, res, [OWN_HEADER, requestId]) : null;
    if (fresh) {
      contexts.push({ requestId, ...fresh, cache: 'hit' });
      return;
    }
    const context: RequestContext = { requestId, route: ROUTE_LABEL.staticFile };
    contexts.push(context);
    requestContext.run(context, () => cache.handle(req, res, next));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

beforeEach(() => {
  calls = 0;
  noted = null;
  reply = { status: 200, headers: { 'cache-control': PUBLIC } };
  useCache();
});

describe.each([
  ['every request the whole way (handle)', false],
  ['a fresh page answered first, before the request has a context (answerFresh), then the whole way', true],
])('render cache: %s', (_, answeredFirst) => {
  beforeEach(() => {
    front = answeredFirst;
  });

  /** Answers with these cache tags from now on. */
  const tagged = (tags: string) => {
    reply = { status: 200, headers: { 'cache-control': PUBLIC, 'cache-tag': tags } };
  };

  test('purging a tag drops exactly the pages carrying it (any case); other pages and other schools stay', async () => {
    tagged('s:1,s:1:news,s:1:notices');
    await send('/news-information/list');
    tagged('s:1,s:1:catalogue');
    await send('/educational-product');
    tagged('s:2,s:2:news');
    await send('/news-information/list', { host: 'huaxia.localhost' });
    expect(cache.size).toBe(3);
    expect(cache.purgeTags(['S:1:NEWS', 's:9:news'])).toBe(1);
    expect(cache.size).toBe(2);
    expect((await send('/educational-product')).headers['x-render-cache']).toBe('hit');
    expect((await send('/news-information/list', { host: 'huaxia.localhost' })).headers['x-render-cache']).toBe('hit');
    tagged('s:1,s:1:news,s:1:notices');
    const again = await send('/news-information/list');
    expect(again.headers['x-render-cache']).toBeUndefined();
    expect(again.body).toContain('call=4');
    // The school's own tag drops every page of the school, whatever host it was stored under.
    tagged('s:1');
    await send('/', { host: 'www.school-one.example' });
    expect(cache.purgeTags(['s:1'])).toBe(3);
    expect(cache.size).toBe(1);
  });

  test('a page stored again after a purge is found by its tags again; purge all empties the cache', async () => {
    tagged('s:1, s:1:news');
    await send('/a');
    cache.purgeTags(['s:1:news']);
    await send('/a');
    expect(cache.purgeTags(['s:1:news'])).toBe(1);
    await send('/a');
    await send('/b');
    expect(cache.purge('all')).toBe(2);
    expect(cache.size).toBe(0);
    expect(calls).toBe(4);
  });

  test('a render under way when a purge comes is given to its visitors but not stored: it may show the old content', async () => {
    tagged('s:1,s:1:news');
    const slow = deferred();
    reply = { ...reply, hold: slow.promise };
    const first = send('/news-information/list');
    await vi.waitFor(() => expect(calls).toBe(1));
    cache.purgeTags(['s:1:news']);
    slow.release();
    expect((await first).status).toBe(200);
    const next = await send('/news-information/list');
    expect(next.headers['x-render-cache']).toBeUndefined();
    expect(next.body).toContain('call=2');
    expect((await send('/news-information/list')).headers['x-render-cache']).toBe('hit');
  });

  test('the server announces a purge through the process event the start script listens to', async () => {
    tagged('s:1,s:1:news');
    await send('/news');
    const heard: unknown[] = [];
    const listener = (tags: readonly string[] | 'all') => {
      heard.push(tags);
      cache.purge(tags);
    };
    process.on(PURGE_PAGES_EVENT, listener);
    try {
      announcePurge(['s:1:news']);
      expect(cache.size).toBe(0);
      announcePurge('all');
    } finally {
      process.off(PURGE_PAGES_EVENT, listener);
    }
    expect(heard).toEqual([['s:1:news'], 'all']);
  });

  test('the same host and URL are rendered once and then served from the cache', async () => {
    const first = await send('/news');
    const second = await send('/news');
    expect(calls).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-render-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['etag']).toMatch(/^W\/"/);
    // A stored answer does not replay the first request's id; answered first, it carries its own.
    expect(second.headers['x-request-id']).toBe(front ? contexts.at(-1)?.requestId : undefined);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  test('another host gets its own entry: one tenant’s page is never served for another host', async () => {
    const demo = await send('/news', { host: 'demo.localhost:4321' });
    const huaxia = await send('/news', { host: 'huaxia.localhost:4321' });
    expect(calls).toBe(2);
    expect(demo.body).toContain('host=demo.localhost');
    expect(huaxia.body).toContain('host=huaxia.localhost');
    expect(huaxia.headers['x-render-cache']).toBeUndefined();
    // Each host then gets its own stored page back.
    expect((await send('/news', { host: 'huaxia.localhost:4321' })).body).toBe(huaxia.body);
    expect((await send('/news', { host: 'demo.localhost:4321' })).body).toBe(demo.body);
    expect(calls).toBe(2);
  });

  test('behind a trusted proxy the forwarded host counts, not the proxy’s own host', async () => {
    useCache(100, true);
    const a = await send('/', { host: 'proxy.internal', headers: { 'x-forwarded-host': 'demo.localhost' } });
    const b = await send('/', { host: 'proxy.internal', headers: { 'x-forwarded-host': 'huaxia.localhost' } });
    expect(calls).toBe(2);
    expect(b.body).not.toBe(a.body);
  });

  test('without TRUST_PROXY a client’s forwarded host is ignored: the page is stored under Host only', async () => {
    const a = await send('/', { host: 'demo.localhost', headers: { 'x-forwarded-host': 'huaxia.localhost' } });
    expect(a.body).toContain('host=demo.localhost');
    // A visitor of huaxia.localhost never gets what the forged request stored.
    const huaxia = await send('/', { host: 'huaxia.localhost' });
    expect(huaxia.body).toContain('host=huaxia.localhost');
    expect(calls).toBe(2);
    // And the forged request was an ordinary demo request: a plain demo visit hits it.
    expect((await send('/', { host: 'demo.localhost' })).headers['x-render-cache']).toBe('hit');
  });

  test.each([[''], ['  '], ['bad host!'], ['a/b'], [',huaxia.localhost']])(
    'a blank or odd forwarded host %j falls back to Host, as the tenant look-up does',
    async (forwarded) => {
      useCache(100, true);
      await send('/', { host: 'demo.localhost', headers: { 'x-forwarded-host': forwarded } });
      expect((await send('/', { host: 'demo.localhost' })).headers['x-render-cache']).toBe('hit');
      expect(calls).toBe(1);
    },
  );

  test('a page varying on X-Forwarded-Host is stored only when forwarded headers are trusted', async () => {
    reply = { status: 200, headers: { 'cache-control': PUBLIC, vary: 'Host, X-Forwarded-Host' } };
    await send('/v');
    await send('/v');
    expect(calls).toBe(2);
    useCache(100, true);
    await send('/v');
    await send('/v');
    expect(calls).toBe(3);
  });

  test('host case and port do not split entries; the URL with its query does', async () => {
    await send('/news?page=1', { host: 'demo.localhost:4321' });
    await send('/news?page=1', { host: 'DEMO.localhost' });
    expect(calls).toBe(1);
    await send('/news?page=2', { host: 'demo.localhost:4321' });
    await send('/notice', { host: 'demo.localhost:4321' });
    expect(calls).toBe(3);
  });

  test('each request the cache takes is counted once as hit, stale or miss; a hit counts as the page and school its render noted', async () => {
    const results: CacheResult[] = [];
    cache = createRenderCache({ maxEntries: 100, now: () => clock, onResult: (result) => results.push(result) });
    const start = clock;
    noted = { route: '/news-information/list', school: 'jiangnan' };
    await send('/news');
    expect(contexts.at(-1)).toMatchObject(noted);
    const page = noted;
    // From here the renderer notes nothing: what a hit is counted under comes from its entry.
    noted = null;
    await send('/news');
    expect(contexts.at(-1)).toMatchObject({ ...page, cache: 'hit' });
    clock = start + 10_000;
    await send('/news');
    expect(contexts.at(-1)).toMatchObject({ ...page, cache: 'stale' });
    // The background render that replaces the stale page is no client's request: not counted.
    await vi.waitFor(() => expect(calls).toBe(2));
    await send('/news', { method: 'POST' });
    await send('/api/x');
    // A file the static handler served (no router named it) is no page the cache missed.
    reply = { status: 200, headers: { 'cache-control': 'public, max-age=0' } };
    await send('/favicon.svg');
    expect(results).toEqual(['miss', 'hit', 'stale']);
  });

  test('after s-maxage the stale page is served at once while one render replaces it', async () => {
    const start = clock;
    await send('/news');
    clock = start + 9_999;
    const hit = await send('/news');
    expect(hit.headers['x-render-cache']).toBe('hit');
    expect(hit.headers['age']).toBe('9');
    expect(calls).toBe(1);
    clock = start + 10_000;
    const stale = await send('/news');
    expect(stale.headers['x-render-cache']).toBe('stale');
    expect(stale.body).toContain('call=1');
    await vi.waitFor(() => expect(calls).toBe(2));
    // The replacement is stored: the next visitor gets it fresh.
    const fresh = await send('/news');
    expect(fresh.body).toContain('call=2');
    expect(fresh.headers['x-render-cache']).toBe('hit');
    expect(calls).toBe(2);
  });

  test('past stale-while-revalidate the page is rendered again before it is served', async () => {
    const start = clock;
    await send('/news');
    clock = start + 60_000; // s-maxage 10 + stale-while-revalidate 50
    const again = await send('/news');
    expect(again.body).toContain('call=2');
    expect(again.headers['x-render-cache']).toBeUndefined();
  });

  test('a page without stale-while-revalidate is rendered again once it expires', async () => {
    reply = { status: 200, headers: { 'cache-control': 'public, s-maxage=10' } };
    const start = clock;
    await send('/plain');
    clock = start + 10_000;
    expect((await send('/plain')).body).toContain('call=2');
  });

  test('50 concurrent requests for an expired page: one render, and none of them waits for it', async () => {
    const start = clock;
    await send('/busy');
    clock = start + 11_000;
    const slow = deferred();
    reply = { ...reply, hold: slow.promise };
    // The render is held until every answer is in: had any request waited for it, this would hang.
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('/busy')));
    expect(answers.every((a) => a.status === 200 && a.body.includes('call=1'))).toBe(true);
    expect(answers.every((a) => a.headers['x-render-cache'] === 'stale')).toBe(true);
    expect(calls).toBe(2);
    expect(cache.renders).toBe(2);
    slow.release();
    await vi.waitFor(async () => expect((await send('/busy')).body).toContain('call=2'));
    expect(calls).toBe(2);
  });

  test('50 concurrent requests for a page not yet stored: one render, all get its answer', async () => {
    const slow = deferred();
    reply = { ...reply, hold: slow.promise };
    const pending = Promise.all(Array.from({ length: 50 }, () => send('/cold')));
    await vi.waitFor(() => expect(calls).toBe(1));
    slow.release();
    const answers = await pending;
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['<html>host=demo.localhost:4321 url=/cold call=1</html>']));
  });

  test('a failed background render keeps the stale page until its stale time ends', async () => {
    const start = clock;
    await send('/flaky');
    clock = start + 11_000;
    reply = { status: 500, headers: { 'cache-control': 'no-store' } };
    expect((await send('/flaky')).body).toContain('call=1');
    await vi.waitFor(() => expect(calls).toBe(2));
    const still = await send('/flaky');
    expect(still.body).toContain('call=1');
    expect(still.headers['x-render-cache']).toBe('stale');
  });

  test.each([
    ['private', { 'cache-control': 'private, max-age=60' }],
    ['no-store', { 'cache-control': 'no-store' }],
    ['public with no-store', { 'cache-control': 'public, s-maxage=60, no-store' }],
    ['public with private', { 'cache-control': 'public, s-maxage=60, private' }],
    ['no Cache-Control', {}],
    ['public without s-maxage', { 'cache-control': 'public, max-age=60' }],
    ['s-maxage=0', { 'cache-control': 'public, s-maxage=0' }],
    ['Set-Cookie', { 'cache-control': PUBLIC, 'set-cookie': 'sid=abc; HttpOnly' }],
    ['Vary: Cookie', { 'cache-control': PUBLIC, vary: 'Cookie' }],
    ['Vary: Host, Cookie', { 'cache-control': PUBLIC, vary: 'Host, Cookie' }],
    ['Vary: *', { 'cache-control': PUBLIC, vary: '*' }],
    ['Vary: TenantId', { 'cache-control': PUBLIC, vary: 'Host, TenantId' }],
  ])('an answer with %s is not stored', async (_name, headers) => {
    reply = { status: 200, headers };
    await send('/page');
    const again = await send('/page');
    expect(calls).toBe(2);
    expect(again.body).toContain('call=2');
    expect(again.headers['x-render-cache']).toBeUndefined();
  });

  test('Set-Cookie or Vary: Cookie given to writeHead is seen too', async () => {
    reply = { status: 200, headers: { 'cache-control': PUBLIC, 'set-cookie': 'sid=1' }, viaWriteHead: true };
    await send('/a');
    await send('/a');
    expect(calls).toBe(2);
    reply = { status: 200, headers: { 'cache-control': PUBLIC, vary: 'Cookie' }, viaWriteHead: true };
    await send('/b');
    await send('/b');
    expect(calls).toBe(4);
  });

  test('headers given to writeHead and a body written in pieces are stored whole', async () => {
    reply = { status: 200, headers: { 'cache-control': PUBLIC, vary: 'Host, Accept-Encoding' }, viaWriteHead: true };
    const first = await send('/pieces');
    const hit = await send('/pieces');
    expect(calls).toBe(1);
    expect(hit.body).toBe(first.body);
    expect(hit.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
  });

  test('POST is never cached and does not fill the cache for GET', async () => {
    await send('/page', { method: 'POST' });
    await send('/page', { method: 'POST' });
    expect(calls).toBe(2);
    const get = await send('/page');
    expect(calls).toBe(3);
    expect(get.headers['x-render-cache']).toBeUndefined();
    // A POST is not answered from a page stored by GET either.
    await send('/page', { method: 'POST' });
    expect(calls).toBe(4);
  });

  test.each(['/api/universityAdvertise/anyUser/newInformation/detail?id=1', '/healthz', '/readyz', '/_astro/app.js'])(
    '%s is passed through, never stored',
    async (path) => {
      await send(path);
      await send(path);
      expect(calls).toBe(2);
    },
  );

  test('If-None-Match with the stored tag gives 304 without a body', async () => {
    const first = await send('/news');
    const etag = (await send('/news')).headers['etag'];
    expect(etag).toBeTruthy();
    const notModified = await send('/news', { headers: { 'if-none-match': String(etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['etag']).toBe(etag);
    const other = await send('/news', { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
    expect(other.body).toBe(first.body);
    expect(calls).toBe(1);
  });

  test('a stored page goes in gzip to a browser that accepts it, made once; others get it as it is; both vary on Accept-Encoding', async () => {
    reply = { status: 200, headers: { 'cache-control': PUBLIC, vary: 'Host' }, pad: 400 };
    const rendered = await send('/big');
    expect(rendered.headers['content-encoding']).toBeUndefined();
    const gzip = await send('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzip.headers['x-render-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(String(gzip.raw.length));
    expect(gzip.raw.length).toBeLessThan(rendered.raw.length / 4);
    expect(gunzipSync(gzip.raw).toString('utf8')).toBe(rendered.body);
    expect(gzip.headers['vary']).toBe('Host, Accept-Encoding');
    const plain = await send('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(rendered.body);
    expect(plain.headers['vary']).toBe('Host, Accept-Encoding');
    // The same version either way: a browser's If-None-Match matches both.
    expect(gzip.headers['etag']).toBe(plain.headers['etag']);
    expect(calls).toBe(1);
  });

  test('a small page, or a browser refusing gzip (q=0), gets the page as it is', async () => {
    await send('/small');
    const small = await send('/small', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['x-render-cache']).toBe('hit');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBeUndefined();
    reply = { ...reply, pad: 400 };
    const page = await send('/big');
    const refused = await send('/big', { headers: { 'accept-encoding': 'br, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(page.body);
  });

  test('HEAD is answered from a stored page with its headers and no body', async () => {
    const page = await send('/news');
    const head = await send('/news', { method: 'HEAD' });
    expect(calls).toBe(1);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-render-cache']).toBe('hit');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
  });

  test('HEAD on a page not yet stored goes to the renderer and does not store an empty page', async () => {
    const head = await send('/fresh', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(calls).toBe(1);
    const get = await send('/fresh');
    expect(calls).toBe(2);
    expect(get.body).toContain('call=2');
  });

  test('a 404 page is stored; a server error is not', async () => {
    reply = { status: 404, headers: { 'cache-control': PUBLIC } };
    await send('/missing');
    const again = await send('/missing');
    expect(again.status).toBe(404);
    expect(calls).toBe(1);
    reply = { status: 500, headers: { 'cache-control': PUBLIC } };
    await send('/broken');
    await send('/broken');
    expect(calls).toBe(3);
  });

  test('staff pages (/admin) are never stored or shared, even if one said public by mistake', async () => {
    for (const path of ['/admin', '/admin/', '/admin/accounts', '/admin?next=/admin/audit']) {
      await send(path);
      const again = await send(path);
      expect(again.headers['x-render-cache'], path).toBeUndefined();
    }
    expect(calls).toBe(8);
    expect(cache.size).toBe(0);
    // A public page whose name merely starts with "admin" is cached as any other.
    await send('/administration-news');
    expect((await send('/administration-news')).headers['x-render-cache']).toBe('hit');
  });

  test('maxEntries 0 turns the cache off', async () => {
    useCache(0);
    await send('/news');
    await send('/news');
    expect(calls).toBe(2);
  });

  test('the least recently used entry makes room when maxEntries is reached', async () => {
    useCache(2);
    await send('/a');
    await send('/b');
    await send('/a'); // /a is now more recent than /b
    await send('/c'); // evicts /b, not /a
    expect(calls).toBe(3);
    expect(cache.size).toBe(2);
    await send('/a');
    await send('/c');
    expect(calls).toBe(3);
    await send('/b');
    expect(calls).toBe(4);
  });

  test('clear() empties the cache', async () => {
    await send('/news');
    cache.clear();
    expect(cache.size).toBe(0);
    await send('/news');
    expect(calls).toBe(2);
  });
});

describe('render cache, answering first', () => {
  test('answered first, a fresh page carries the caller’s own headers after its own; anything else is left to the whole way, untouched', async () => {
    front = true;
    const start = clock;
    noted = { route: '/news-information/list', school: 'jiangnan' };
    await send('/news');
    expect(contexts.at(-1)?.cache).toBeUndefined();
    noted = null;
    const hit = await send('/news');
    expect(hit.headers['x-render-cache']).toBe('hit');
    expect(hit.headers[OWN_HEADER]).toBe(contexts.at(-1)?.requestId);
    expect(contexts.at(-1)).toEqual({ requestId: hit.headers[OWN_HEADER], route: '/news-information/list', school: 'jiangnan', cache: 'hit' });
    // Stale: the whole way serves it and has it rendered again in the request's context.
    clock = start + 10_000;
    const stale = await send('/news');
    expect(stale.headers['x-render-cache']).toBe('stale');
    expect(stale.headers[OWN_HEADER]).toBeUndefined();
    await vi.waitFor(() => expect(calls).toBe(2));
    // Not stored, a path never kept, another method: the whole way.
    for (const [path, method] of [
      ['/other', 'GET'],
      ['/api/x', 'GET'],
      ['/news', 'POST'],
    ] as const) {
      const answer = await send(path, { method });
      expect(answer.headers['x-render-cache']).toBeUndefined();
      expect(contexts.at(-1)?.cache).toBeUndefined();
    }
    expect(calls).toBe(5);
  });
});
