import type { DB } from '../db/database';
import { AppError } from '../errors';
import { t } from '~/lib/i18n';
import { findPublishedNews } from '../content/content.repository';
import { findOpenMaterial, findPublishedFeedItem } from '../media/media.repository';
import type { CommentObjectType, ThumbsObjectType } from './engagement.table';
import * as reviews from './reviews.repository';

/**
 * What comments and likes may refer to, always looked up in the request's tenant:
 * UNIVERSITY_PIC an album material that is published; PEOPLE_SAY and MICRO_CLASSROOM a published
 * feed item of that type; NEW_INFORMATION a published news item; REVIEW a published review.
 * ORDER is in the spec's list of comment object types, but this portal has no orders: refused.
 */
export async function commentObjectExists(db: DB, tenantId: string, type: CommentObjectType, id: string): Promise<boolean> {
  switch (type) {
    case 'UNIVERSITY_PIC':
      return !!(await findOpenMaterial(db, tenantId, id));
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM':
      return !!(await findPublishedFeedItem(db, tenantId, id, type));
    case 'NEW_INFORMATION':
      return !!(await findPublishedNews(db, tenantId, id));
    case 'ORDER':
      return false;
  }
}

export async function requireCommentObject(db: DB, tenantId: string, type: CommentObjectType, id: string): Promise<void> {
  if (!(await commentObjectExists(db, tenantId, type, id))) throw AppError.notFound(t('engagement.objectNotFound'));
}

/** The likes counted before this portal for a likeable object (0 for album materials); throws when missing. */
export async function requireThumbsObject(db: DB, tenantId: string, type: ThumbsObjectType, id: string): Promise<{ base: number }> {
  let base: number | null = null;
  switch (type) {
    case 'REVIEW': {
      const r = await reviews.findPublishedReview(db, tenantId, id);
      base = r ? r.thumbsBase : null;
      break;
    }
    case 'PEOPLE_SAY':
    case 'MICRO_CLASSROOM': {
      const r = await findPublishedFeedItem(db, tenantId, id, type);
      base = r ? r.likeBase : null;
      break;
    }
    case 'UNIVERSITY_PIC':
      base = (await findOpenMaterial(db, tenantId, id)) ? 0 : null;
      break;
  }
  if (base === null) throw AppError.notFound(t('engagement.thumbsObjectNotFound'));
  return { base };
}
