import type { Selectable } from 'kysely';

/** Migration 20261123T1200_learning_records. Times are epoch ms. */

/** One attempt at a homework (work type 6) or test (7) lesson. */
export interface WorkAttemptTable {
  id: string;
  tenantId: string;
  classId: string;
  courseId: string;
  classroomId: string;
  classStudentId: string;
  activityId: string | null;
  workType: number;
  startedAt: number;
  deadlineAt: number | null;
  submittedAt: number | null;
  /** 0 answering, 1 submitted and pending review, 2 reviewed. */
  status: number;
  score: number | null;
  createdAt: number;
}
export type WorkAttempt = Selectable<WorkAttemptTable>;
