import type { DB } from '../../db/database';
import { SIGN_IN } from '~/lib/learning/sign';
import { whereEqual } from '../../db/clauses';
import { prepared } from '../../db/prepared';

/**
 * The lessons students attended by signing in to the class's activities: each sign-in joined with
 * its activity's lesson (or course) in one query. The course page and the duty figures read them
 * on every visit. Every query names the school and the class.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classActivities'] as const;

/** The class's sign-ins, each with its activity (`a`): who attended what. */
function classSignIns(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('activityAttendance as at')
    .innerJoin('classActivities as a', (j) => j.onRef('a.id', '=', 'at.activityId').onRef('a.tenantId', '=', 'at.tenantId'))
    .$call(whereEqual({ 'at.tenantId': tenantId, 'at.classId': classId, 'at.type': SIGN_IN }));
}

// Read by the class page's first view: printed once (decision 071).
const attendedLessonsOf = prepared(3, (db: DB, tenantId: string, classId: string, classStudentId: string) =>
  classSignIns(db, tenantId, classId).select('a.classroomId').distinct().where('at.classStudentId', '=', classStudentId).where('a.classroomId', 'is not', null),
);

/** The lessons (classroom ids) of the class's activities the student signed in to. */
export async function listAttendedLessons(db: DB, tenantId: string, classId: string, classStudentId: string): Promise<string[]> {
  const rows = await attendedLessonsOf.all(db, tenantId, classId, classStudentId);
  return rows.map((r) => r.classroomId!);
}

/**
 * The sign-ins of the class's activities, read activity by activity (class-wide figures, decision 130): the class's
 * activities by their index, then each one's sign-ins by activity_attendance_once_uq. The school is named on the
 * activity, whose sign-ins are its own; named on the sign-in as well, SQLite took the school's index of sign-ins and
 * read every sign-in of the school (a class of 20,000 with 18 activities signed in: 0.5 s).
 */
function classActivitySignIns(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classActivities as a')
    .innerJoin('activityAttendance as at', (j) => j.onRef('at.activityId', '=', 'a.id').on('at.type', '=', SIGN_IN))
    .$call(whereEqual({ 'a.tenantId': tenantId, 'a.classId': classId }));
}

/**
 * Who of a class signed in to which of some lessons, a pair for each sign-in, as a statement for the finishers' count
 * (decision 139; tests/api/enrolment-plan.test.ts reads its plan): the count makes them distinct (decision 131).
 */
export const classAttendedLessonsQuery = (db: DB, tenantId: string, classId: string, classroomIds: readonly string[]) =>
  classActivitySignIns(db, tenantId, classId)
    .select(['at.classStudentId', 'a.classroomId'])
    .where('a.classroomId', 'in', classroomIds)
    .$narrowType<{ classroomId: string }>();

/**
 * Who of a class signed in to an activity of some courses, as a statement for the participants' count to unite with the
 * others (duties.service.ts participantsOf, a course at a time): the course and the student of each sign-in, made
 * distinct by the union (tests/api/enrolment-plan.test.ts reads its plan). An activity of none of them has no course,
 * and matches none.
 */
export const courseAttendeesQuery = (db: DB, tenantId: string, classId: string, courseIds: readonly [string, ...string[]]) =>
  classActivitySignIns(db, tenantId, classId)
    .select(['a.courseId', 'at.classStudentId'])
    .where('a.courseId', 'in', courseIds)
    .$narrowType<{ courseId: string }>();
