/**
 * Codes of the learner area turned into label keys. The keys are plain
 * data; the islands translate them from their message catalogue. Unknown codes give null, so a
 * screen shows nothing rather than a wrong label. Pure and browser-safe.
 */

/** Live lesson status: 0 not started, 1 live now, 2 replay generating, otherwise replay. */
export type LiveStatus = 'notStarted' | 'live' | 'replayGenerating' | 'replay';

export function liveStatus(code: number | null | undefined): LiveStatus {
  if (code === 0) return 'notStarted';
  if (code === 1) return 'live';
  if (code === 2) return 'replayGenerating';
  return 'replay';
}

/** Classroom (lesson) types. */
export type ClassroomKind =
  | 'video'
  | 'audio'
  | 'article'
  | 'document'
  | 'archive'
  | 'homework'
  | 'test'
  | 'image'
  | 'live'
  | 'faceToFace'
  | 'type20'
  | 'type90'
  | 'type91';

const CLASSROOM_KINDS: Record<number, ClassroomKind> = {
  1: 'video',
  2: 'audio',
  3: 'article',
  4: 'document',
  5: 'archive',
  6: 'homework',
  7: 'test',
  8: 'image',
  10: 'live',
  11: 'faceToFace',
  20: 'type20',
  90: 'type90',
  91: 'type91',
};

/** Types 20, 90 and 91 have an icon but no label. */
const ICON_ONLY = new Set([20, 90, 91]);

export interface ClassroomTypeLabel {
  /** The icon key (one per type). */
  icon: ClassroomKind;
  /** The label key, or null for the icon-only types 20, 90 and 91. */
  label: ClassroomKind | null;
}

/** Icon and label keys of a classroom type 1-8, 10, 11 (labelled) or 20, 90, 91 (icon only); null otherwise (9 included). */
export function classroomType(code: number | null | undefined): ClassroomTypeLabel | null {
  if (typeof code !== 'number') return null;
  const kind = CLASSROOM_KINDS[code];
  if (!kind) return null;
  return { icon: kind, label: ICON_ONLY.has(code) ? null : kind };
}

/** Live lessons (types 10 and 19) open the "use the app" modal: live is not open on the desktop. */
export function isLiveLessonType(code: number | null | undefined): boolean {
  return code === 10 || code === 19;
}

/** Activity attendance status: 0 pending, 1 missed, 2 attended. */
export type AttendanceStatus = 'pending' | 'missed' | 'attended';

export function attendanceStatus(code: number | null | undefined): AttendanceStatus | null {
  if (code === 0) return 'pending';
  if (code === 1) return 'missed';
  if (code === 2) return 'attended';
  return null;
}

/**
 * The attendance status shown on an activity: only required ones show it (an elective cannot be
 * missed); isRequired 1 is required, anything else elective.
 */
export function shownAttendance(activity: { isRequired?: number | null; classActivityStatus?: number | null }): AttendanceStatus | null {
  return isRequired(activity.isRequired) ? attendanceStatus(activity.classActivityStatus) : null;
}

/** isRequired / mustLearn: 1 required, anything else elective. */
export function isRequired(code: number | null | undefined): boolean {
  return code === 1;
}

/** Learner class serviceStatus, -1..3. */
export type ServiceStatus = 'pendingAdmission' | 'pendingStart' | 'goLearn' | 'inService' | 'completed';

export function serviceStatus(code: number | null | undefined): ServiceStatus | null {
  switch (code) {
    case -1:
      return 'pendingAdmission';
    case 0:
      return 'pendingStart';
    case 1:
      return 'goLearn';
    case 2:
      return 'inService';
    case 3:
      return 'completed';
    default:
      return null;
  }
}

/** courseNature: 0 face-to-face, 1 online, any other value mixed. */
export type CourseNature = 'faceToFace' | 'online' | 'mixed';

export function courseNature(code: number | null | undefined): CourseNature {
  if (code === 0) return 'faceToFace';
  if (code === 1) return 'online';
  return 'mixed';
}

/** onlineType of an activity: 1 online, 2 offline (face-to-face); null otherwise. */
export function activityMode(code: number | null | undefined): 'online' | 'offline' | null {
  if (code === 1) return 'online';
  if (code === 2) return 'offline';
  return null;
}

/**
 * Assessment result of the class student card: 0 not assessed, 1 passed, otherwise
 * failed. A missing value (null, undefined) is 'notAssessed': no result is not a failure.
 */
export type AssessmentResult = 'notAssessed' | 'passed' | 'failed';

export function assessmentResult(code: number | null | undefined): AssessmentResult {
  if (code === 0 || code === null || code === undefined) return 'notAssessed';
  if (code === 1) return 'passed';
  return 'failed';
}

/** Teacher role labels: t_kcls course teacher, t_fdls tutor; null for others (their role is not shown). */
export function teacherRole(roleCode: string | null | undefined): 'courseTeacher' | 'tutor' | null {
  if (roleCode === 't_kcls') return 'courseTeacher';
  if (roleCode === 't_fdls') return 'tutor';
  return null;
}
