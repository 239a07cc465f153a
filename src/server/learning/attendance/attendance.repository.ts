import type { DB } from '../../db/database';
import { SIGN_IN } from '~/lib/learning/sign';

/** All SQL of attendance. Every query names the school and the class student. */

/** The lessons (classroom ids) of the class's activities the student signed in to. */
export async function listAttendedLessons(db: DB, tenantId: string, classId: string, classStudentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('activityAttendance as at')
    .innerJoin('classActivities as a', (j) => j.onRef('a.id', '=', 'at.activityId').onRef('a.tenantId', '=', 'at.tenantId'))
    .select('a.classroomId')
    .distinct()
    .where('at.tenantId', '=', tenantId)
    .where('at.classId', '=', classId)
    .where('at.classStudentId', '=', classStudentId)
    .where('at.type', '=', SIGN_IN)
    .where('a.classroomId', 'is not', null)
    .execute();
  return rows.map((r) => r.classroomId!);
}

/** Every student's signed-in lessons of the class's activities (class-wide figures). */
export function listClassAttendedLessons(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('activityAttendance as at')
    .innerJoin('classActivities as a', (j) => j.onRef('a.id', '=', 'at.activityId').onRef('a.tenantId', '=', 'at.tenantId'))
    .select(['at.classStudentId', 'a.classroomId'])
    .distinct()
    .where('at.tenantId', '=', tenantId)
    .where('at.classId', '=', classId)
    .where('at.type', '=', SIGN_IN)
    .where('a.classroomId', 'is not', null)
    .execute();
}

/** The class students of a class who signed in to an activity of each of some courses. */
export async function listCourseAttendees(
  db: DB,
  tenantId: string,
  classId: string,
  courseIds: readonly string[],
): Promise<{ courseId: string; classStudentId: string }[]> {
  if (!courseIds.length) return [];
  const rows = await db
    .selectFrom('activityAttendance as at')
    .innerJoin('classActivities as a', (j) => j.onRef('a.id', '=', 'at.activityId').onRef('a.tenantId', '=', 'at.tenantId'))
    .select(['a.courseId', 'at.classStudentId'])
    .distinct()
    .where('at.tenantId', '=', tenantId)
    .where('at.classId', '=', classId)
    .where('at.type', '=', SIGN_IN)
    .where('a.courseId', 'in', courseIds)
    .execute();
  return rows.map((r) => ({ courseId: r.courseId!, classStudentId: r.classStudentId }));
}

/** The student's sign-in and sign-out of one activity. */
export async function findSigns(db: DB, tenantId: string, activityId: string, classStudentId: string): Promise<{ type: number; signedAt: number }[]> {
  const rows = await db
    .selectFrom('activityAttendance')
    .select(['type', 'signedAt'])
    .where('tenantId', '=', tenantId)
    .where('activityId', '=', activityId)
    .where('classStudentId', '=', classStudentId)
    .execute();
  return rows.map((r) => ({ type: Number(r.type), signedAt: Number(r.signedAt) }));
}

/**
 * Records one sign; false when that sign of the activity and class student already exists (the
 * unique index on activity, class student and type decides, also between two requests at the
 * same moment on SQLite or PostgreSQL).
 */
export async function insertSign(
  db: DB,
  tenantId: string,
  row: { id: string; classId: string; activityId: string; classStudentId: string; type: number; signedAt: number; lat: number | null; lon: number | null },
): Promise<boolean> {
  const result = await db
    .insertInto('activityAttendance')
    .values({ ...row, tenantId, createdAt: row.signedAt })
    .onConflict((oc) => oc.columns(['activityId', 'classStudentId', 'type']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
