import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRenderCache, type RenderCache } from '~/server/http/render-cache';
import { pageCacheControl } from '~/server/http/page-cache';
import { CACHE_TAG_HEADER, formatCacheTags } from '~/server/http/cache-tags';
import { pageTags, purgeTagsOf, type PageShows } from '~/server/events/page-changes';
import { createScope } from '~/server/http/request-scope';
import { readClientHeaders } from '~/server/http/context';
import { resolveTenant } from '~/server/tenant/tenant.service';
import type { Scope } from '~/server/http/scope';
import type { TestServer } from './server';

/**
 * The real render cache (src/server/http/render-cache.ts) in front of one test server, over real
 * HTTP, as scripts/start.mjs puts it in front of Astro; it hears the server's page changes as the
 * start script does (every change the runtime hears, purged by its tags). Astro is not built in the
 * vitest phase, so the pages behind it are small renderers of the test's own that read the real
 * services through a request scope and answer with the page middleware's headers (a shared cache
 * may keep them for PAGE_MAX_AGE; Cache-Tag from what they show). The browser tests cover the
 * real pages.
 */

export interface TestPage {
  shows: PageShows;
  render(s: Scope): Promise<string>;
}

export interface CachedPages {
  cache: RenderCache;
  /** GET a path as a visitor of `host` (default: the demo school's host): the status, the render cache's verdict and the body. */
  get(path: string, host?: string): Promise<{ status: number; cache: string | undefined; body: string; tags: string | undefined }>;
  close(): Promise<void>;
}

/** A page's request scope at `host` as the page middleware makes it, or null when the host names no school. */
export async function pageScopeAt(server: TestServer, host: string): Promise<{ scope: Scope; tenantId: string } | null> {
  const { runtime } = server;
  const tenant = await resolveTenant(runtime.db, runtime.config, { host });
  if (!tenant) return null;
  const headers = new Headers({ host });
  const scope = createScope(runtime, { requestId: 'cached-pages', ip: '127.0.0.1', host, headers: readClientHeaders(headers), tenant });
  return { scope, tenantId: tenant.id };
}

export async function startCachedPages(server: TestServer, pages: Record<string, TestPage>): Promise<CachedPages> {
  const { runtime } = server;
  const cache = createRenderCache({ maxEntries: 100, now: () => server.clock.value });
  const unsubscribe = runtime.pageChanges.subscribe((change) => cache.purge(purgeTagsOf(change)));
  const render = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://page.test');
      const page = pages[url.pathname];
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const at = await pageScopeAt(server, host);
      if (!page || !at) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('<p>not found</p>');
        return;
      }
      const body = await page.render(at.scope);
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': pageCacheControl(runtime.config.PAGE_MAX_AGE),
        Vary: 'Host',
        [CACHE_TAG_HEADER]: formatCacheTags(pageTags(at.tenantId, page.shows)),
      });
      res.end(body);
    })().catch((error: unknown) => {
      console.error('[cached-pages]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  const http = createHttpServer((req, res) => cache.handle(req, res, render));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    cache,
    get: (path, host = 'demo.localhost') =>
      new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              cache: res.headers['x-render-cache'] as string | undefined,
              body: Buffer.concat(chunks).toString('utf8'),
              tags: res.headers['cache-tag'] as string | undefined,
            }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
