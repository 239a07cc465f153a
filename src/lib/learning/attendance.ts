/**
 * A student's attendance and completion of one activity, decided
 * from what the server recorded: the sign-in, the activity's times, the lesson's study record and
 * the homework or test attempts, and which activities are the student's at all (their enrolment
 * and period). Pure; the server's SQL applies the same attendance rule when it filters a page by
 * status (learning/activities/student-activities.read-model.ts), and the tests hold the two together.
 */

import { ONLINE_TYPE, WORK_CLASSROOM_TYPES } from './codes';

/** classActivityStatus: 0 pending, 1 missed, 2 attended. */
export const ACTIVITY_STATUS = { pending: 0, missed: 1, attended: 2 } as const;
export type ActivityStatusCode = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/** What the server recorded of one student and one activity, as the attendance rule reads it. */
export interface AttendanceFacts {
  /** 1 online, 2 offline. */
  onlineType: number;
  /** The activity's lesson's classroom type, or null for an activity without a lesson. */
  classroomType: number | null | undefined;
  endAt: number;
  signedInAt: number | null | undefined;
  /** When the student's study record of the activity's lesson reached its target, or null. */
  lessonFinishedAt: number | null | undefined;
  /** When the student first submitted the activity's homework or test, or null. */
  workSubmittedAt: number | null | undefined;
}

/**
 * Whether the student attended the activity (decision 051): they signed in (whenever: a teacher's
 * correction may be later), or, for an online activity with a lesson, they did its lesson by the
 * activity's end: studied it to its target (a lesson to study) or submitted it (homework, test),
 * from the activity or from the course outline alike. Doing it after the end is completing it
 * late (finStatus), not attending. A face-to-face activity, or one without a lesson, needs a sign-in.
 */
export function activityAttended(a: AttendanceFacts): boolean {
  if (a.signedInAt != null) return true;
  if (a.onlineType === ONLINE_TYPE.OFFLINE || a.classroomType == null) return false;
  const doneAt = WORK_CLASSROOM_TYPES.includes(a.classroomType) ? a.workSubmittedAt : a.lessonFinishedAt;
  return doneAt != null && doneAt <= a.endAt;
}

/** Attended by activityAttended; otherwise missed once the activity has ended, pending until then (the end instant itself still counts as during it). */
export function activityStatus(input: AttendanceFacts & { now: number }): ActivityStatusCode {
  if (activityAttended(input)) return ACTIVITY_STATUS.attended;
  return input.now > input.endAt ? ACTIVITY_STATUS.missed : ACTIVITY_STATUS.pending;
}

/**
 * One stretch of time a student belonged to the class, in one period (both ends included; until
 * null: still there): from the later of joining (or moving into the period) and the period's
 * start, to the earlier of leaving it and the period's end.
 */
export interface Membership {
  from: number;
  until: number | null;
}

/**
 * Whether an activity is the student's at all (decision 051): it overlaps a stretch they belonged
 * to the class, so they could still sign in to it (sign-in is open until the end). An activity
 * that had ended before they joined, or lies outside their period, is neither attended nor missed:
 * it is not theirs and no screen counts it.
 */
export function activityExpected(a: { startAt: number; endAt: number }, memberships: readonly Membership[]): boolean {
  // A loop, not some(): a class's ranking asks it of every student and activity (20,000 × 22 in the class-scale bench).
  for (const m of memberships) if (a.endAt >= m.from && (m.until === null || a.startAt <= m.until)) return true;
  return false;
}

interface PeriodDates {
  startAt: number | null;
  endAt: number | null;
}

/**
 * One stretch in one period: from joining it (or the period's start, when later) to leaving it
 * (null: still there) or the period's end, whichever is earlier. Period dates are optional.
 */
export function membershipOf(joinedAt: number, period: PeriodDates | null | undefined, leftAt: number | null = null): Membership {
  // Without a list of the times set: a class's ranking makes one for each of its students (20,000 in the bench).
  const start = period?.startAt;
  const end = period?.endAt;
  return { from: start == null ? joinedAt : Math.max(joinedAt, start), until: earlier(leftAt, end) };
}

/** The earlier of two times that may be unset, or null when neither is set. */
function earlier(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null) return b ?? null;
  return b == null ? a : Math.min(a, b);
}

/**
 * A student's stretches in the class: one per period they were in (their period history, written
 * by every move), or, never moved, their enrolment in their current period.
 */
export function membershipsOf(
  enrolment: { joinedAt: number; period: PeriodDates | null },
  history: readonly { fromAt: number; untilAt: number | null; period: PeriodDates | null }[],
): Membership[] {
  if (!history.length) return [membershipOf(enrolment.joinedAt, enrolment.period)];
  return history.map((h) => membershipOf(h.fromAt, h.period, h.untilAt));
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
  if (a.classroomType == null) return a.signedInAt != null;
  if (WORK_CLASSROOM_TYPES.includes(a.classroomType)) return a.workSubmitted;
  return a.lessonFinished;
}
