import { createHash, type Hash } from 'node:crypto';

/** Pure helpers for the HTTP caching of server-rendered pages. */

export function pageCacheControl(maxAge: number): string {
  return maxAge > 0 ? `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${maxAge * 5}` : 'no-cache';
}

/** How many characters of its SHA-1 (base64url) an ETag keeps. */
const ETAG_CHARACTERS = 27;

export function weakEtag(body: string | Uint8Array): string {
  return weakEtagOf(createHash('sha1').update(body));
}

/** The weak ETag of a SHA-1 given everything it hashes. */
export function weakEtagOf(sha1: Hash): string {
  return `W/"${sha1.digest('base64url').slice(0, ETAG_CHARACTERS)}"`;
}

/** True when an If-None-Match header names the tag (weak comparison, lists and * allowed). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export function addVary(existing: string | null, value: string): string {
  const parts = new Set(
    (existing ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const v of value.split(',')) if (v.trim()) parts.add(v.trim());
  return [...parts].join(', ');
}
