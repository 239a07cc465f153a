import type { Selectable } from 'kysely';

/** Migration 20261123T1500_exams. Times are epoch ms. */

/** A homework (classroom type 6) or test (7) lesson of a class, with the paper it is answered on. */
export interface WorkTable {
  id: string;
  tenantId: string;
  classId: string;
  courseId: string;
  /** The lesson; one work per class and lesson. */
  classroomId: string;
  kind: 'homework' | 'test';
  /** The paper (null for an external bank's paper). */
  paperId: string | null;
  /** The external bank's paper id (sourceType 'xskt'). */
  externalPaperId: string | null;
  /** null, or 'xskt' for the external question bank. */
  sourceType: string | null;
  title: string;
  description: string | null;
  /** Minutes; null: no time limit. */
  unitTime: number | null;
  /** 1: a teacher grades it (no score or key until marked). */
  manualGrading: number;
  /** 1: multiple choice gives half the points for a right subset (else all or nothing). */
  partialMultiple: number;
  createdAt: number;
  /** Migration 20261125T1330_attempt_policy (decision 028): attempts a student may start; null: unlimited. */
  maxAttempts: number | null;
  /** Which score counts: 'highest', 'last', 'first' or 'average' (SCORE_RULES, src/lib/exams/attempt-policy.ts). */
  scoreRule: string;
  /** When the review shows the marks: 'after_submit', 'after_last_attempt', 'after_close' or 'never' (REVEAL). */
  marksShown: string;
  /** When the review shows the right answers and explanations: 'after_last_attempt', 'after_close' or 'never'. */
  keysShown: string;
  /** When the work closes (no attempt starts after it, open ones end with it); null: never. */
  closesAt: number | null;
}
export type Work = Selectable<WorkTable>;
