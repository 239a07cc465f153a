import type { Context } from 'hono';
import { fetchHeaders, isHttps, siteOrigin } from './forwarded';
import type { ApiEnv, Scope } from './scope';

/**
 * Where the request came in, scheme and host with its port (siteOrigin): the address a request
 * from the site's own pages names in its Origin header, and the base of addresses handed to other
 * programs (the calendar feed, an external document viewer). Forwarded headers count only behind
 * a trusted proxy, as everywhere; a host that is not plausible falls back to the request's
 * resolved host.
 */
export function requestOrigin(s: Scope, c: Context<ApiEnv>): string {
  return originOf(s, c.req.raw);
}

/** requestOrigin for a page (Astro hands pages the Request itself). */
export function originOf(s: Pick<Scope, 'config' | 'host'>, request: Request): string {
  const url = new URL(request.url);
  const read = fetchHeaders(request.headers);
  const https = s.config.SITE_ON_HTTPS || isHttps(read, s.config.TRUST_PROXY, url.protocol === 'https:');
  return siteOrigin(read, { trustProxy: s.config.TRUST_PROXY, https, urlHost: url.host, fallbackHost: s.host });
}
