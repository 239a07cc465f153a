import { t, type MessageKey } from '~/server/i18n';
import { HOUR, MINUTE } from '~/lib/time/cst';
import type { RateKind } from './limits.table';

/**
 * The rate limits of writes people make (decisions 017 and 030): per user, counted in every school
 * together (a user is one person), and per client address, whoever writes (a script with many
 * tokens still comes from somewhere). Each is far above what a real student does, so only floods
 * meet them; the per-address ones leave room for a whole classroom or exam hall behind one
 * address (a school's network often has one public address).
 */

/** Comments and replies together (the portal's and the classroom's). */
export const COMMENT_LIMITS = { perUserMinute: 5, perUserHour: 60, perIpMinute: 100 } as const;
/** Likes and unlikes together (a toggle is a write too). A classroom behind one address likes a lot. */
export const LIKE_LIMITS = { perUserMinute: 60, perIpMinute: 120 } as const;
/** Classroom notes written or edited: a student writes one every few minutes. */
export const NOTE_LIMITS = { perUserMinute: 10, perUserHour: 100, perIpMinute: 200 } as const;
/** Questions asked in the classroom: a few in a lesson; each reaches every classmate's panel. */
export const QUESTION_LIMITS = { perUserMinute: 5, perUserHour: 30, perIpMinute: 100 } as const;
/** Question drafts kept (the drawer keeps one when it is closed). */
export const DRAFT_LIMITS = { perUserMinute: 20, perIpMinute: 300 } as const;
/**
 * Answer saves of homework and tests. The answering screen sends a change a moment after it is
 * made (several changes in one save), at most a few a second while someone types; an exam hall
 * of a few hundred behind one address stays far below the per-address limit.
 */
export const ANSWER_SAVE_LIMITS = { perUserMinute: 120, perIpMinute: 5000 } as const;
/**
 * Study progress reports: the player reports every 10 s and on a pause, a seek, the end and when the
 * page is left; a student scrubbing through a video seeks many times a minute.
 */
export const PROGRESS_LIMITS = { perUserMinute: 120, perIpMinute: 5000 } as const;

/**
 * One limit: at most `max` writes of a kind by one user or from one address in the last
 * `windowMs` (the request's instant included, so after `windowMs` the oldest no longer counts).
 */
export interface RateLimit {
  by: 'user' | 'ip';
  windowMs: number;
  max: number;
  message: MessageKey;
}

const perUserMinute = (max: number, message: MessageKey): RateLimit => ({ by: 'user', windowMs: MINUTE, max, message });
const perUserHour = (max: number, message: MessageKey): RateLimit => ({ by: 'user', windowMs: HOUR, max, message });
const perIpMinute = (max: number, message: MessageKey): RateLimit => ({ by: 'ip', windowMs: MINUTE, max, message });

export const RATE_LIMITS: Record<RateKind, readonly RateLimit[]> = {
  COMMENT: [
    perUserMinute(COMMENT_LIMITS.perUserMinute, 'engagement.tooManyCommentsMinute'),
    perUserHour(COMMENT_LIMITS.perUserHour, 'engagement.tooManyCommentsHour'),
    perIpMinute(COMMENT_LIMITS.perIpMinute, 'engagement.tooManyCommentsIp'),
  ],
  LIKE: [perUserMinute(LIKE_LIMITS.perUserMinute, 'engagement.tooManyLikes'), perIpMinute(LIKE_LIMITS.perIpMinute, 'engagement.tooManyLikesIp')],
  NOTE: [
    perUserMinute(NOTE_LIMITS.perUserMinute, 'limits.tooManyNotesMinute'),
    perUserHour(NOTE_LIMITS.perUserHour, 'limits.tooManyNotesHour'),
    perIpMinute(NOTE_LIMITS.perIpMinute, 'limits.tooManyFromAddress'),
  ],
  QUESTION: [
    perUserMinute(QUESTION_LIMITS.perUserMinute, 'limits.tooManyQuestionsMinute'),
    perUserHour(QUESTION_LIMITS.perUserHour, 'limits.tooManyQuestionsHour'),
    perIpMinute(QUESTION_LIMITS.perIpMinute, 'limits.tooManyFromAddress'),
  ],
  QUESTION_DRAFT: [perUserMinute(DRAFT_LIMITS.perUserMinute, 'limits.tooManyDrafts'), perIpMinute(DRAFT_LIMITS.perIpMinute, 'limits.tooManyFromAddress')],
  ANSWER_SAVE: [
    perUserMinute(ANSWER_SAVE_LIMITS.perUserMinute, 'limits.tooManyAnswerSaves'),
    perIpMinute(ANSWER_SAVE_LIMITS.perIpMinute, 'limits.tooManyFromAddress'),
  ],
  PROGRESS: [
    perUserMinute(PROGRESS_LIMITS.perUserMinute, 'limits.tooManyProgressReports'),
    perIpMinute(PROGRESS_LIMITS.perIpMinute, 'limits.tooManyFromAddress'),
  ],
};

/** How long a logged write can still count: the longest window. */
export const RATE_KEEP_MS = Math.max(
  ...Object.values(RATE_LIMITS)
    .flat()
    .map((l) => l.windowMs),
);

/** The message of a broken limit, naming the limit where it is the user's own. */
export function limitMessage(limit: RateLimit): string {
  return t(limit.message, { max: limit.max });
}
