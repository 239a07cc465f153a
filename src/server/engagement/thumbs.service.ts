import type { DB } from '../db/database';
import { newId } from '../ids';
import type { ThumbsObjectType } from './engagement.table';
import { requireThumbsObject } from './objects';
import * as repo from './thumbs.repository';

/** Likes: one per user and object, counted on the server. */

export interface ThumbsState {
  /** 1 when the user now likes the object. */
  thumbs: 0 | 1;
  thumbsCount: number;
}

async function state(db: DB, tenantId: string, userId: string, type: ThumbsObjectType, id: string, base: number): Promise<ThumbsState> {
  const [counts, liked] = await Promise.all([repo.countThumbs(db, tenantId, type, [id]), repo.likedBy(db, tenantId, userId, type, [id])]);
  return { thumbs: liked.has(id) ? 1 : 0, thumbsCount: base + (counts.get(id) ?? 0) };
}

/** Likes the object; liking it again changes nothing. */
export async function like(db: DB, tenantId: string, userId: string, now: number, type: ThumbsObjectType, id: string): Promise<ThumbsState> {
  const { base } = await requireThumbsObject(db, tenantId, type, id);
  await repo.insertThumb(db, tenantId, { id: newId(now), userId, objectType: type, objectId: id, createdAt: now });
  return state(db, tenantId, userId, type, id, base);
}

/** Takes the like back; unliking what is not liked is fine. */
export async function unlike(db: DB, tenantId: string, userId: string, type: ThumbsObjectType, id: string): Promise<ThumbsState> {
  const { base } = await requireThumbsObject(db, tenantId, type, id);
  await repo.deleteThumb(db, tenantId, userId, type, id);
  return state(db, tenantId, userId, type, id, base);
}
