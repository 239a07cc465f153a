import type { Scope } from '../http/scope';
import { newId } from '../ids';
import type { ThumbsState } from '~/lib/api/contracts/engagement';
import type { ThumbsObjectType } from './engagement.table';
import { requireThumbsObject, type EngagedObjects } from './objects.service';
import { countWrite } from '../limits/limits.service';
import * as repo from './thumbs.repository';
import { thumbsOf } from './thumbs.service';

/** Liking and taking a like back: one like per user and object, counted on the server. */

/**
 * Likes the object (liking it again changes nothing) or takes the like back (unliking what is not
 * liked is fine); either way the answer is the user's like and the count as they now stand.
 */
export async function setLiked(s: Scope, objects: EngagedObjects, type: ThumbsObjectType, id: string, liked: boolean): Promise<ThumbsState> {
  const { user } = await s.user();
  const tenant = await s.tenant();
  const base = await requireThumbsObject(s, objects, type, id);
  // Liking and taking back alike: a toggle is a write too.
  await countWrite(s, 'LIKE');
  if (liked) await repo.insertThumb(s.db, tenant.id, { id: newId(s.now), userId: user.id, objectType: type, objectId: id, createdAt: s.now });
  else await repo.deleteThumb(s.db, tenant.id, user.id, type, id);
  const thumbs = (await thumbsOf(s, type, [id])).get(id);
  return { thumbs: thumbs?.liked ? 1 : 0, thumbsCount: base + (thumbs?.count ?? 0) };
}
