import type { Selectable } from 'kysely';

/** Migration 20261123T1410_offline_classroom. Times are epoch ms. */

/** A face-to-face lesson's before-class notes (desc). */
export interface OfflineClassroomTable {
  classroomId: string;
  tenantId: string;
  beforeClassNotes: string | null;
  createdAt: number;
}

/** One knowledge point of a lesson, numbered by seq. */
export interface ClassroomPointTable {
  id: string;
  tenantId: string;
  classroomId: string;
  pointDesc: string;
  seq: number;
  createdAt: number;
}

/** One teacher of a lesson; the lowest seq is the lead teacher, the others assistants. */
export interface ClassroomTeacherTable {
  id: string;
  tenantId: string;
  classroomId: string;
  teacherName: string;
  teacherAvatar: string | null;
  seq: number;
  createdAt: number;
}

/** One highlight (课堂花絮) of an activity: a video or an image. */
export interface ActivityHighlightTable {
  id: string;
  tenantId: string;
  activityId: string;
  /** VIDEO or IMAGE. */
  fileType: string;
  url: string;
  cover: string | null;
  titbitName: string;
  seq: number;
  createdAt: number;
}
export type ActivityHighlight = Selectable<ActivityHighlightTable>;
