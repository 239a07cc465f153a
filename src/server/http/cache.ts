import type { Context } from 'hono';

/**
 * Answers that depend only on the tenant and the URL may be kept by a CDN for a short while.
 * Everything else is no-store (the default set in app.ts).
 */
export function publicCache(c: Context, seconds = 30): void {
  c.header('Cache-Control', `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 5}`);
  c.header('Vary', 'Host, TenantId, SchoolId');
}
