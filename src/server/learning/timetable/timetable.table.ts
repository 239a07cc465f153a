import type { Selectable } from 'kysely';

/** Migration 20261123T1310_calendar_feeds. Times are epoch ms. */

/** A class student's private calendar feed (decision 020). */
export interface CalendarFeedTable {
  id: string;
  tenantId: string;
  classStudentId: string;
  /** 128 random bits (hex): with the server secret it makes the token of the address. */
  nonce: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  createdAt: number;
  /** When a reset retired the feed; null while it is live. */
  revokedAt: number | null;
}
export type CalendarFeed = Selectable<CalendarFeedTable>;
