import type { Selectable } from 'kysely';

/** Migration 20261123T1200_learning_records. Times are epoch ms. */

/** One sign-in (type 1) or sign-out (type 2) of a student for an activity; at most one of each. */
export interface ActivityAttendanceTable {
  id: string;
  tenantId: string;
  classId: string;
  activityId: string;
  classStudentId: string;
  type: number;
  signedAt: number;
  lat: number | null;
  lon: number | null;
  createdAt: number;
  /** The staff account that set this sign (a correction); null: the student signed. Migration 20261125T1751. */
  correctedBy: string | null;
}
export type ActivityAttendance = Selectable<ActivityAttendanceTable>;
