import type { Generated } from 'kysely';

/** Table rate_log (migration 20261130T2100_rate_log_lean; before it, rate_events). Times are epoch ms. */

/**
 * What a rate limit counts (limits.rules.ts RATE_LIMITS has each one's limits):
 * COMMENT comments and replies (the portal's and the classroom's); LIKE likes and unlikes;
 * NOTE classroom notes written or edited; QUESTION classroom questions asked; QUESTION_DRAFT
 * question drafts kept; ANSWER_SAVE homework and test answer saves; PROGRESS study progress reports.
 */
export type RateKind = 'COMMENT' | 'LIKE' | 'NOTE' | 'QUESTION' | 'QUESTION_DRAFT' | 'ANSWER_SAVE' | 'PROGRESS';

/**
 * One write a limit counts, by whom and from which address, kept as long as the longest window.
 * A log of its own: the written rows themselves cannot serve (a deleted comment, a like taken back
 * or an answer saved over would give the budget back to a script that writes and deletes).
 */
export interface RateEventTable {
  /** Given by the database on insert (migration 20261130T2100_rate_log_lean). */
  id: Generated<number>;
  kind: RateKind;
  /** The period of its kind the row falls in (limits.rules.ts ratePeriod): what the counts and the clean-up seek by. */
  period: number;
  userId: string;
  ip: string;
  createdAt: number;
  /**
   * 1 when the write counts against its address: it is beyond its account's own share there
   * (limits.rules.ts), or its kind gives accounts no share. Migration 20261129T1700_rate_account_share.
   */
  overShare: 0 | 1;
}
