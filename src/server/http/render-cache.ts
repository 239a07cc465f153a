import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.
import { etagMatches, weakEtag } from './page-cache.ts';
import { normalizeHost } from '../tenant/host.ts';

/**
 * An in-memory render cache in front of the page renderer, keyed by host and URL, so a tenant's
 * page is never served to another tenant. It stores only answers that a shared cache may store
 * (Cache-Control public with s-maxage, no Set-Cookie, varying on nothing but Host) for s-maxage
 * seconds, so an edit shows within the page's max-age. Each instance has its own cache; losing it
 * loses nothing.
 */

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  storedAt: number;
  expires: number;
}

export interface RenderCacheOptions {
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
  /** Paths never cached (the API, health checks, built assets served by the static handler). */
  bypass?: RegExp;
}

type Next = (req: IncomingMessage, res: ServerResponse) => void;

const CACHEABLE_STATUS = new Set([200, 301, 302, 404]);
const DEFAULT_BYPASS = /^\/(?:api\/|healthz|readyz|_astro\/)/;

export function sharedMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const cc = cacheControl.toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(?:private|no-store)\b/.test(cc)) return 0;
  const m = /\bs-maxage=(\d+)/.exec(cc);
  return m ? Number(m[1]) : 0;
}

function headerText(v: OutgoingHttpHeaders[string]): string | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(', ') : String(v);
}

function onlyVariesOnHost(vary: string | undefined): boolean {
  if (!vary) return true;
  return vary.split(',').every((h) => ['host', 'accept-encoding', ''].includes(h.trim().toLowerCase()));
}

export function createRenderCache(options: RenderCacheOptions) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const bypass = options.bypass ?? DEFAULT_BYPASS;
  let bytes = 0;

  function remove(key: string) {
    const e = entries.get(key);
    if (e) {
      bytes -= e.body.length;
      entries.delete(key);
    }
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entry.body.length > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse, e: Entry) {
    const headers: OutgoingHttpHeaders = { ...e.headers, age: String(Math.floor((now() - e.storedAt) / 1000)), 'x-render-cache': 'hit' };
    if (e.status === 200 && etagMatches(req.headers['if-none-match'] ?? null, e.etag)) {
      delete headers['content-length'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(e.status, { ...headers, 'content-length': String(e.body.length) });
    res.end(req.method === 'HEAD' ? undefined : e.body);
  }

  function capture(key: string, res: ServerResponse) {
    const chunks: Buffer[] = [];
    let headArgs: OutgoingHttpHeaders = {};
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    const toBuffer = (chunk: unknown, enc?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (typeof enc === 'string' ? enc : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array);

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
      const headers: OutgoingHttpHeaders = { ...res.getHeaders(), ...headArgs };
      const maxAge = sharedMaxAge(headerText(headers['cache-control']));
      if (
        maxAge > 0 &&
        CACHEABLE_STATUS.has(res.statusCode) &&
        !headers['set-cookie'] &&
        onlyVariesOnHost(headerText(headers['vary']))
      ) {
        const body = Buffer.concat(chunks);
        delete headers['x-request-id'];
        delete headers['date'];
        delete headers['connection'];
        delete headers['keep-alive'];
        delete headers['transfer-encoding'];
        const etag = headerText(headers['etag']) ?? weakEtag(body);
        headers['etag'] = etag;
        const at = now();
        store(key, { status: res.statusCode, headers, body, etag, storedAt: at, expires: at + maxAge * 1000 });
      }
      return result;
    } as typeof res.end;
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse, next: Next): void {
      const url = req.url ?? '/';
      if ((req.method !== 'GET' && req.method !== 'HEAD') || options.maxEntries === 0 || bypass.test(url)) {
        next(req, res);
        return;
      }
      const host = normalizeHost(String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '').split(',')[0]);
      const key = `${host}\u0000${url}`;
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        serve(req, res, hit);
        return;
      }
      if (hit) remove(key);
      if (req.method === 'GET') capture(key, res);
      next(req, res);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
