/**
 * A student's attendance and completion of one activity, decided
 * from what the server recorded: the sign-in, the activity's times, the lesson's study record and
 * the homework or test attempts. Pure; the server's SQL applies the same attendance rule when it
 * filters a page by status (activities.repository.ts), and the tests hold the two together.
 */

import { ONLINE_TYPE, WORK_CLASSROOM_TYPES } from './codes';

/** classActivityStatus: 0 pending, 1 missed, 2 attended. */
export const ACTIVITY_STATUS = { pending: 0, missed: 1, attended: 2 } as const;
export type ActivityStatusCode = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/**
 * Attended once the student signed in (whenever); missed when the activity has ended without a
 * sign-in; pending until then (the end instant itself still counts as during the activity).
 */
export function activityStatus(input: { signedInAt: number | null | undefined; endAt: number; now: number }): ActivityStatusCode {
  if (input.signedInAt != null) return ACTIVITY_STATUS.attended;
  return input.now > input.endAt ? ACTIVITY_STATUS.missed : ACTIVITY_STATUS.pending;
}

export interface CompletionInput {
  /** 1 online, 2 offline. */
  onlineType: number;
  /** The lesson's classroom type (6 homework, 7 test…), or null for an activity without a lesson. */
  classroomType: number | null | undefined;
  signedInAt: number | null | undefined;
  /** The lesson's study record reached its completion target. */
  lessonFinished: boolean;
  /** A homework or test attempt of the lesson was submitted. */
  workSubmitted: boolean;
}

/**
 * Whether the student finished the activity (finStatus; the timetable's colour status): a
 * face-to-face activity by signing in; a homework or test by submitting it; another online lesson
 * by completing its study; an activity without a lesson by signing in.
 */
export function activityFinished(a: CompletionInput): boolean {
  if (a.onlineType === ONLINE_TYPE.OFFLINE) return a.signedInAt != null;
  if (a.classroomType != null && WORK_CLASSROOM_TYPES.includes(a.classroomType)) return a.workSubmitted;
  if (a.classroomType == null) return a.signedInAt != null;
  return a.lessonFinished;
}
