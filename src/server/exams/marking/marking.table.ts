import type { ColumnType, Selectable } from 'kysely';

/** Migration 20261128T0610_work_marks. Times are epoch ms. */

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * A teacher's mark of one question (or sub-question) of one attempt: the score (0 to the
 * question's points, in halves), an optional comment, who marked it last and when. `revision`
 * is 1 for the first mark and one more for each accepted change (a save names the revision it
 * was based on; a stale one is refused).
 */
export interface WorkMarkTable {
  attemptId: string;
  questionId: string;
  tenantId: string;
  score: number;
  comment: string | null;
  markedBy: string;
  markedByName: string;
  markedAt: number;
  revision: Defaulted<number>;
}
export type WorkMark = Selectable<WorkMarkTable>;
