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
 * made (several changes in one save), at most a few a second while someone types. A whole school
 * may take a test behind one public address (thousands of accounts): each account's first
 * `accountShareMinute` saves of a minute are its own and do not count against the address, so the
 * address's limit stops only writes beyond what a real test-taker does (a script with many tokens).
 */
export const ANSWER_SAVE_LIMITS = { perUserMinute: 120, perIpMinute: 5000, accountShareMinute: 30 } as const;
/**
 * Study progress reports: the player reports every 10 s and on a pause, a seek, the end and when the
 * page is left; a student scrubbing through a video seeks many times a minute. A school's students
 * study behind one address too: each account's share is two tabs playing (12 a minute) and some seeking.
 */
export const PROGRESS_LIMITS = { perUserMinute: 120, perIpMinute: 5000, accountShareMinute: 24 } as const;

/**
 * One limit: at most `max` writes of a kind by one user or from one address in the last
 * `windowMs` (the request's instant included, so after `windowMs` the oldest no longer counts).
 */
export interface RateLimit {
  by: 'user' | 'ip';
  windowMs: number;
  max: number;
  message: MessageKey;
  /**
   * An address's limit only: how many writes of the window each account makes there on its own
   * account, not counted against the address (0: every write counts). The address then holds
   * `max` plus this much for every account behind it, and one abuser with many tokens still meets `max`.
   */
  accountShare: number;
}

/** A kind's counts: per user within a minute (and an hour, where it has one), per address within a minute. */
interface KindLimits {
  perUserMinute: number;
  perUserHour?: number;
  perIpMinute: number;
  accountShareMinute?: number;
}

/** The refusal of each of a kind's limits (a kind with an hour's limit names its own; without, the minute's serves). */
interface KindMessages {
  minute: MessageKey;
  hour?: MessageKey;
  ip: MessageKey;
}

function limitsOf(limits: KindLimits, messages: KindMessages): readonly RateLimit[] {
  const hourly: RateLimit[] =
    limits.perUserHour === undefined
      ? []
      : [{ by: 'user', windowMs: HOUR, max: limits.perUserHour, message: messages.hour ?? messages.minute, accountShare: 0 }];
  return [
    { by: 'user', windowMs: MINUTE, max: limits.perUserMinute, message: messages.minute, accountShare: 0 },
    ...hourly,
    { by: 'ip', windowMs: MINUTE, max: limits.perIpMinute, message: messages.ip, accountShare: limits.accountShareMinute ?? 0 },
  ];
}

export const RATE_LIMITS: Record<RateKind, readonly RateLimit[]> = {
  COMMENT: limitsOf(COMMENT_LIMITS, { minute: 'engagement.tooManyCommentsMinute', hour: 'engagement.tooManyCommentsHour', ip: 'engagement.tooManyCommentsIp' }),
  LIKE: limitsOf(LIKE_LIMITS, { minute: 'engagement.tooManyLikes', ip: 'engagement.tooManyLikesIp' }),
  NOTE: limitsOf(NOTE_LIMITS, { minute: 'limits.tooManyNotesMinute', hour: 'limits.tooManyNotesHour', ip: 'limits.tooManyFromAddress' }),
  QUESTION: limitsOf(QUESTION_LIMITS, { minute: 'limits.tooManyQuestionsMinute', hour: 'limits.tooManyQuestionsHour', ip: 'limits.tooManyFromAddress' }),
  QUESTION_DRAFT: limitsOf(DRAFT_LIMITS, { minute: 'limits.tooManyDrafts', ip: 'limits.tooManyFromAddress' }),
  ANSWER_SAVE: limitsOf(ANSWER_SAVE_LIMITS, { minute: 'limits.tooManyAnswerSaves', ip: 'limits.tooManyFromAddress' }),
  PROGRESS: limitsOf(PROGRESS_LIMITS, { minute: 'limits.tooManyProgressReports', ip: 'limits.tooManyFromAddress' }),
};

/**
 * The limits count writes in slots, not one by one (decision 097): a window's periods (the time divided by the
 * window) are cut into RATE_SLOTS slots, and a count at any moment takes the writes from the start of that moment's
 * slot one window back. So a count always holds every write of the last window (no more than a limit ever passes in
 * any window), and a write stops counting between one window and one window and a slot after it was made (5 s more
 * for a minute, 5 minutes for an hour).
 */
export const RATE_SLOTS = 12;

/** The length of a window's slot. */
function slotMs(windowMs: number): number {
  return windowMs / RATE_SLOTS;
}

/** The period of a window a moment falls in. */
export function ratePeriod(windowMs: number, at: number): number {
  return Math.floor(at / windowMs);
}

/** The slot of its period a moment falls in, 0 … RATE_SLOTS - 1. */
export function rateSlot(windowMs: number, at: number): number {
  return Math.floor((at - ratePeriod(windowMs, at) * windowMs) / slotMs(windowMs));
}

/** The first moment a count at `now` takes in: the start of now's slot, one window back. */
export function countedFrom(windowMs: number, now: number): number {
  const slot = slotMs(windowMs);
  return Math.floor(now / slot) * slot - windowMs;
}

/** The first moment a write made `at` no longer counts: the end of its slot, one window on. */
export function countsUntil(windowMs: number, at: number): number {
  const slot = slotMs(windowMs);
  return (Math.floor(at / slot) + 1) * slot + windowMs;
}

/** The longest a write counts in a window: the window and one of its slots. */
export function countedFor(windowMs: number): number {
  return windowMs + slotMs(windowMs);
}

/** Whose writes a count holds: one user's (every school together) or one client address's. */
export function rateSubject(by: RateLimit['by'], who: string): string {
  return `${by}:${who}`;
}

/** How long any write can still count: the longest window and one of its slots. */
export const RATE_KEEP_MS = Math.max(...Object.values(RATE_LIMITS).flatMap((limits) => limits.map((l) => countedFor(l.windowMs))));

/** Every kind's windows, each counted on its own: what the clean-up goes through. */
export const RATE_WINDOWS: readonly { kind: RateKind; windowMs: number }[] = (Object.entries(RATE_LIMITS) as [RateKind, readonly RateLimit[]][]).flatMap(
  ([kind, limits]) => [...new Set(limits.map((l) => l.windowMs))].map((windowMs) => ({ kind, windowMs })),
);

/** The message of a broken limit, naming the limit where it is the user's own. */
export function limitMessage(limit: RateLimit): string {
  return t(limit.message, { max: limit.max });
}
