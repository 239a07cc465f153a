import type { ColumnType, Selectable } from 'kysely';

/** Migrations 20261123T1500_exams and 20261125T1320_answer_revisions. Times are epoch ms. */

/** A column with a default: optional when inserting. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * The kept answer of one question in one attempt: the one scoring reads. `revision` counts the
 * changes the server accepted; `clientId` and `seq` name the writer (a tab or device) and its
 * sequence number (decision 027).
 */
export interface WorkAnswerTable {
  attemptId: string;
  /** A question (or sub-question) of the paper, or the external bank's questions_id. */
  questionId: string;
  tenantId: string;
  content: string | null;
  /** JSON [key]. */
  optionKeys: string;
  /** The writer's sequence number. */
  seq: number;
  /** 1 for the first answer, one more for each accepted change. */
  revision: Defaulted<number>;
  /** The writer; '' for a page that sends no client id (loaded before decision 027). */
  clientId: Defaulted<string>;
  /** On the device's clock (kept, never trusted for time). */
  answeredAt: number;
  /** On the server's clock. */
  savedAt: number;
}
export type WorkAnswer = Selectable<WorkAnswerTable>;

/**
 * An answer that arrived after its attempt stopped taking answers (submitted, or past its
 * deadline and the grace): kept so nothing a student typed is lost, never scored. One per attempt
 * and question: the last one that arrived.
 */
export interface WorkLateAnswerTable {
  attemptId: string;
  questionId: string;
  tenantId: string;
  clientId: string;
  seq: number;
  content: string | null;
  /** JSON [key]. */
  optionKeys: string;
  answeredAt: number;
  savedAt: number;
}
export type WorkLateAnswer = Selectable<WorkLateAnswerTable>;
