import { PUBLICATION } from '~/lib/status';
import type { ArticleState } from '~/lib/api/contracts/admin-content';

/**
 * The life of a news item or notice on the staff side, as pure rules:
 * draft -> published (publish now) or scheduled (for a time in the future);
 * scheduled -> published (by the server at its time, or by hand now), rescheduled, or back to
 * draft (unpublish cancels the schedule); published -> withdrawn (unpublish); withdrawn -> published
 * or scheduled again. A published item is withdrawn before it is scheduled, so a live page never
 * disappears because of a schedule. Any item may be edited and deleted.
 */

const STATE_OF_STATUS: Record<number, ArticleState> = {
  [PUBLICATION.DRAFT]: 'draft',
  [PUBLICATION.PUBLISHED]: 'published',
  [PUBLICATION.WITHDRAWN]: 'withdrawn',
  [PUBLICATION.SCHEDULED]: 'scheduled',
};

export const STATUS_OF_STATE: Record<ArticleState, number> = {
  draft: PUBLICATION.DRAFT,
  published: PUBLICATION.PUBLISHED,
  withdrawn: PUBLICATION.WITHDRAWN,
  scheduled: PUBLICATION.SCHEDULED,
};

export const ARTICLE_STATES = Object.keys(STATUS_OF_STATE) as ArticleState[];

/** A status the staff side does not know (an old import) reads as withdrawn: not public, not a draft. */
export function stateOf(status: number): ArticleState {
  return STATE_OF_STATUS[status] ?? 'withdrawn';
}

export type Refusal = 'alreadyPublished' | 'publishedCannotSchedule' | 'notPublished' | 'timeNotFuture';

/** Publish now: anything not already published. */
export function mayPublish(state: ArticleState): Refusal | null {
  return state === 'published' ? 'alreadyPublished' : null;
}

/**
 * Schedule for `at`: only what is not live, and only for a time after now (a time already past
 * would publish at once without saying so: "publish now" says it).
 */
export function mayScheduleAt(state: ArticleState, at: number, now: number): Refusal | null {
  if (state === 'published') return 'publishedCannotSchedule';
  return at > now ? null : 'timeNotFuture';
}

/** Unpublish: a published item is withdrawn; a scheduled one goes back to draft. */
export function afterUnpublish(state: ArticleState): 'withdrawn' | 'draft' | 'notPublished' {
  if (state === 'published') return 'withdrawn';
  if (state === 'scheduled') return 'draft';
  return 'notPublished';
}

/** The job that publishes a scheduled item: one per item. */
export function publicationJobKey(kind: 'news' | 'notice', id: string): string {
  return `${kind}:${id}`;
}
