import { HOUR } from '~/lib/time/cst';
import { ONLINE_TYPE } from '~/lib/learning/codes';

/** Pure rules of scheduling a class activity (tests/unit/activities-admin-rules.test.ts). */

/** One activity lasts at most this long: a day's session, never a multi-day span that would fill the timetable. */
export const ACTIVITY_MAX_HOURS = 12;

export interface ActivityShape {
  onlineType: number;
  startAt: number;
  endAt: number;
  courseId: string | null;
  classroomId: string | null;
  signIn: boolean;
  signOut: boolean;
  onlineAttendance: boolean;
}

export type ActivityRefusal = 'endBeforeStart' | 'tooLong' | 'lessonNeedsCourse' | 'signOutNeedsSignIn' | 'onlineAttendanceOnlineOnly';

/**
 * Why an activity cannot be saved, or null: it ends after it starts and within ACTIVITY_MAX_HOURS;
 * a lesson is one of a chosen course; signing out needs signing in (a sign-out alone would never
 * count as attending); the automatic sign-in on entering an online classroom only exists online.
 */
export function activityRefusal(a: ActivityShape): ActivityRefusal | null {
  if (!(a.endAt > a.startAt)) return 'endBeforeStart';
  if (a.endAt - a.startAt > ACTIVITY_MAX_HOURS * HOUR) return 'tooLong';
  if (a.classroomId !== null && a.courseId === null) return 'lessonNeedsCourse';
  if (a.signOut && !a.signIn) return 'signOutNeedsSignIn';
  if (a.onlineAttendance && a.onlineType !== ONLINE_TYPE.ONLINE) return 'onlineAttendanceOnlineOnly';
  return null;
}

/**
 * The new times of the occurrences of a series when one of them is moved with "this and
 * following": every occurrence moves by the same amount as the edited one and takes its new
 * length, so a series moved from 19:00 to 18:30 stays on its weekdays.
 */
export function shiftedTimes(
  edited: { startAt: number },
  next: { startAt: number; endAt: number },
  occurrences: readonly { id: string; startAt: number }[],
): { id: string; startAt: number; endAt: number }[] {
  const delta = next.startAt - edited.startAt;
  const length = next.endAt - next.startAt;
  return occurrences.map((o) => ({ id: o.id, startAt: o.startAt + delta, endAt: o.startAt + delta + length }));
}
