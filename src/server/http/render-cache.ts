import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.
import { addVary, etagMatches, weakEtag } from './page-cache.ts';
import { chooseEncoding, gzipForm } from './compression.ts';
import { nodeHeaders, requestHost } from './forwarded.ts';
import { CACHE_TAG_HEADER, parseCacheTags } from './cache-tags.ts';
import { noteCacheAnswer, noteRoute, noteSchool, ROUTE_LABEL, requestContext } from './request-context.ts';

/**
 * An in-memory render cache in front of the page renderer, keyed by host and URL, so a tenant's
 * page is never served to another tenant. It stores only answers that a shared cache may store
 * (Cache-Control public with s-maxage, no Set-Cookie, varying on nothing but the host) and serves
 * them fresh for s-maxage seconds. After that, within the page's own stale-while-revalidate
 * seconds, the stale copy is served at once while one background render replaces it. Only one
 * render per host and URL runs at a time: requests for a page being rendered wait for that render
 * instead of starting their own. The least recently used entry makes room. Each instance has its
 * own cache; losing it loses nothing.
 *
 * Each stored page keeps the tags of its Cache-Tag header (its school, the kinds of content it
 * shows: src/server/events/page-changes.ts); a change drops exactly the pages with its tags, on
 * every instance, when it is published. A render that was under way when a purge came is served to
 * whoever waits for it but not stored: it may have read the database before the change.
 *
 * A stored text page keeps a gzip form too, made once when it is stored, which a browser that accepts
 * gzip is served (decision 069): the same page for every visitor, a third of the bytes on the network.
 */

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The body in gzip, for browsers that accept it (null: not worth it; compression.ts). */
  gzip: Buffer | null;
  /**
   * The answer's headers as served, made once when stored, as writeHead takes them raw (name, value,
   * name, value…): only Age, X-Render-Cache and what the caller adds (the request id) are each answer's own.
   */
  served: { plain: readonly string[]; gzip: readonly string[] | null; notModified: readonly string[] };
  etag: string;
  storedAt: number;
  /** Fresh until. */
  expires: number;
  /** Servable while one render replaces it until. */
  staleUntil: number;
  /** Its Cache-Tag values, lower case. */
  tags: string[];
  /** The page's route and school, as its render noted them: a hit is counted and logged as that page of that school. */
  route: string | undefined;
  school: string | undefined;
}

export interface RenderCacheOptions {
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
  /** Paths never cached (the API, health checks, built assets served by the static handler, the staff pages). */
  bypass?: RegExp;
  /** Forwarded headers name the host (TRUST_PROXY); otherwise only Host does. */
  trustProxy?: boolean;
  /** Each request the cache took: served fresh, served stale (one render replaces it), or rendered (a miss). */
  onResult?: (result: CacheResult) => void;
}

export type CacheResult = 'hit' | 'stale' | 'miss';

/** What the render of a page the cache answered noted: the route and school its access line and metrics name. */
export interface FreshAnswer {
  route: string | undefined;
  school: string | undefined;
}

/** No headers of the caller's own. */
const NO_HEADERS: readonly string[] = [];

/**
 * The process event that drops stored pages: its argument is the tags whose pages go, or 'all'.
 * The server's runtime (src/server/runtime.ts) announces every page change it hears, from this
 * instance or another; the process that owns the render cache (scripts/start.mjs) listens. The
 * event crosses from the built server bundle to the start script, which share only the process.
 */
export const PURGE_PAGES_EVENT = 'portal:purgePages';

export function announcePurge(tags: readonly string[] | 'all'): void {
  (process as NodeJS.EventEmitter).emit(PURGE_PAGES_EVENT, tags);
}

type Next = (req: IncomingMessage, res: ServerResponse) => void;

const CACHEABLE_STATUS = new Set([200, 301, 302, 404]);
/** The memory the stored pages may take unless the options say otherwise. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The staff side (/admin) is per person and never cached, so it never waits for another request's render either.
 * Uploaded files (/files/) are pictures a CDN keeps a year: not worth this cache's memory.
 */
const DEFAULT_BYPASS = /^\/(?:api\/|healthz|readyz|_astro\/|files\/|admin(?:[/?#]|$))/;
/** Headers of the triggering request a background render leaves out: it must get the whole page. */
const CONDITIONAL = new Set(['if-none-match', 'if-modified-since', 'content-length', 'transfer-encoding', 'connection']);

function directive(cacheControl: string | undefined, name: string): number {
  if (!cacheControl) return 0;
  const m = new RegExp(`\\b${name}=(\\d+)`).exec(cacheControl.toLowerCase());
  return m ? Number(m[1]) : 0;
}

export function sharedMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const cc = cacheControl.toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(?:private|no-store)\b/.test(cc)) return 0;
  return directive(cc, 's-maxage');
}

function headerText(v: OutgoingHttpHeaders[string]): string | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(', ') : String(v);
}

function variesOnlyOnHost(vary: string | undefined, trustProxy: boolean): boolean {
  if (!vary) return true;
  const allowed = trustProxy ? ['host', 'x-forwarded-host', 'accept-encoding', ''] : ['host', 'accept-encoding', ''];
  return vary.split(',').every((h) => allowed.includes(h.trim().toLowerCase()));
}

/**
 * The stored pages: by key, in use order (a hit moves its entry to the end, so the first is the
 * least recent), with the keys of each tag and the bytes they hold.
 */
function createPageStore(maxEntries: number, maxBytes: number) {
  const entries = new Map<string, Entry>();
  /** The keys of the stored pages of each tag. */
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  /** Counts purges: a render that saw this number change while it ran is not stored. */
  let purges = 0;

  const sizeOf = (e: Entry) => e.body.length + (e.gzip?.length ?? 0);

  function remove(key: string) {
    const e = entries.get(key);
    if (!e) return;
    bytes -= sizeOf(e);
    entries.delete(key);
    for (const tag of e.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  return {
    get: (key: string) => entries.get(key),
    remove,
    /** Stores a page (one larger than a quarter of the room is not kept) and drops the least recent ones beyond the limits. */
    store(key: string, entry: Entry) {
      remove(key);
      if (sizeOf(entry) > maxBytes / 4) return;
      entries.set(key, entry);
      bytes += sizeOf(entry);
      for (const tag of entry.tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(key);
        byTag.set(tag, keys);
      }
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    /** Marks a page used now. */
    touch(key: string, e: Entry) {
      entries.delete(key);
      entries.set(key, e);
    },
    clear() {
      purges += 1;
      entries.clear();
      byTag.clear();
      bytes = 0;
    },
    /** Drops the pages carrying any of the tags (lower case); answers how many. */
    dropTagged(tags: readonly string[]): number {
      purges += 1;
      let dropped = 0;
      for (const tag of tags) {
        for (const key of [...(byTag.get(tag) ?? [])]) {
          remove(key);
          dropped += 1;
        }
      }
      return dropped;
    },
    get size() {
      return entries.size;
    },
    get purges() {
      return purges;
    },
  };
}

type PageStore = ReturnType<typeof createPageStore>;

function toBuffer(chunk: unknown, enc?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, (typeof enc === 'string' ? enc : 'utf8') as BufferEncoding);
  return Buffer.from(chunk as Uint8Array);
}

/**
 * Lets `res` answer as it would, keeping a copy of the headers and body the renderer writes;
 * `ended` gets them once the answer is ended (the headers set on `res` with those given to writeHead).
 */
function recordResponse(res: ServerResponse, ended: (headers: OutgoingHttpHeaders, chunks: Buffer[]) => void): void {
  const chunks: Buffer[] = [];
  const headArgs: OutgoingHttpHeaders = {};
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const h = rest.find((r) => typeof r === 'object' && r !== null);
    if (Array.isArray(h)) {
      for (let i = 0; i + 1 < h.length; i += 2) headArgs[String(h[i]).toLowerCase()] = h[i + 1] as string;
    } else if (h) {
      for (const [k, v] of Object.entries(h as OutgoingHttpHeaders)) headArgs[k.toLowerCase()] = v;
    }
    return (original.writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    return (original.write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    const result = (original.end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    ended({ ...res.getHeaders(), ...headArgs }, chunks);
    return result;
  } as typeof res.end;
}

/**
 * Headers of a rendered answer that belong to that one answer, not to the stored page. Strict-Transport-Security
 * depends on how each request came (gate.ts): each answer from the page gets its own.
 */
const PER_ANSWER_HEADERS = ['x-request-id', 'strict-transport-security', 'date', 'connection', 'keep-alive', 'transfer-encoding'];

/**
 * The page to store from an ended answer, or null when a shared cache may not store it. Read in
 * the render's request context: the page's route and school as the render noted them.
 */
function entryOf(status: number, headers: OutgoingHttpHeaders, chunks: Buffer[], at: number, trustProxy: boolean): Entry | null {
  const cacheControl = headerText(headers['cache-control']);
  const maxAge = sharedMaxAge(cacheControl);
  const storable = maxAge > 0 && CACHEABLE_STATUS.has(status) && !headers['set-cookie'] && variesOnlyOnHost(headerText(headers['vary']), trustProxy);
  if (!storable) return null;
  const body = Buffer.concat(chunks);
  for (const h of PER_ANSWER_HEADERS) delete headers[h];
  const etag = headerText(headers['etag']) ?? weakEtag(body);
  headers['etag'] = etag;
  const expires = at + maxAge * 1000;
  const noted = requestContext.getStore();
  const gzip = gzipForm(headerText(headers['content-type']), headerText(headers['content-encoding']), body);
  return {
    status,
    headers,
    body,
    gzip,
    served: servedHeaders(headers, body, gzip),
    etag,
    storedAt: at,
    expires,
    staleUntil: expires + directive(cacheControl, 'stale-while-revalidate') * 1000,
    tags: parseCacheTags(headers[CACHE_TAG_HEADER.toLowerCase()]),
    route: noted?.route,
    school: noted?.school,
  };
}

/** Headers as writeHead takes them raw: name, value, name, value… (a header of several values once per value). */
function rawHeaders(headers: OutgoingHttpHeaders): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) raw.push(name, v);
    else raw.push(name, String(value));
  }
  return raw;
}

/**
 * A stored page's headers as served, plain and in gzip, and for 304. A page with a gzip form varies on
 * what the browser accepts too (a shared cache keeps the two apart).
 */
function servedHeaders(headers: OutgoingHttpHeaders, body: Buffer, gzip: Buffer | null): Entry['served'] {
  const common: OutgoingHttpHeaders = { ...headers };
  if (gzip) common['vary'] = addVary(headerText(headers['vary']) ?? null, 'Accept-Encoding');
  const { 'content-length': _length, ...notModified } = common;
  return {
    plain: rawHeaders({ ...common, 'content-length': String(body.length) }),
    gzip: gzip ? rawHeaders({ ...common, 'content-encoding': 'gzip', 'content-length': String(gzip.length) }) : null,
    notModified: rawHeaders(notModified),
  };
}

/**
 * Answers from a stored page: 304 when the client holds its version, else the page (no body for HEAD).
 * The headers go to writeHead whole, with the answer's own after the page's (`own`: what the caller adds,
 * such as the request id), in one raw list: nothing is set on `res` header by header first.
 */
function serveEntry(req: IncomingMessage, res: ServerResponse, e: Entry, state: 'hit' | 'stale', at: number, own: readonly string[]): void {
  const answerOwn = ['age', String(Math.floor((at - e.storedAt) / 1000)), 'x-render-cache', state, ...own];
  if (e.status === 200 && etagMatches(req.headers['if-none-match'] ?? null, e.etag)) {
    res.writeHead(304, e.served.notModified.concat(answerOwn));
    res.end();
    return;
  }
  const gzip = e.served.gzip && chooseEncoding(req.headers['accept-encoding'], ['gzip']) ? e.gzip : null;
  res.writeHead(e.status, (gzip ? e.served.gzip! : e.served.plain).concat(answerOwn));
  res.end(req.method === 'HEAD' ? undefined : (gzip ?? e.body));
}

/** A request like `req` with nobody waiting for its answer, for a background render: a plain GET of the whole page. */
function detachedCopy(req: IncomingMessage): { req: IncomingMessage; res: ServerResponse } {
  const detached = new IncomingMessage(new Socket());
  detached.method = 'GET';
  detached.url = req.url ?? '/';
  for (const [name, value] of Object.entries(req.headers)) {
    if (!CONDITIONAL.has(name) && value !== undefined) detached.headers[name] = value;
  }
  detached.push(null);
  return { req: detached, res: new ServerResponse(detached) };
}

/**
 * The renders under way through the cache, one per key: each is recorded, stored when it may be,
 * and shared with the requests that ask for its page meanwhile.
 */
function createRenders(pages: PageStore, now: () => number, trustProxy: boolean, counted: (result: CacheResult) => void) {
  /** Renders under way, by key: resolve with what they stored (null when the answer was not storable). */
  const rendering = new Map<string, Promise<Entry | null>>();
  let renders = 0;

  /** Answers from a stored page in the request's context: its access line and metrics name the page's route and school. */
  function serve(req: IncomingMessage, res: ServerResponse, e: Entry, state: 'hit' | 'stale') {
    counted(state);
    if (e.route) noteRoute(e.route);
    if (e.school) noteSchool(e.school);
    noteCacheAnswer(state);
    serveEntry(req, res, e, state, now(), NO_HEADERS);
  }

  /** Answers from a fresh stored page before any request context exists: the caller logs it (answerFresh). */
  function serveFresh(req: IncomingMessage, res: ServerResponse, e: Entry, at: number, own: readonly string[]) {
    counted('hit');
    serveEntry(req, res, e, 'hit', at, own);
  }

  /** Records what the renderer writes to `res` and stores it when a shared cache may; resolves when done. */
  function capture(key: string, res: ServerResponse): Promise<Entry | null> {
    const purgesAtStart = pages.purges;
    return new Promise((resolve) => {
      let done = false;
      const finish = (entry: Entry | null) => {
        if (done) return;
        done = true;
        resolve(entry);
      };
      // A client that leaves mid-render ends nothing: let waiting requests render for themselves.
      res.once('close', () => finish(null));
      recordResponse(res, (headers, chunks) => {
        const entry = pages.purges === purgesAtStart ? entryOf(res.statusCode, headers, chunks, now(), trustProxy) : null;
        if (entry) pages.store(key, entry);
        finish(entry);
      });
    });
  }

  /** Renders into `res` (a client's, or a detached one for a background render) as the one render of `key`. */
  function render(key: string, req: IncomingMessage, res: ServerResponse, next: Next): Promise<Entry | null> {
    renders += 1;
    const done: Promise<Entry | null> = capture(key, res).finally(() => {
      if (rendering.get(key) === done) rendering.delete(key);
    });
    rendering.set(key, done);
    try {
      next(req, res);
    } catch {
      // The renderer answers its own errors; a throw here only means nothing was stored.
    }
    return done;
  }

  /**
   * A client's request for a page the cache does not hold: rendered for it, and stored when it may
   * be. Counted as a miss once answered, unless the answer was a built file the static handler
   * served as it is (no router named it): that is no page, and no render the cache could have spared.
   */
  function miss(key: string, req: IncomingMessage, res: ServerResponse, next: Next) {
    void render(key, req, res, next).then(() => {
      if (requestContext.getStore()?.route !== ROUTE_LABEL.staticFile) counted('miss');
    });
  }

  return {
    serve,
    serveFresh,
    miss,
    /** Re-renders a stale page with nobody waiting for it, unless a render of it is under way. */
    revalidate(key: string, req: IncomingMessage, next: Next) {
      if (rendering.has(key)) return;
      const detached = detachedCopy(req);
      void render(key, detached.req, detached.res, next);
    },
    /** A page nobody holds: the render under way of it is shared (someone renders it now), else one starts. */
    renderOrWait(key: string, req: IncomingMessage, res: ServerResponse, next: Next) {
      const pending = rendering.get(key);
      if (!pending) {
        if (req.method === 'GET') miss(key, req, res, next);
        else next(req, res);
        return;
      }
      void pending.then((entry) => {
        if (entry && !res.headersSent) serve(req, res, entry, 'hit');
        else if (req.method === 'GET') miss(key, req, res, next);
        else next(req, res);
      });
    },
    get count() {
      return renders;
    },
  };
}

export function createRenderCache(options: RenderCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = createPageStore(options.maxEntries, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const bypass = options.bypass ?? DEFAULT_BYPASS;
  const trustProxy = options.trustProxy ?? false;
  const renders = createRenders(pages, now, trustProxy, options.onResult ?? (() => undefined));

  /** The key of a page request the cache takes, or null (not a GET or HEAD, the cache is off, a path it never keeps). */
  function keyOf(req: IncomingMessage): string | null {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || options.maxEntries === 0 || bypass.test(url)) return null;
    return `${requestHost(nodeHeaders(req.headers), trustProxy)}\u0000${url}`;
  }

  return {
    /**
     * Answers a request from a fresh stored page, when the cache holds one, adding `own` headers (raw: name, value…)
     * to the page's: the cheapest answer the server gives, made before the request has a context (a hit runs no
     * router and writes no log line of its own). Answers what the page's render noted, for the caller's access line
     * and metrics, or null when the request must take the whole way: not a page the cache holds, or a stale one
     * (its replacement renders in the request's context, handle).
     */
    answerFresh(req: IncomingMessage, res: ServerResponse, own: readonly string[]): FreshAnswer | null {
      const key = keyOf(req);
      if (key === null) return null;
      const at = now();
      const hit = pages.get(key);
      if (!hit || hit.expires <= at) return null;
      pages.touch(key, hit);
      renders.serveFresh(req, res, hit, at, own);
      return { route: hit.route, school: hit.school };
    },
    handle(req: IncomingMessage, res: ServerResponse, next: Next): void {
      const key = keyOf(req);
      if (key === null) {
        next(req, res);
        return;
      }
      const at = now();
      const hit = pages.get(key);
      if (hit && hit.staleUntil > at) {
        pages.touch(key, hit);
        const fresh = hit.expires > at;
        renders.serve(req, res, hit, fresh ? 'hit' : 'stale');
        if (!fresh) renders.revalidate(key, req, next);
        return;
      }
      if (hit) pages.remove(key);
      renders.renderOrWait(key, req, res, next);
    },
    /** Drops every stored page. */
    clear() {
      pages.clear();
    },
    /** Drops the stored pages carrying any of the tags (case does not matter); answers how many. */
    purgeTags(tags: readonly string[]): number {
      return pages.dropTagged(tags.map((tag) => tag.toLowerCase()));
    },
    /** Drops what a purge event names (tags, or 'all'). */
    purge(tags: readonly string[] | 'all'): number {
      if (tags !== 'all') return this.purgeTags(tags);
      const dropped = pages.size;
      this.clear();
      return dropped;
    },
    get size() {
      return pages.size;
    },
    /** Renders started through the cache so far (for tests and benchmarks). */
    get renders() {
      return renders.count;
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
