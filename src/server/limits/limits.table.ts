import type { Generated } from 'kysely';

/**
 * Tables rate_tally (migration 20261206T2330_rate_tally), and rate_count (20261203T0900_rate_counts), unused since
 * rate_tally and dropped by the release after it.
 */

/**
 * What a rate limit counts (limits.rules.ts RATE_LIMITS has each one's limits):
 * COMMENT comments and replies (the portal's and the classroom's); LIKE likes and unlikes;
 * NOTE classroom notes written or edited; QUESTION classroom questions asked; QUESTION_DRAFT
 * question drafts kept; ANSWER_SAVE homework and test answer saves; PROGRESS study progress reports.
 */
export type RateKind = 'COMMENT' | 'LIKE' | 'NOTE' | 'QUESTION' | 'QUESTION_DRAFT' | 'ANSWER_SAVE' | 'PROGRESS';

/** A slot of a period (limits.rules.ts RATE_SLOTS, rateSlot): its twelfths, the first to the last. */
type SlotIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
/** The writes of each slot of a period, in columns named by a prefix and the slot (c0 … c11). */
type Slots<Prefix extends string> = { [K in `${Prefix}${SlotIndex}`]: Generated<number> };

/**
 * The writes of a kind one user (or one address) made within one period of one window, counted by slot
 * (limits.rules.ts RATE_SLOTS, rateSlot). Counts of their own: the written rows themselves cannot serve (a
 * deleted comment, a like taken back or an answer saved over would give the budget back to a script that writes
 * and deletes).
 */
export interface RateCountTable extends Slots<'c'> {
  kind: RateKind;
  /** The window the counts are for (a minute, an hour). */
  windowMs: number;
  /** The write's time divided by the window (limits.rules.ts ratePeriod). */
  period: number;
  /** Whose writes: `user:` and the user's id, or `ip:` and the client address (limits.rules.ts rateSubject). */
  subject: string;
}

/**
 * The writes of a kind one user (or one address) made in the latest period of one window in which they wrote, and in
 * the period before it, counted by slot (limits.rules.ts RATE_SLOTS, rateSlot; decision 127). A count in a later
 * period moves the latest period's counts to the period before's (or clears both, two or more periods on).
 */
export interface RateTallyTable extends Slots<'c'>, Slots<'b'> {
  kind: RateKind;
  /** The window the counts are for (a minute, an hour). */
  windowMs: number;
  /** Whose writes: `user:` and the user's id, or `ip:` and the client address (limits.rules.ts rateSubject). */
  subject: string;
  /** The latest period counted (limits.rules.ts ratePeriod): c0 … c11 are its slots, b0 … b11 the period before's. */
  period: number;
}
