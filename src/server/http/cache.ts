import type { Context } from 'hono';
import { ok } from '../errors';

/**
 * Answers that depend only on the tenant and the URL may be kept by a CDN for a short while.
 * Everything else is no-store (the default set in app.ts).
 */
export function publicCache(c: Context, seconds = 30): void {
  c.header('Cache-Control', `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 5}`);
  c.header('Vary', 'Host, TenantId, SchoolId');
}

/** A success envelope that a CDN may keep (only ever for success: a not-found is not cached). */
export function publicOk<T>(c: Context, data: T, seconds?: number) {
  publicCache(c, seconds);
  return c.json(ok(data));
}
