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
  /** 1: the student signs in (签到). Migration 20261123T1200. */
  signIn: number;
  /** 1: the student also signs out (签退). */
  signOut: number;
  /** 1: an online activity signs the student in on entry (once, inside the sign-in window). */
  onlineAttendance: number;
  createdAt: number;
  /** The weekly series the activity is an occurrence of; null: a single activity. Migration 20261125T1750. */
  seriesId: string | null;
}
export type ClassActivity = Selectable<ClassActivityTable>;

/** A class dynamic: what a student did, shown scrolling on the class page. Migration 20261123T1200. */
export interface ClassDynamicTable {
  id: string;
  tenantId: string;
  classId: string;
  activityId: string | null;
  classStudentId: string;
  /** 0 check-in, 1 check-out, 2 question, 3 reply, 4 note published, 5 classroom rating. */
  type: number;
  content: string | null;
  createdAt: number;
}
export type ClassDynamic = Selectable<ClassDynamicTable>;
