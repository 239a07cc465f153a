import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { pageFrom, type Paged, type PageWindow } from '../../db/paging';
import { HANDED_IN_STATUSES } from '~/lib/exams/attempt-policy';
import { ACTIVITY_STATUS, type Membership } from '~/lib/learning/attendance';
import { ONLINE_TYPE, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { SCHEDULE_COLUMNS, startingRequired } from './staff-activities.read-model';
import { whereEqual } from '../../db/clauses';
import { preparedIn } from '../../db/prepared';

/**
 * A class's activities as one student sees them, in one query each (the class page, the timetable
 * and the activity list are hot paths): each activity with its lesson and course, the student's
 * sign-in and sign-out, their study record of the lesson and their first submission of it, and
 * the attendance status computed in SQL. Every query names the school and the class student.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classrooms', 'courses', 'activityAttendance', 'lessonRecords', 'workAttempts', 'classStudents'] as const;

/** Which of a student's activities to read: a start-time range [from, to), a status, required or elective. */
export interface ActivityFilter {
  from?: number | undefined;
  to?: number | undefined;
  /** classActivityStatus: 0 pending, 1 missed, 2 attended (as src/lib/learning/attendance.ts decides it). */
  status?: 0 | 1 | 2 | undefined;
  /** 1 required, 0 elective. */
  isRequired?: 0 | 1 | undefined;
  /** The student's stretches in the class (membershipsOf): only activities overlapping one are theirs. */
  memberships: readonly Membership[];
}

const { attended, missed, pending } = ACTIVITY_STATUS;
const offline = sql.lit(ONLINE_TYPE.OFFLINE);
const works = sql.join(WORK_CLASSROOM_TYPES.map((type) => sql.lit(type)));

/**
 * The attendance rules of src/lib/learning/attendance.ts in SQL, over fixed aliases: a the
 * activity, r its lesson, si the sign-in, lr the student's record of the lesson, wa their first
 * submission of it (firstSubmissions). One test runs both on generated cases
 * (tests/api/learning-attendance-status.test.ts).
 *
 * Expected (activityExpected): the activity overlaps one of the student's stretches in the class
 * (membershipsOf, computed from their enrolment and period history); none: nothing is theirs.
 */
export function expectedSql(memberships: readonly Membership[]) {
  if (!memberships.length) return sql<boolean>`(1 = 0)`;
  const one = (m: Membership) => (m.until === null ? sql`(a.end_at >= ${m.from})` : sql`(a.end_at >= ${m.from} and a.start_at <= ${m.until})`);
  return sql<boolean>`(${sql.join(memberships.map(one), sql` or `)})`;
}

/** activityAttended: signed in, or an online activity's lesson done (studied to its target, or submitted) by the end. */
export const attendedSql = sql<boolean>`(si.signed_at is not null
  or (a.online_type <> ${offline} and r.classroom_type is not null and r.classroom_type not in (${works})
      and lr.finished_at is not null and lr.finished_at <= a.end_at)
  or (a.online_type <> ${offline} and r.classroom_type in (${works})
      and wa.first_submitted_at is not null and wa.first_submitted_at <= a.end_at))`;

/** activityStatus at `now`. */
export const statusSql = (now: number) =>
  sql<number>`case when ${attendedSql} then ${sql.lit(attended)} when a.end_at < ${now} then ${sql.lit(missed)} else ${sql.lit(pending)} end`;

/** The submitted attempts of the students of one class: who handed in a lesson's work, whatever became of it since. */
function classSubmissions(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('workAttempts')
    .where('tenantId', '=', tenantId)
    .where('submittedAt', 'is not', null)
    .where('classStudentId', 'in', (eb) => eb.selectFrom('classStudents').select('id').$call(whereEqual({ tenantId, classId })));
}

/** Each student's first submission of each lesson, for the students of one class (wa in the rules above). */
export function firstSubmissions(db: DB, tenantId: string, classId: string) {
  return classSubmissions(db, tenantId, classId)
    .select(['classStudentId', 'classroomId', (eb) => eb.fn.min('submittedAt').as('firstSubmittedAt')])
    .groupBy(['classStudentId', 'classroomId'])
    .as('wa');
}

/**
 * One class student's first submission of each lesson (wa in the rules above, for that student only):
 * the student's own attempts, so a large class's submissions are not read for one student's page.
 */
function studentFirstSubmissions(db: DB, tenantId: string, classStudentId: string) {
  return db
    .selectFrom('workAttempts')
    .$call(whereEqual({ tenantId, classStudentId }))
    .where('submittedAt', 'is not', null)
    .select(['classStudentId', 'classroomId', (eb) => eb.fn.min('submittedAt').as('firstSubmittedAt')])
    .groupBy(['classStudentId', 'classroomId'])
    .as('wa');
}

// Read by the class page's first view: printed once per length of the list (decision 071).
const handedInOf = preparedIn(3, (db: DB, tenantId: string, classStudentId: string, classroomIds: readonly string[]) =>
  db
    .selectFrom('workAttempts')
    .select('classroomId')
    .distinct()
    .$call(whereEqual({ tenantId, classStudentId }))
    .where('status', 'in', HANDED_IN_STATUSES)
    .where('classroomId', 'in', classroomIds),
);

/**
 * The lessons among `classroomIds` where the class student handed work in (the attempts' own rule,
 * HANDED_IN_STATUSES): a homework or test lesson is complete once its work is handed in.
 */
export async function handedInLessons(db: DB, tenantId: string, classStudentId: string, classroomIds: readonly string[]): Promise<Set<string>> {
  if (!classroomIds.length) return new Set();
  const rows = await handedInOf.all(db, tenantId, classStudentId, classroomIds);
  return new Set(rows.map((r) => r.classroomId));
}

/** One class student of a school (the callers have checked the enrolment). */
export interface EnrolmentRef {
  tenantId: string;
  classId: string;
  /** The class student id (class_students.id). */
  classStudentId: string;
}

/**
 * A class's activities as one student sees them: only those that are the student's (expectedSql
 * over their memberships),
 * with the lesson, the course, the student's sign-in and sign-out and the attendance status
 * (statusSql), so a page filtered by status counts and pages correctly.
 */
function studentActivityQuery(db: DB, { tenantId, classId, classStudentId }: EnrolmentRef, now: number, f: ActivityFilter) {
  const memberships = f.memberships;
  const status = statusSql(now);
  let q = db
    .selectFrom('classActivities as a')
    .leftJoin('activityAttendance as si', (j) => j.onRef('si.activityId', '=', 'a.id').on('si.classStudentId', '=', classStudentId).on('si.type', '=', SIGN_IN))
    .leftJoin('activityAttendance as so', (j) =>
      j.onRef('so.activityId', '=', 'a.id').on('so.classStudentId', '=', classStudentId).on('so.type', '=', SIGN_OUT),
    )
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
    .leftJoin('courses as c', (j) => j.onRef('c.id', '=', 'a.courseId').onRef('c.tenantId', '=', 'a.tenantId'))
    .leftJoin('lessonRecords as lr', (j) =>
      j.onRef('lr.tenantId', '=', 'a.tenantId').on('lr.classStudentId', '=', classStudentId).onRef('lr.classroomId', '=', 'a.classroomId'),
    )
    .leftJoin(studentFirstSubmissions(db, tenantId, classStudentId), (j) => j.onRef('wa.classroomId', '=', 'a.classroomId'))
    .$call(whereEqual({ 'a.tenantId': tenantId, 'a.classId': classId }))
    .where(expectedSql(memberships))
    .$call(startingRequired(f));
  if (f.status !== undefined) q = q.where(status, '=', f.status);
  return { q, status };
}

function selectStudentActivity(db: DB, e: EnrolmentRef, now: number, f: ActivityFilter) {
  const { q, status } = studentActivityQuery(db, e, now, f);
  return {
    filtered: q,
    rows: q.select([
      'a.id',
      'a.classId',
      'a.courseId',
      'a.classroomId',
      'a.name',
      'a.isRequired',
      'a.onlineType',
      'a.bizType',
      ...SCHEDULE_COLUMNS,
      'r.name as classroomName',
      'r.classroomType',
      'r.durationMs',
      'c.name as courseName',
      'si.signedAt as signedInAt',
      'so.signedAt as signedOutAt',
      'lr.finishedAt as lessonFinishedAt',
      'wa.firstSubmittedAt as workSubmittedAt',
      status.as('classActivityStatus'),
    ]),
  };
}

export type StudentActivityRow = Awaited<ReturnType<ReturnType<typeof selectStudentActivity>['rows']['execute']>>[number];

/** Every matching activity, earliest first. */
export function listStudentActivities(db: DB, e: EnrolmentRef, now: number, f: ActivityFilter): Promise<StudentActivityRow[]> {
  return selectStudentActivity(db, e, now, f).rows.orderBy('a.startAt', 'asc').orderBy('a.id', 'asc').execute();
}

/** One page of matching activities, latest first (or earliest first with order 'asc'). */
export function pageStudentActivities(db: DB, e: EnrolmentRef, now: number, f: ActivityFilter, w: PageWindow): Promise<Paged<StudentActivityRow>> {
  const { rows, filtered } = selectStudentActivity(db, e, now, f);
  return pageFrom(w, rows.orderBy('a.startAt', w.order).orderBy('a.id', w.order), filtered);
}

/** One activity of the class, as the student sees it, or undefined. */
export function findStudentActivity(
  db: DB,
  e: EnrolmentRef,
  now: number,
  activityId: string,
  memberships: readonly Membership[],
): Promise<StudentActivityRow | undefined> {
  return selectStudentActivity(db, e, now, { memberships }).rows.where('a.id', '=', activityId).executeTakeFirst();
}
