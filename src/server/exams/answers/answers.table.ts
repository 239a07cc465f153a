import type { Selectable } from 'kysely';

/** Migration 20261123T1500_exams. Times are epoch ms. */

/** The kept answer of one question in one attempt: the highest sequence the device sent. */
export interface WorkAnswerTable {
  attemptId: string;
  /** A question (or sub-question) of the paper, or the external bank's questions_id. */
  questionId: string;
  tenantId: string;
  content: string | null;
  /** JSON [key]. */
  optionKeys: string;
  seq: number;
  /** On the device's clock (kept, never trusted for time). */
  answeredAt: number;
  /** On the server's clock. */
  savedAt: number;
}
export type WorkAnswer = Selectable<WorkAnswerTable>;
