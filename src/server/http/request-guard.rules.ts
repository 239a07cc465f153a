import { timingSafeEqual } from 'node:crypto';

/**
 * The staff side's defences against cross-site requests, as pure rules (tests/unit/staff-rules.test.ts).
 *
 * The session cookie is SameSite=Strict, so a browser does not send it with a request another
 * site starts; on top of that every write must (1) come from the site's own pages as the browser
 * tells it, Sec-Fetch-Site `same-origin` when the browser sends the header and an Origin of the
 * request's own host when it sends one, and (2) carry the session's CSRF token in X-CSRF-Token,
 * which another site can neither read nor make. A client that sends neither header (a script, a
 * test) is no browser acting for someone else, so only the token is asked of it.
 */

export function sameOriginWrite(h: { origin: string | null | undefined; secFetchSite: string | null | undefined }, requestHost: string): boolean {
  const site = h.secFetchSite?.trim().toLowerCase();
  if (site && site !== 'same-origin') return false;
  const origin = h.origin?.trim();
  if (!origin) return true;
  try {
    return new URL(origin).host.toLowerCase() === requestHost.toLowerCase();
  } catch {
    // 'null' (a sandboxed frame, a redirect from elsewhere) or garbage.
    return false;
  }
}

/** The header's token is the session's, compared in constant time. */
export function csrfTokenMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
