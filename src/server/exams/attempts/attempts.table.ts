import type { ColumnType, Selectable } from 'kysely';

/** Migration 20261123T1200_learning_records, extended by 20261123T1500_exams and later ones. Times are epoch ms. */

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
  /** Migration 20261123T1500_exams: the work (exams/works) answered; null for attempts made before works existed. */
  workId: string | null;
  /** Questions answered and questions of the paper, when submitted. */
  answeredCount: number | null;
  questionCount: number | null;
  /** Seconds spent as the device counted them (kept, never trusted for time). */
  useTime: number | null;
  /** 'student', or 'deadline' when the server submitted it after its time ran out. */
  submittedBy: string | null;
  /**
   * No longer written (decision 108): a save takes its attempt with a read. The column is dropped by a later migration,
   * once no running release writes it (the release before does, during a rolling upgrade).
   */
  lastSavedAt: number | null;
  /** Set with the submission: JSON [{questionId, correct, score}] (correct and score null: pending review). */
  results: string | null;
  /** An external bank's paper as the bank marked it (questions, keys, explanations), for review. */
  bankPaper: string | null;
  /** Migration 20261125T1330_attempt_policy: 1, 2, … per work and student in the order they started (unique); null before works existed. */
  attemptNo: number | null;
  /** Migration 20261128T0610_work_marks: when a teacher released the marked attempt to the student, and who (null: not by a teacher). */
  releasedAt: ColumnType<number | null, number | null | undefined, number | null>;
  releasedBy: ColumnType<string | null, string | null | undefined, string | null>;
}
export type WorkAttempt = Selectable<WorkAttemptTable>;

/** Migration 20261123T1500_exams. */

/** A duty completion report after a submission in an activity: one per activity, student, lesson and duty type. */
export interface WorkDutyReportTable {
  id: string;
  tenantId: string;
  classId: string;
  activityId: string;
  classroomId: string;
  classStudentId: string;
  attemptId: string;
  dutyType: string;
  /** 'YYYY-MM-DD HH:mm:ss' on the device (kept, not trusted). */
  deviceTime: string | null;
  createdAt: number;
}
export type WorkDutyReport = Selectable<WorkDutyReportTable>;
