import type { Scope } from '../../http/scope';
import { activityFinished, membershipsOf, type Membership } from '~/lib/learning/attendance';
import type { PageWindow, Paged } from '../../db/paging';
import type { DB } from '../../db/database';
import { newId } from '../../ids';
import { lessonRecords } from '../study/study.service';
import { enrolmentStints, type ClassStudents } from '../classes/classes.service';
import * as repo from './activities.repository';
import * as dynamics from './dynamics.read-model';
import * as views from './student-activities.read-model';

/**
 * Class activities as one student sees them: attendance status (from the sign-in and the times)
 * and completion (from the sign-in, the lesson's study record or a submitted homework or test).
 * The callers have already checked that the class student is the token's user's enrolment in the
 * class; everything here is read in that school, for that class student only.
 */

export type EnrolmentRef = views.EnrolmentRef;

export type ActivityFilter = Omit<views.ActivityFilter, 'memberships'>;

/** A student's first submission of each lesson (the attendance rule's wa), for the staff sheet's query of the same rule. */
export { firstSubmissions } from './student-activities.read-model';

/**
 * Each student's stretches in the class (membershipsOf: their period history, or their enrolment
 * in their current period), for every student of the class, its admitted ones or the ones named:
 * which activities are theirs (decision 051). The class page, the timetable and the staff sheet
 * all ask here.
 */
export async function membershipsIn(
  s: Scope,
  input: { tenantId: string; classId: string; students?: ClassStudents | undefined },
  /** A transaction the caller is in, read through instead of the scope's database. */
  db: DB = s.db,
): Promise<Map<string, Membership[]>> {
  const { enrolments, history } = await enrolmentStints({ ...s, db }, input);
  const dates = (x: { startAt: number | null; endAt: number | null }) => ({
    startAt: x.startAt,
    endAt: x.endAt,
  });
  const stints = new Map<string, { fromAt: number; untilAt: number | null; period: ReturnType<typeof dates> }[]>();
  for (const h of history) {
    const of = stints.get(h.classStudentId) ?? [];
    of.push({ fromAt: h.fromAt, untilAt: h.untilAt, period: dates(h) });
    stints.set(h.classStudentId, of);
  }
  return new Map(
    enrolments.map((e) => [e.id, membershipsOf({ joinedAt: e.createdAt, period: e.periodId === null ? null : dates(e) }, stints.get(e.id) ?? [])]),
  );
}

async function membershipsOfStudent(s: Scope, e: EnrolmentRef): Promise<Membership[]> {
  return (await membershipsIn(s, { tenantId: e.tenantId, classId: e.classId, students: [e.classStudentId] })).get(e.classStudentId) ?? [];
}

export interface StudentActivity extends views.StudentActivityRow {
  classActivityStatus: 0 | 1 | 2;
  /** The student finished the activity (finStatus 1). */
  finished: boolean;
}

/** Adds the completion of each activity, reading the study records and attempts of their lessons at once. */
async function withCompletion(s: Scope, e: EnrolmentRef, rows: views.StudentActivityRow[]): Promise<StudentActivity[]> {
  const lessonIds = [...new Set(rows.map((r) => r.classroomId).filter((id): id is string => !!id))];
  const [records, submitted] = lessonIds.length
    ? await Promise.all([lessonRecords(s, { ...e, classroomIds: lessonIds }), views.handedInLessons(s.db, e.tenantId, e.classStudentId, lessonIds)])
    : [[], new Set<string>()];
  const finishedLessons = new Set(records.filter((r) => r.finishedAt !== null).map((r) => r.classroomId));
  return rows.map((r) => ({
    ...r,
    classActivityStatus: r.classActivityStatus as 0 | 1 | 2,
    finished: activityFinished({
      onlineType: r.onlineType,
      classroomType: r.classroomType,
      signedInAt: r.signedInAt,
      lessonFinished: !!r.classroomId && finishedLessons.has(r.classroomId),
      workSubmitted: !!r.classroomId && submitted.has(r.classroomId),
    }),
  }));
}

/** The student's activities of the class matching the filter, earliest first. */
export async function studentActivities(s: Scope, e: EnrolmentRef, f: ActivityFilter): Promise<StudentActivity[]> {
  const memberships = await membershipsOfStudent(s, e);
  return withCompletion(s, e, await views.listStudentActivities(s.db, e, s.now, { ...f, memberships }));
}

/** One page of the student's activities matching the filter (the window's order: by start time). */
export async function pageStudentActivities(s: Scope, e: EnrolmentRef, f: ActivityFilter, w: PageWindow): Promise<Paged<StudentActivity>> {
  const memberships = await membershipsOfStudent(s, e);
  const { rows, total } = await views.pageStudentActivities(s.db, e, s.now, { ...f, memberships }, w);
  return { rows: await withCompletion(s, e, rows), total };
}

/** One activity of the class as the student sees it, or undefined (another class's or unknown). */
export async function studentActivity(s: Scope, e: EnrolmentRef, activityId: string): Promise<StudentActivity | undefined> {
  const row = await views.findStudentActivity(s.db, e, s.now, activityId, await membershipsOfStudent(s, e));
  return row ? (await withCompletion(s, e, [row]))[0] : undefined;
}

/** The class's dynamics, newest first (optionally of one activity). */
/** The latest `perActivity` dynamics of each of some activities of the class, read in one query. */
export async function latestDynamicsByActivity(s: Scope, input: { tenantId: string; classId: string; activityIds: readonly string[] }, perActivity: number) {
  const byActivity = new Map<string, dynamics.DynamicRow[]>(input.activityIds.map((id) => [id, []]));
  for (const row of await dynamics.listLatestActivityDynamics(s.db, input.tenantId, input.classId, input.activityIds, perActivity)) {
    const list = byActivity.get(row.activityId!);
    if (list && list.length < perActivity) list.push(row);
  }
  return byActivity;
}

export function classDynamics(s: Scope, input: { tenantId: string; classId: string; activityId?: string | undefined }, w: PageWindow) {
  return dynamics.pageDynamics(s.db, input.tenantId, input.classId, input.activityId, w);
}

/** How many dynamics of one type (2: questions) the class student has in the class. */
export function countStudentDynamics(s: Scope, e: EnrolmentRef, type: number): Promise<number> {
  return repo.countStudentDynamics(s.db, e.tenantId, e.classId, e.classStudentId, type);
}

/**
 * Records what a student did in the class for its dynamics (type 2 question, 3 reply, 4 note
 * published…); the content is cut to the column's 300 characters.
 */
export async function addDynamic(
  s: Scope,
  e: EnrolmentRef,
  input: { type: number; content?: string | null | undefined; activityId?: string | null | undefined },
): Promise<void> {
  await repo.insertDynamic(s.db, e.tenantId, {
    id: newId(s.now),
    classId: e.classId,
    activityId: input.activityId ?? null,
    classStudentId: e.classStudentId,
    type: input.type,
    content: input.content == null ? null : [...input.content].slice(0, 300).join(''),
    createdAt: s.now,
  });
}
