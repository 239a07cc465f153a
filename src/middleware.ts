import { defineMiddleware } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { getServer } from '~/server/runtime';
import { hasAnySchool, resolveTenant } from '~/server/tenant/tenant.service';
import { addVary, etagMatches, pageCacheControl } from '~/server/http/page-cache';
import { sharedMaxAge } from '~/server/http/render-cache';
import { CACHE_TAG_HEADER, formatCacheTags } from '~/server/http/cache-tags';
import { pageTags } from '~/server/events/page-changes';
import { pageErrorHtml, schoolNotFoundHtml, serviceUnavailableHtml } from '~/server/pages/school-not-found';
import { isDatabaseUnavailable } from '~/server/db/database';
import { ErrorCode } from '~/lib/envelope';
import { noteRoute, noteSchool } from '~/server/http/request-context';
import { t } from '~/server/i18n';
import { readClientHeaders } from '~/server/http/context';
import { createScope, tenantLookupKey } from '~/server/http/request-scope';
import { addressTrust, clientAddress, fetchHeaders, hostVary, requestHost } from '~/server/http/forwarded';
import { contentSecurityPolicy, narrowScriptHashes, setBaseHeaders } from '~/server/http/security-headers';
import { keepSchoolChoice } from '~/server/http/school-choice';
import { pageBytes, pageParts, pageResponse } from '~/server/http/page-bytes';
import { pageEtag } from '~/server/http/page-parts';

const REQUEST_ID = /^[\w-]{8,64}$/;
/** Routes that never resolve a tenant: the API does it per call, /sso-login skips every step. */
const NO_TENANT = /^\/(?:api(?:\/|$)|healthz$|readyz$|sso-login\/?$)/;
/**
 * The staff pages: each shows one person's school administration, so no shared cache may keep
 * one (no-store, whatever the page did) and no search engine lists them.
 */
const STAFF_PAGES = /^\/admin(?:\/|$)/;

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  const given = request.headers.get('x-request-id');
  const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
  // Every answer is counted by the page (or endpoint) that matched, whatever happens next; the
  // API's router names the call itself.
  noteRoute(context.routePattern);
  let server: Awaited<ReturnType<typeof getServer>>;
  try {
    server = await getServer();
  } catch {
    // The database could not be opened yet (getServer logs why and tries again on the next request).
    return unavailable(url.pathname, requestId);
  }
  const { config, db, logger, lookups } = server.runtime;
  locals.requestId = requestId;
  locals.server = server;
  locals.tenant = null;

  let response: Response;
  if (NO_TENANT.test(url.pathname)) {
    response = await next();
  } else {
    try {
      const host = requestHost(fetchHeaders(request.headers), config.TRUST_PROXY, url.host);
      const schoolId = url.searchParams.get('schoolId');
      const lookup = { tenantId: schoolId, host };
      const tenant = await lookups.tenants.get(tenantLookupKey(lookup), () => resolveTenant(db, config, lookup));
      if (!tenant) {
        // One indexed row read: a portal with no school at all says so, not "this address is wrong".
        const noSchoolYet = !(await hasAnySchool(db));
        // Kept by no cache: a school opened a moment later (npm run school:create, in another
        // process) must answer at this host at once, here and at a CDN.
        response = new Response(schoolNotFoundHtml(host, noSchoolYet), {
          status: 404,
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: hostVary(config.TRUST_PROXY) },
        });
      } else {
        locals.tenant = tenant;
        noteSchool(tenant.preDomain);
        locals.scope = createScope(server.runtime, {
          requestId,
          ip: clientAddress(fetchHeaders(request.headers), addressTrust(config), clientIp(context)),
          host,
          headers: readClientHeaders(request.headers),
          tenant,
        });
        const page = await keepSchoolChoice(url, tenant.id, await next());
        // Staff pages get no ETag, no 304 and no shared-cache headers (see below).
        response = STAFF_PAGES.test(url.pathname)
          ? await withOwnScripts(page)
          : await cachePage(request, page, config.PAGE_MAX_AGE, hostVary(config.TRUST_PROXY));
        // A page a shared cache may keep names its school and what it shows, so a change drops exactly it.
        if (!STAFF_PAGES.test(url.pathname) && sharedMaxAge(response.headers.get('Cache-Control') ?? undefined) > 0) {
          response.headers.set(CACHE_TAG_HEADER, formatCacheTags(pageTags(tenant.id, locals.shows)));
        }
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        logger.repeating('warn', 'database unavailable', { requestId, path: url.pathname, error: (error as Error).message });
        response = unavailable(url.pathname, requestId);
      } else {
        // One JSON line with the stack and the request id, and a page that gives the id to quote.
        logger.error('page failed', { requestId, path: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        response = new Response(pageErrorHtml(requestId), {
          status: 500,
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
    }
  }

  if (STAFF_PAGES.test(url.pathname)) {
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  }
  response.headers.set('X-Request-Id', requestId);
  if ((response.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    // Set only when it changes: a header's value is checked character by character as it is set, and Astro's policy
    // of 1.2 KB is usually already the one to send (the API on the site's own origin).
    const rendered = response.headers.get('Content-Security-Policy');
    const policy = contentSecurityPolicy(rendered, config);
    if (policy !== rendered) response.headers.set('Content-Security-Policy', policy);
  }
  setBaseHeaders(response.headers);
  // The access line is written by the server (scripts/start.mjs) for every answer, cached or not.
  return response;
});

/** The answer while the database cannot be reached: the API's envelope, readiness, or a page that reloads itself. */
function unavailable(pathname: string, requestId: string): Response {
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '5', 'X-Request-Id': requestId };
  if (pathname === '/healthz') return Response.json({ status: 'ok' }, { headers });
  if (pathname === '/readyz') return Response.json({ status: 'unavailable' }, { status: 503, headers });
  if (pathname.startsWith('/api/') || pathname === '/api') {
    return Response.json({ code: ErrorCode.UNAVAILABLE, data: null, message: t('api.internal') }, { status: 503, headers });
  }
  return new Response(serviceUnavailableHtml(), { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}

/** The peer address; empty when the client has already gone (reading it would throw). */
function clientIp(context: { clientAddress: string }): string {
  try {
    return context.clientAddress;
  } catch {
    return '';
  }
}

/**
 * Pages depend only on the tenant (the host) and the URL, never on who is logged in, so a CDN
 * may keep them: s-maxage with stale-while-revalidate, a weak ETag and Vary: Host. A page that set
 * its own Cache-Control keeps it.
 */
async function cachePage(request: Request, response: Response, maxAge: number, vary: string): Promise<Response> {
  const type = response.headers.get('Content-Type') ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD') return response;
  const page = type.startsWith('text/html') && (response.status === 200 || response.status === 404);
  // A page's Response is replaced by the one made below from its bytes, so its headers are changed in place: a copy
  // would check every value again, the 1.2 KB policy character by character. Any other answer keeps its own.
  const headers = page ? response.headers : new Headers(response.headers);
  headers.set('Vary', addVary(headers.get('Vary'), vary));
  if (type === 'text/html') headers.set('Content-Type', 'text/html; charset=utf-8');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', pageCacheControl(maxAge));
  if (!page) return new Response(response.body, { status: response.status, headers });
  // The page's bytes as rendered: hashed and sent as they are, never decoded to a string and encoded again, nor read
  // back through a stream (decision 106).
  const body = await pageBytes(response);
  const parts = pageParts(response, body);
  ownScriptsOnly(headers, parts);
  const etag = pageEtag(parts);
  headers.set('ETag', etag);
  if (response.status === 200 && etagMatches(request.headers.get('If-None-Match'), etag)) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return pageResponse(body, { status: response.status, headers });
}

/** The page's policy allows the inline scripts of this page alone, not every one of the build (decision 101). */
function ownScriptsOnly(headers: Headers, parts: readonly Uint8Array[]): void {
  const rendered = headers.get('Content-Security-Policy');
  if (rendered) headers.set('Content-Security-Policy', narrowScriptHashes(rendered, parts));
}

/** A staff page with the policy of its own inline scripts (read whole: the page is a shell and one island). */
async function withOwnScripts(page: Response): Promise<Response> {
  if (!page.body || !page.headers.has('Content-Security-Policy') || !(page.headers.get('Content-Type') ?? '').startsWith('text/html')) return page;
  const body = await pageBytes(page);
  // Replaced by the Response below, as in cachePage; its status text is not read (the writer sends Node's for the status).
  ownScriptsOnly(page.headers, pageParts(page, body));
  return pageResponse(body, { status: page.status, headers: page.headers });
}
