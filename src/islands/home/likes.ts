import { send } from '~/lib/api/client';
import { like, unlike, type ThumbsObjectType, type ThumbsState } from '~/lib/api/contracts/engagement';
import { requireLogin } from '../shared/login-guard';

/**
 * Likes the object, or takes the like back when the user already likes it; a visitor is sent to
 * log in first. The new state, or null when nothing changed (the client has shown why).
 */
export async function toggleLike(objectType: ThumbsObjectType, objectId: string, liked: boolean): Promise<ThumbsState | null> {
  if (!requireLogin()) return null;
  return send(liked ? unlike : like, { objectId, objectType }).catch(() => null);
}
