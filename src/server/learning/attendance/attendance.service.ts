import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t, type MessageKey } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { DYNAMIC_TYPE } from '~/lib/learning/codes';
import { SIGN_IN, SIGN_OUT, autoSignApplies, opensAtText, signRefusal, signWindow, type SignRefusal, type SignType } from '~/lib/learning/sign';
import type { ActivityRef, Attendance, AutoSignRequest, AutoSignResult, SignRequest } from '~/lib/api/contracts/classroom-offline';
import { studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import { addDynamic, studentActivity, type StudentActivity } from '../activities/activities.service';
import * as repo from './attendance.repository';
import * as attended from './attended-lessons.read-model';
import type { ClassCourses } from '~/lib/learning/requirements';

/**
 * Attendance: a student's sign-ins and sign-outs of a class's activities. The read helpers below
 * are for one class student in one school whose enrolment the callers have checked; the calls
 * (attendanceInfo, sign, autoSignIn) check it themselves: the token's user's enrolment in the
 * class, then the activity of that class (and its lesson and course when named).
 */

const REFUSAL_KEYS: Record<SignRefusal, MessageKey> = {
  signInNotUsed: 'learning.signInNotUsed',
  signOutNotUsed: 'learning.signOutNotUsed',
  duplicate: 'learning.duplicateSign',
  signInFirst: 'learning.signInFirst',
  signInNotOpen: 'learning.signInNotOpen',
  signInClosed: 'learning.signInClosed',
  signOutNotOpen: 'learning.signOutNotOpen',
  signOutClosed: 'learning.signOutClosed',
};

/** The refusal as the student reads it; a window not open yet says when it opens. */
function refusalError(refusal: SignRefusal, type: SignType, a: StudentActivity, now: number): AppError {
  if (refusal === 'duplicate') return AppError.conflict(t(REFUSAL_KEYS[refusal]));
  const time = opensAtText(signWindow(type, { startAt: a.startAt, endAt: a.endAt }).opensAt, now);
  return AppError.badRequest(t(REFUSAL_KEYS[refusal], { time }));
}

/** The enrolment and the class's activity the input names; 404 when the activity, its lesson or course is not the class's. */
async function enrolledActivity(s: Scope, input: ActivityRef): Promise<{ e: StudentEnrolment; activity: StudentActivity }> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const activity = await studentActivity(s, e, input.activityId);
  if (!activity) throw AppError.notFound(t('learning.activityNotFound'));
  if (input.classroomId !== undefined && input.classroomId !== activity.classroomId) throw AppError.notFound(t('learning.classroomNotFound'));
  if (input.courseId !== undefined && input.courseId !== activity.courseId) throw AppError.notFound(t('learning.courseNotFound'));
  return { e, activity };
}

const flag = (v: number | null | undefined): 0 | 1 => (v === 1 ? 1 : 0);
const time = (ms: number | null | undefined) => (ms == null ? null : formatDateTime(ms));

async function attendanceOf(s: Scope, e: StudentEnrolment, a: StudentActivity): Promise<Attendance> {
  const signs = await repo.findSigns(s.db, e.tenantId, a.id, e.classStudentId);
  const at = (type: number) => signs.find((r) => r.type === type)?.signedAt ?? null;
  const signedInAt = at(SIGN_IN);
  const signedOutAt = at(SIGN_OUT);
  return {
    activityId: a.id,
    classStartTime: formatDateTime(a.startAt),
    classEndTime: formatDateTime(a.endAt),
    signIn: flag(a.signIn),
    signOut: flag(a.signOut),
    onlineAttendance: flag(a.onlineAttendance),
    isSignIn: signedInAt === null ? 0 : 1,
    isSignOut: signedOutAt === null ? 0 : 1,
    signInTime: time(signedInAt),
    signOutTime: time(signedOutAt),
  };
}

/** The student's attendance of one activity of the class. */
export async function attendanceInfo(s: Scope, input: ActivityRef): Promise<Attendance> {
  const { e, activity } = await enrolledActivity(s, input);
  return attendanceOf(s, e, activity);
}

/** Records the sign when the rules allow it and no equal sign exists; writes its class dynamic. False: lost to an equal sign. */
async function record(s: Scope, e: StudentEnrolment, a: StudentActivity, type: SignType, lat: number | null, lon: number | null): Promise<boolean> {
  const inserted = await repo.insertSign(s.db, e.tenantId, {
    id: newId(s.now),
    classId: e.classId,
    activityId: a.id,
    classStudentId: e.classStudentId,
    type,
    signedAt: s.now,
    lat,
    lon,
  });
  // 0 check-in, 1 check-out
  if (inserted) await addDynamic(s, e, { activityId: a.id, type: type === SIGN_IN ? DYNAMIC_TYPE.SIGN_IN : DYNAMIC_TYPE.SIGN_OUT });
  return inserted;
}

/**
 * Signs in (type 1) or out (type 2) once; refused (nothing changes) when it is a repeat, a
 * sign-out before the sign-in, a sign the activity does not use, or outside the sign's window
 * (src/lib/learning/sign.ts signWindow: sign-in from 30 minutes before the start to the end,
 * sign-out from the start to an hour after the end).
 */
export async function sign(s: Scope, input: SignRequest): Promise<Attendance> {
  const { e, activity } = await enrolledActivity(s, input);
  const refusal = signRefusal(input.type, activity, s.now);
  if (refusal) throw refusalError(refusal, input.type, activity, s.now);
  if (!(await record(s, e, activity, input.type, input.lat ?? null, input.lon ?? null))) throw AppError.conflict(t('learning.duplicateSign'));
  return attendanceOf(s, e, activity);
}

/**
 * The online classroom's sign-in on entry: only for an online activity with online
 * attendance on, and inside the sign-in window like a sign-in by hand; idempotent: already signed
 * in, or outside the window (too early, or the class has ended), answers signed false.
 */
export async function autoSignIn(s: Scope, input: AutoSignRequest): Promise<AutoSignResult> {
  const { e, activity } = await enrolledActivity(s, input);
  if (!autoSignApplies(activity)) throw AppError.badRequest(t('learning.autoSignOff'));
  const signed = signRefusal(SIGN_IN, activity, s.now) === null && (await record(s, e, activity, SIGN_IN, null, null));
  return { signed, attendance: await attendanceOf(s, e, activity) };
}

/** The lessons the student signed in to through one of the class's activities. */
export async function attendedLessons(s: Scope, input: { tenantId: string; classId: string; classStudentId: string }): Promise<Set<string>> {
  return new Set(await attended.listAttendedLessons(s.db, input.tenantId, input.classId, input.classStudentId));
}

/**
 * Who of the class signed in to which of some lessons through one of the class's activities, once for each sign-in, as
 * a statement (class-wide: for the finishers' count only). Not empty: `in ()` is no SQL.
 */
export function classSignInPairs(s: Pick<Scope, 'db'>, input: { tenantId: string; classId: string; classroomIds: readonly [string, ...string[]] }) {
  return attended.classAttendedLessonsQuery(s.db, input.tenantId, input.classId, input.classroomIds);
}

/** Who of the class signed in to an activity of which of the courses, as a statement (class-wide: for counts only). */
export function courseAttendeePairs(s: Pick<Scope, 'db'>, input: ClassCourses) {
  return attended.courseAttendeesQuery(s.db, input.tenantId, input.classId, input.courseIds);
}
