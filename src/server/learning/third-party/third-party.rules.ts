import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The third-party course platform's request signature and the URLs that may cross the boundary
 * (decision 021). Pure: no I/O, the same input gives the same answer.
 *
 * Every request to the platform carries `X-Timestamp` (epoch ms) and `X-Signature`: the lower-case
 * hex HMAC-SHA256, keyed with THIRD_PARTY_PLATFORM_SECRET, of
 *   METHOD "\n" PATH "\n" TIMESTAMP "\n" BODY
 * where PATH is the URL path as sent (with the base URL's own path) and BODY the exact JSON text.
 */

export const TIMESTAMP_HEADER = 'X-Timestamp';
export const SIGNATURE_HEADER = 'X-Signature';

export function signingText(method: string, path: string, timestamp: number | string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`;
}

export function signRequest(secret: string, method: string, path: string, timestamp: number | string, body: string): string {
  return createHmac('sha256', secret)
    .update(signingText(method, path, timestamp, body), 'utf8')
    .digest('hex');
}

/** The signature matches (compared in constant time); anything not 64 hex characters does not. */
export function signatureMatches(
  secret: string,
  method: string,
  path: string,
  timestamp: number | string,
  body: string,
  given: string | null | undefined,
): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signRequest(secret, method, path, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

const MAX_URL = 2048;

/**
 * A classroom URL from the platform that the browser may open: an absolute http(s) URL without
 * user name or password, at most 2048 characters, as the URL parser writes it; anything else
 * (javascript:, data:, relative, malformed) is null.
 */
export function allowedPlatformUrl(text: unknown): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_URL) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

/**
 * The page the platform sends the student back to: an absolute http(s) URL of this site (its host
 * name is the request's), at most 2048 characters; anything else is null (the platform must not
 * become a way to send students elsewhere).
 */
export function sameSiteBackUrl(text: unknown, host: string): string | null {
  const url = allowedPlatformUrl(text);
  if (!url) return null;
  return new URL(url).hostname.toLowerCase() === host.toLowerCase() ? url : null;
}
