import type { Config } from '../config';
import { inlineScriptDigests } from './page-parts';

/**
 * The Content-Security-Policy of HTML pages. Astro writes the policy of each page with the hashes
 * of the inline scripts it rendered (security.csp in astro.config.mjs holds the static part);
 * here the parts that depend on the running configuration are added: the API's origin when the
 * browser calls it elsewhere (PUBLIC_API_BASE). A page Astro did not render (the unknown-school
 * page) gets a policy that allows nothing but its own inline style.
 */

const FALLBACK =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

function originOf(base: string): string | null {
  if (!/^https?:\/\//.test(base)) return null;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
}

/** Adds `source` to one directive of a policy (or the directive itself when the policy has none). */
export function addSource(policy: string, directive: string, source: string): string {
  const parts = policy
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const index = parts.findIndex((p) => p.split(/\s+/)[0] === directive);
  if (index === -1) parts.push(`${directive} ${source}`);
  else if (!parts[index]!.split(/\s+/).includes(source)) parts[index] = `${parts[index]} ${source}`;
  return parts.join('; ');
}

export function contentSecurityPolicy(rendered: string | null, config: Pick<Config, 'PUBLIC_API_BASE'>): string {
  if (!rendered) return FALLBACK;
  const api = originOf(config.PUBLIC_API_BASE);
  return api ? addSource(rendered, 'connect-src', api) : rendered;
}

const SHA256 = "'sha256-";

/**
 * A rendered policy whose script-src keeps only the SHA-256 hashes of scripts the page itself has (decision 101).
 * Astro writes the hashes of every inline script of the build into every page's policy (1.2 KB); a page allows
 * only its own, a subset of those, and the policy of a page without inline scripts allows none. Sources that
 * are not SHA-256 hashes are kept as they are. `page` is the page's bytes in the parts it was rendered in.
 */
export function narrowScriptHashes(policy: string, page: readonly Uint8Array[]): string {
  const start = policy.indexOf('script-src ');
  if (start === -1 || policy.indexOf(SHA256, start) === -1) return policy;
  const semicolon = policy.indexOf(';', start);
  const end = semicolon === -1 ? policy.length : semicolon;
  const present = inlineScriptDigests(page);
  const kept = policy
    .slice(start, end)
    .split(' ')
    .filter((source) => !source.startsWith(SHA256) || present.has(source.slice(1, -1)));
  return `${policy.slice(0, start)}${kept.join(' ')}${policy.slice(end)}`;
}

/**
 * The headers every answer carries, page or API call: framed only by the site itself (the home page's
 * phone preview), no type sniffing, and the referrer kept to the origin across sites unless the answer
 * chose its own policy (a preview or a private calendar address says no-referrer).
 */
export function setBaseHeaders(headers: Headers): void {
  headers.set('X-Frame-Options', 'SAMEORIGIN');
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
}
