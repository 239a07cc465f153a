import type { Scope } from '../http/scope';
import type { ThumbsObjectType } from './engagement.table';
import * as repo from './thumbs.repository';

/**
 * Likes as lists show them: how many each object has here and whether the request's user is
 * among them. The feeds (media) and reviews add these to the likes brought over from before.
 * Liking itself is likes.service.ts, which needs the objects; this one needs nothing else, so
 * any domain may use it.
 */

export interface Thumbs {
  count: number;
  /** The request's user (valid Token) likes it. */
  liked: boolean;
}

/** Per object id (objects without likes are absent). */
export async function thumbsOf(s: Scope, type: ThumbsObjectType, ids: string[]): Promise<Map<string, Thumbs>> {
  if (ids.length === 0) return new Map();
  const [tenant, auth] = await Promise.all([s.tenant(), s.optionalUser()]);
  const rows = await repo.tallyThumbs(s.db, tenant.id, type, ids, auth?.user.id ?? null);
  return new Map(rows.map((r) => [r.objectId, { count: r.count, liked: r.liked }]));
}
