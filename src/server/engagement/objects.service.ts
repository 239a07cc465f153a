import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { t } from '~/server/i18n';
import type { CommentObjectType, ThumbsObjectType } from './engagement.table';
import * as reviews from './reviews.repository';

/**
 * The objects of other domains that comments and likes refer to, each looked up by the domain that
 * owns it (media/, content/): the composition root (app.ts) passes these functions in, so
 * engagement/ depends on neither and media/ may show its likes (thumbs.service.ts).
 */
export interface EngagedObjects {
  /** Whether a published album material of the request's school has this id. */
  openMaterialExists(s: Scope, id: string): Promise<boolean>;
  /** The likes brought over for a published feed item of the request's school, or null when it is not here. */
  feedItemLikeBase(s: Scope, type: 'PEOPLE_SAY' | 'MICRO_CLASSROOM', id: string): Promise<number | null>;
  /** Whether a published news item of the request's school has this id. */
  publishedNewsExists(s: Scope, id: string): Promise<boolean>;
}

/**
 * What comments and likes may refer to, always looked up in the request's school:
 * UNIVERSITY_PIC an album material that is published; PEOPLE_SAY and MICRO_CLASSROOM a published
 * feed item of that type; NEW_INFORMATION a published news item; REVIEW a published review.
 * ORDER is in the spec's list of comment object types, but this portal has no orders: refused.
 */
async function commentObjectExists(s: Scope, objects: EngagedObjects, type: CommentObjectType, id: string): Promise<boolean> {
  switch (type) {
    case 'UNIVERSITY_PIC':
      return objects.openMaterialExists(s, id);
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM':
      return (await objects.feedItemLikeBase(s, type, id)) !== null;
    case 'NEW_INFORMATION':
      return objects.publishedNewsExists(s, id);
    case 'ORDER':
      return false;
  }
}

export async function requireCommentObject(s: Scope, objects: EngagedObjects, type: CommentObjectType, id: string): Promise<void> {
  if (!(await commentObjectExists(s, objects, type, id))) throw AppError.notFound(t('engagement.objectNotFound'));
}

/** The likes brought over from before this portal, or null when the object is not here. */
async function thumbsBase(s: Scope, objects: EngagedObjects, type: ThumbsObjectType, id: string): Promise<number | null> {
  switch (type) {
    case 'REVIEW': {
      const tenant = await s.tenant();
      return (await reviews.findPublishedReview(s.db, tenant.id, id))?.thumbsBase ?? null;
    }
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM':
      return objects.feedItemLikeBase(s, type, id);
    case 'UNIVERSITY_PIC':
      return (await objects.openMaterialExists(s, id)) ? 0 : null;
  }
}

/** The likes brought over for a likeable object (0 for album materials); throws when it is not here. */
export async function requireThumbsObject(s: Scope, objects: EngagedObjects, type: ThumbsObjectType, id: string): Promise<number> {
  const base = await thumbsBase(s, objects, type, id);
  if (base === null) throw AppError.notFound(t('engagement.thumbsObjectNotFound'));
  return base;
}
