/**
 * Codes of the learner area turned into label keys. The keys are plain
 * data; the islands translate them from their message catalogue. Unknown codes give null, so a
 * screen shows nothing rather than a wrong label. Pure and browser-safe.
 */

import type { ValueOf } from '../value-set';
import { ACTIVITY_STATUS } from './attendance';
import { ASSESSMENT_RESULT, CLASSROOM_TYPE, COURSE_NATURE, LIVE_CLASSROOM_TYPES, LIVE_STATUS, MUST_LEARN, ONLINE_TYPE, SERVICE_STATUS } from './codes';

/** Live lesson status: 0 not started, 1 live now, 2 replay generating, otherwise replay. */
export type LiveStatus = 'notStarted' | 'live' | 'replayGenerating' | 'replay';

export function liveStatus(code: number | null | undefined): LiveStatus {
  if (code === LIVE_STATUS.NOT_STARTED) return 'notStarted';
  if (code === LIVE_STATUS.LIVE) return 'live';
  if (code === LIVE_STATUS.REPLAY_GENERATING) return 'replayGenerating';
  return 'replay';
}

/** Classroom (lesson) types, by their code. */
const CLASSROOM_KINDS = {
  [CLASSROOM_TYPE.VIDEO]: 'video',
  [CLASSROOM_TYPE.AUDIO]: 'audio',
  [CLASSROOM_TYPE.ARTICLE]: 'article',
  [CLASSROOM_TYPE.DOCUMENT]: 'document',
  [CLASSROOM_TYPE.ARCHIVE]: 'archive',
  [CLASSROOM_TYPE.HOMEWORK]: 'homework',
  [CLASSROOM_TYPE.TEST]: 'test',
  [CLASSROOM_TYPE.IMAGE]: 'image',
  [CLASSROOM_TYPE.LIVE]: 'live',
  [CLASSROOM_TYPE.FACE_TO_FACE]: 'faceToFace',
  [CLASSROOM_TYPE.ICON_ONLY_20]: 'type20',
  [CLASSROOM_TYPE.ICON_ONLY_90]: 'type90',
  [CLASSROOM_TYPE.ICON_ONLY_91]: 'type91',
} as const;
export type ClassroomKind = ValueOf<typeof CLASSROOM_KINDS>;

/** Types 20, 90 and 91 have an icon but no label. */
const ICON_ONLY: ReadonlySet<number> = new Set([CLASSROOM_TYPE.ICON_ONLY_20, CLASSROOM_TYPE.ICON_ONLY_90, CLASSROOM_TYPE.ICON_ONLY_91]);

export interface ClassroomTypeLabel {
  /** The icon key (one per type). */
  icon: ClassroomKind;
  /** The label key, or null for the icon-only types 20, 90 and 91. */
  label: ClassroomKind | null;
}

/** Icon and label keys of a classroom type 1-8, 10, 11 (labelled) or 20, 90, 91 (icon only); null otherwise (9 included). */
export function classroomType(code: number | null | undefined): ClassroomTypeLabel | null {
  if (typeof code !== 'number') return null;
  const kind = (CLASSROOM_KINDS as Partial<Record<number, ClassroomKind>>)[code];
  if (!kind) return null;
  return { icon: kind, label: ICON_ONLY.has(code) ? null : kind };
}

/** Live lessons (types 10 and 19) open the "use the app" modal: live is not open on the desktop. */
export function isLiveLessonType(code: number | null | undefined): boolean {
  return typeof code === 'number' && LIVE_CLASSROOM_TYPES.includes(code);
}

/** Activity attendance status: 0 pending, 1 missed, 2 attended. */
export type AttendanceStatus = 'pending' | 'missed' | 'attended';

export function attendanceStatus(code: number | null | undefined): AttendanceStatus | null {
  if (code === ACTIVITY_STATUS.pending) return 'pending';
  if (code === ACTIVITY_STATUS.missed) return 'missed';
  if (code === ACTIVITY_STATUS.attended) return 'attended';
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
  return code === MUST_LEARN.REQUIRED;
}

/** The name of each learner class serviceStatus code, -1..3. */
const SERVICE_STATUS_NAMES = {
  [SERVICE_STATUS.PENDING_ADMISSION]: 'pendingAdmission',
  [SERVICE_STATUS.PENDING_START]: 'pendingStart',
  [SERVICE_STATUS.GO_LEARN]: 'goLearn',
  [SERVICE_STATUS.IN_SERVICE]: 'inService',
  [SERVICE_STATUS.COMPLETED]: 'completed',
} as const;
export type ServiceStatus = ValueOf<typeof SERVICE_STATUS_NAMES>;

export function serviceStatus(code: number | null | undefined): ServiceStatus | null {
  return typeof code === 'number' ? ((SERVICE_STATUS_NAMES as Partial<Record<number, ServiceStatus>>)[code] ?? null) : null;
}

/** courseNature: 0 face-to-face, 1 online, any other value mixed. */
export type CourseNature = 'faceToFace' | 'online' | 'mixed';

export function courseNature(code: number | null | undefined): CourseNature {
  if (code === COURSE_NATURE.FACE_TO_FACE) return 'faceToFace';
  if (code === COURSE_NATURE.ONLINE) return 'online';
  return 'mixed';
}

/** onlineType of an activity: 1 online, 2 offline (face-to-face); null otherwise. */
export function activityMode(code: number | null | undefined): 'online' | 'offline' | null {
  if (code === ONLINE_TYPE.ONLINE) return 'online';
  if (code === ONLINE_TYPE.OFFLINE) return 'offline';
  return null;
}

/**
 * Assessment result of the class student card: 0 not assessed, 1 passed, otherwise
 * failed. A missing value (null, undefined) is 'notAssessed': no result is not a failure.
 */
export type AssessmentResult = 'notAssessed' | 'passed' | 'failed';

export function assessmentResult(code: number | null | undefined): AssessmentResult {
  if (code === ASSESSMENT_RESULT.NOT_ASSESSED || code === null || code === undefined) return 'notAssessed';
  if (code === ASSESSMENT_RESULT.PASSED) return 'passed';
  return 'failed';
}

/** Teacher role labels: t_kcls course teacher, t_fdls tutor; null for others (their role is not shown). */
export function teacherRole(roleCode: string | null | undefined): 'courseTeacher' | 'tutor' | null {
  if (roleCode === 't_kcls') return 'courseTeacher';
  if (roleCode === 't_fdls') return 'tutor';
  return null;
}
