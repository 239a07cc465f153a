import type { Context } from 'hono';
import { fetchHeaders, isHttps, isPlausibleHost } from './forwarded';
import type { ApiEnv, Scope } from './scope';

/** The first value of a header that may list several. */
const firstOf = (value: string | undefined) => (value ?? '').split(',')[0]!.trim();

/**
 * Where the request came in, scheme and host with its port, for addresses handed to other
 * programs (the calendar feed, an external document viewer): the forwarded host and scheme only
 * behind a trusted proxy (as everywhere), a host that is not plausible falls back to the
 * request's resolved host.
 */
export function requestOrigin(s: Scope, c: Context<ApiEnv>): string {
  return originOf(s, c.req.raw);
}

/** requestOrigin for a page (Astro hands pages the Request itself). */
export function originOf(s: Pick<Scope, 'config' | 'host'>, request: Request): string {
  const url = new URL(request.url);
  const header = (name: string) => request.headers.get(name) ?? undefined;
  const forwarded = s.config.TRUST_PROXY ? firstOf(header('x-forwarded-host')) : '';
  const given = forwarded || firstOf(header('host')) || url.host;
  const host = isPlausibleHost(given) ? given.toLowerCase() : s.host;
  const https = s.config.SITE_ON_HTTPS || isHttps(fetchHeaders(request.headers), s.config.TRUST_PROXY, url.protocol === 'https:');
  return `${https ? 'https' : 'http'}://${host}`;
}
