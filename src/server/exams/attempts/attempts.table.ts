import type { Selectable } from 'kysely';

/**
 * Migration 20261123T1500_exams. Attempts themselves are rows of work_attempts (the learning
 * area's table, src/server/learning/works/works.table.ts, extended by that migration).
 */

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
