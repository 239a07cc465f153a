import type { Generated } from 'kysely';

/** Table rate_count (migration 20261203T0900_rate_counts; before it, rate_log). */

/**
 * What a rate limit counts (limits.rules.ts RATE_LIMITS has each one's limits):
 * COMMENT comments and replies (the portal's and the classroom's); LIKE likes and unlikes;
 * NOTE classroom notes written or edited; QUESTION classroom questions asked; QUESTION_DRAFT
 * question drafts kept; ANSWER_SAVE homework and test answer saves; PROGRESS study progress reports.
 */
export type RateKind = 'COMMENT' | 'LIKE' | 'NOTE' | 'QUESTION' | 'QUESTION_DRAFT' | 'ANSWER_SAVE' | 'PROGRESS';

/**
 * The writes of a kind one user (or one address) made within one period of one window, counted by slot
 * (limits.rules.ts RATE_SLOTS, rateSlot). Counts of their own: the written rows themselves cannot serve (a
 * deleted comment, a like taken back or an answer saved over would give the budget back to a script that writes
 * and deletes).
 */
export interface RateCountTable {
  kind: RateKind;
  /** The window the counts are for (a minute, an hour). */
  windowMs: number;
  /** The write's time divided by the window (limits.rules.ts ratePeriod). */
  period: number;
  /** Whose writes: `user:` and the user's id, or `ip:` and the client address (limits.rules.ts rateSubject). */
  subject: string;
  /** The writes of each twelfth of the period (limits.rules.ts rateSlot), the first to the last. */
  c0: Generated<number>;
  c1: Generated<number>;
  c2: Generated<number>;
  c3: Generated<number>;
  c4: Generated<number>;
  c5: Generated<number>;
  c6: Generated<number>;
  c7: Generated<number>;
  c8: Generated<number>;
  c9: Generated<number>;
  c10: Generated<number>;
  c11: Generated<number>;
}
