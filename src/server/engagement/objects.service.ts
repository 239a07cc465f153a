import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { t } from '~/server/i18n';
import { publishedNewsExists } from '../content/content.service';
import { feedItemLikeBase, openMaterialExists } from '../media/media.service';
import type { CommentObjectType, ThumbsObjectType } from './engagement.table';
import * as reviews from './reviews.repository';

/**
 * What comments and likes may refer to, always looked up in the request's school:
 * UNIVERSITY_PIC an album material that is published; PEOPLE_SAY and MICRO_CLASSROOM a published
 * feed item of that type; NEW_INFORMATION a published news item; REVIEW a published review.
 * ORDER is in the spec's list of comment object types, but this portal has no orders: refused.
 */
async function commentObjectExists(s: Scope, type: CommentObjectType, id: string): Promise<boolean> {
  switch (type) {
    case 'UNIVERSITY_PIC':
      return openMaterialExists(s, id);
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM':
      return (await feedItemLikeBase(s, type, id)) !== null;
    case 'NEW_INFORMATION':
      return publishedNewsExists(s, id);
    case 'ORDER':
      return false;
  }
}

export async function requireCommentObject(s: Scope, type: CommentObjectType, id: string): Promise<void> {
  if (!(await commentObjectExists(s, type, id))) throw AppError.notFound(t('engagement.objectNotFound'));
}

/** The likes brought over from before this portal, or null when the object is not here. */
async function thumbsBase(s: Scope, type: ThumbsObjectType, id: string): Promise<number | null> {
  switch (type) {
    case 'REVIEW': {
      const tenant = await s.tenant();
      return (await reviews.findPublishedReview(s.db, tenant.id, id))?.thumbsBase ?? null;
    }
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM':
      return feedItemLikeBase(s, type, id);
    case 'UNIVERSITY_PIC':
      return (await openMaterialExists(s, id)) ? 0 : null;
  }
}

/** The likes brought over for a likeable object (0 for album materials); throws when it is not here. */
export async function requireThumbsObject(s: Scope, type: ThumbsObjectType, id: string): Promise<number> {
  const base = await thumbsBase(s, type, id);
  if (base === null) throw AppError.notFound(t('engagement.thumbsObjectNotFound'));
  return base;
}
