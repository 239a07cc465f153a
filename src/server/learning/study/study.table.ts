import type { Selectable } from 'kysely';

/** Migration 20261123T1200_learning_records. Times and positions are epoch ms / ms. */

/** A student's study of one lesson: what the server credited, never decreasing. */
export interface LessonRecordTable {
  id: string;
  tenantId: string;
  classId: string;
  courseId: string;
  classroomId: string;
  classStudentId: string;
  /** Where the student last was (the resume position). */
  lastPositionMs: number;
  /** The furthest point credited. */
  furthestMs: number;
  /** Study time credited (never more than real time allows). */
  creditedMs: number;
  /** Percent 0..100 of the lesson credited. */
  progress: number;
  /** The last accepted report's sequence number. */
  seq: number;
  /** When the lesson reached its completion target, or null. */
  finishedAt: number | null;
  firstStudiedAt: number;
  lastReportAt: number;
  createdAt: number;
}
export type LessonRecord = Selectable<LessonRecordTable>;

/**
 * Migration 20261125T1310_study_clock. A student's study clock, one per person (user) in a school:
 * the wall time up to which their real time has been spent on credited study (see study-credit.ts).
 */
export interface StudyClockTable {
  tenantId: string;
  userId: string;
  clockAt: number;
}
