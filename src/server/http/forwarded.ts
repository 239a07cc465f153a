// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.

/**
 * Which host and client address a request speaks for. Forwarded headers (X-Forwarded-Host,
 * X-Forwarded-For, X-Forwarded-Proto) count only when the operator says the server is behind a
 * proxy that sets them (TRUST_PROXY); otherwise any client could pick another school's host and
 * have its page stored under this one in a shared cache. The render cache, the tenant look-up and
 * the Vary header all use these functions, so they cannot disagree.
 */

/** 'Demo.Example.com:4321' -> 'demo.example.com'; '[::1]:80' -> '::1'. */
export function normalizeHost(host: string | null | undefined): string {
  let h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    // '[::1]' or '[::1]:4321' only; anything else is not a host.
    return end > 0 && /^(?::\d+)?$/.test(h.slice(end + 1)) ? h.slice(1, end) : h;
  }
  const colon = h.lastIndexOf(':');
  if (colon > -1 && /^\d+$/.test(h.slice(colon + 1))) h = h.slice(0, colon);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

type HeaderValue = string | string[] | null | undefined;
/** Reads one request header by lower-case name (Fetch Headers or Node's IncomingHttpHeaders). */
export type HeaderReader = (name: string) => HeaderValue;

function first(value: HeaderValue): string {
  const text = Array.isArray(value) ? value[0] : value;
  return (text ?? '').split(',')[0]!.trim();
}

/** A host header value worth believing: a host name or address with an optional port. */
const HOST_VALUE = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isPlausibleHost(value: string): boolean {
  return value.length <= 260 && HOST_VALUE.test(value);
}

/**
 * The request's host, lower-cased and without port: the first X-Forwarded-Host when proxies are
 * trusted and it is a plausible host, else Host. A blank or malformed forwarded value falls back
 * to Host everywhere alike. `fallback` (the host of the URL the server saw) serves a request with
 * no Host; given as a function, it is worked out only then (parsing the URL is most of an API
 * call's host look-up, and every HTTP/1.1 request names its Host).
 */
export function requestHost(read: HeaderReader, trustProxy: boolean, fallback: string | (() => string) = ''): string {
  if (trustProxy) {
    const forwarded = first(read('x-forwarded-host'));
    if (forwarded && isPlausibleHost(forwarded)) return normalizeHost(forwarded);
  }
  const host = first(read('host'));
  return normalizeHost(host || (typeof fallback === 'function' ? fallback() : fallback));
}

/** A port as a proxy names it in X-Forwarded-Port. */
const PORT_VALUE = /^\d{1,5}$/;
/** A plausible host that names its port ('a.cn:8080', '[::1]:8080'; not '[::1]'). */
const NAMES_PORT = /:\d+$/;

export interface SiteOriginInput {
  trustProxy: boolean;
  /** The request reached the site over https (directly, per a trusted proxy, or SITE_ON_HTTPS). */
  https: boolean;
  /** The host of the URL the server saw, used when the request has no Host header. */
  urlHost: string;
  /** The request's resolved host, used when the host the headers give is not plausible. */
  fallbackHost: string;
}

/**
 * The site's origin as the browser's address bar has it, scheme, host and port: what the Origin
 * header of a request from the site's own pages names. The host is the first X-Forwarded-Host
 * behind a trusted proxy, else Host. Its port is the one that host names (a proxy that passes the
 * Host the browser sent keeps it); a host without one takes a trusted proxy's X-Forwarded-Port,
 * for proxies that forward the port apart from the host. The scheme's default port is left out,
 * as browsers leave it out of Origin.
 */
export function siteOrigin(read: HeaderReader, input: SiteOriginInput): string {
  const forwarded = input.trustProxy ? first(read('x-forwarded-host')) : '';
  const given = forwarded || first(read('host')) || input.urlHost;
  let host = isPlausibleHost(given) ? given.toLowerCase() : input.fallbackHost;
  const scheme = input.https ? 'https' : 'http';
  if (input.trustProxy && !NAMES_PORT.test(host)) {
    const port = first(read('x-forwarded-port'));
    if (PORT_VALUE.test(port)) host = `${host}:${port}`;
  }
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    // A port beyond 65535, or a fallback host no URL can hold: the host alone.
    return `${scheme}://${input.fallbackHost}`;
  }
}

/** The header names a page's HTML varies on: the one that picked the host. */
export function hostVary(trustProxy: boolean): string {
  return trustProxy ? 'Host, X-Forwarded-Host' : 'Host';
}

const ADDRESS = /^[0-9a-f:.]{2,45}$/i;

/** How far the server believes its proxies about the client's address (TRUST_PROXY, TRUST_PROXY_HOPS, CLIENT_IP_HEADER). */
export interface AddressTrust {
  /** Proxies in front of the server; below 1 means none is trusted. */
  hops: number;
  /** One header a trusted proxy or CDN sets to the client's address itself (e.g. cf-connecting-ip), lower-case; it wins. */
  clientIpHeader?: string | null | undefined;
}

/**
 * The client's address. Without trusted proxies it is the peer. Behind them, X-Forwarded-For is
 * read from the right: each trusted proxy appends the address it was reached from (nginx's
 * $proxy_add_x_forwarded_for, most CDNs), so the entry `hops` places from the right was written by
 * the outermost trusted proxy, and everything left of it is whatever the client chose to send.
 * A list shorter than `hops` (a request that skipped an outer proxy) gives its leftmost entry,
 * which a trusted proxy wrote. A named client-address header, when configured and valid, wins.
 */
export function clientAddress(read: HeaderReader, trust: boolean | AddressTrust, peer: string): string {
  const { hops, clientIpHeader } = typeof trust === 'boolean' ? { hops: trust ? 1 : 0, clientIpHeader: null } : trust;
  if (hops < 1) return peer;
  if (clientIpHeader) {
    const named = first(read(clientIpHeader));
    if (ADDRESS.test(named)) return named;
  }
  const value = read('x-forwarded-for');
  const list = (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length) return peer;
  const chosen = list[Math.max(0, list.length - hops)]!;
  return ADDRESS.test(chosen) ? chosen : peer;
}

/** The address trust of a parsed configuration. */
export function addressTrust(config: { TRUST_PROXY: boolean; TRUST_PROXY_HOPS: number; CLIENT_IP_HEADER?: string | undefined }): AddressTrust {
  return { hops: config.TRUST_PROXY ? config.TRUST_PROXY_HOPS : 0, clientIpHeader: config.TRUST_PROXY ? (config.CLIENT_IP_HEADER ?? null) : null };
}

/** True when the request reached the site over https (directly, or per a trusted proxy). */
export function isHttps(read: HeaderReader, trustProxy: boolean, encrypted: boolean): boolean {
  if (encrypted) return true;
  return trustProxy && first(read('x-forwarded-proto')).toLowerCase() === 'https';
}

export const fetchHeaders =
  (headers: Headers): HeaderReader =>
  (name) =>
    headers.get(name);
export const nodeHeaders =
  (headers: Record<string, string | string[] | undefined>): HeaderReader =>
  (name) =>
    headers[name];
