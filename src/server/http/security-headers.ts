import { createHash } from 'node:crypto';
import type { Config } from '../config';

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

const SCRIPT_OPEN = '<script';
const SCRIPT_CLOSE = '</script';
/** What may follow `<script` in a script's opening tag (not `<scripts…>` or `<script-x>`). */
const AFTER_SCRIPT = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d, 0x3e, 0x2f]);
const GREATER = 0x3e;
const QUOTES = new Set([0x22, 0x27]);
const HAS_SRC = /\ssrc\s*=/i;
/** A data block the browser never runs (the page's config, structured data): no policy names it. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i;
const SHA256 = "'sha256-";

/**
 * The SHA-256 digests (`sha256-…`, base64, as Astro writes them) of the inline scripts in a page's bytes: every
 * `<script>` without a `src` that is not a JSON data block, its text up to `</script`, hashed as the UTF-8 bytes the
 * browser hashes. The page is Astro's, which escapes `<` in text and attribute values, so a `<script` in it opens a
 * script or lies inside one.
 */
export function inlineScriptDigests(body: Uint8Array): Set<string> {
  const page = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const digests = new Set<string>();
  let at = page.indexOf(SCRIPT_OPEN);
  while (at !== -1) {
    // Past the end there is no next byte: the look-up below then finds nothing and the loop ends.
    if (!AFTER_SCRIPT.has(page[at + SCRIPT_OPEN.length]!)) {
      at = page.indexOf(SCRIPT_OPEN, at + SCRIPT_OPEN.length);
      continue;
    }
    // The opening tag ends at the first `>` outside a quoted attribute value.
    let end = at + SCRIPT_OPEN.length;
    let quote = 0;
    for (; end < page.length; end++) {
      const c = page[end]!;
      if (quote) {
        if (c === quote) quote = 0;
      } else if (QUOTES.has(c)) quote = c;
      else if (c === GREATER) break;
    }
    // A tag cut off at the end has no `</script` after it.
    const close = page.indexOf(SCRIPT_CLOSE, end + 1);
    if (close === -1) break;
    const tag = page.toString('latin1', at, end);
    if (!HAS_SRC.test(tag) && !DATA_BLOCK.test(tag)) {
      digests.add(
        `sha256-${createHash('sha256')
          .update(page.subarray(end + 1, close))
          .digest('base64')}`,
      );
    }
    at = page.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return digests;
}

/**
 * A rendered policy whose script-src keeps only the SHA-256 hashes of scripts the page itself has (decision 101).
 * Astro writes the hashes of every inline script of the build into every page's policy (1.2 KB); a page allows
 * only its own, a subset of those, and the policy of a page without inline scripts allows none. Sources that
 * are not SHA-256 hashes are kept as they are.
 */
export function narrowScriptHashes(policy: string, page: Uint8Array): string {
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
