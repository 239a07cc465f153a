// Loaded by Node directly from scripts/start.mjs (through render-cache.ts, type stripping):
// erasable TypeScript only.

/**
 * Cache tags: every cacheable page names what it shows in one response header, so a cache can drop
 * exactly the pages a change touched. The header is Cloudflare's `Cache-Tag` (comma-separated; the
 * CDN strips it before the visitor sees it); the render cache reads the same header. What the tags
 * are (a school, a kind of content) is decided by src/server/events/page-changes.ts.
 */
export const CACHE_TAG_HEADER = 'Cache-Tag';

/** A tag never holds a comma (the separator) or white space (not allowed by CDNs). */
const TAG = /^[^\s,]{1,128}$/;

export function isCacheTag(tag: string): boolean {
  return TAG.test(tag);
}

export function formatCacheTags(tags: readonly string[]): string {
  return [...new Set(tags)].join(',');
}

/** The tags of a header value (or values, when the header came more than once); blanks ignored. */
export function parseCacheTags(value: string | readonly string[] | number | undefined): string[] {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(isCacheTag),
    ),
  ];
}
