import type { Selectable } from 'kysely';

/** Migration 20261123T1100_learning. Times are epoch ms. */

/** A class activity: an online or face-to-face session of a course. */
export interface ClassActivityTable {
  id: string;
  tenantId: string;
  classId: string;
  /** extendId: the course. */
  courseId: string | null;
  classroomId: string | null;
  name: string;
  /** 1 required, else elective. */
  isRequired: number;
  /** 1 online, 2 offline. */
  onlineType: number;
  bizType: string | null;
  startAt: number;
  endAt: number;
  position: string | null;
  address: string | null;
  createdAt: number;
}
export type ClassActivity = Selectable<ClassActivityTable>;
