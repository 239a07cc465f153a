import type { DB } from '../../db/database';
import { HANDED_IN_STATUSES } from '~/lib/exams/attempt-policy';

/**
 * All SQL of homework and test attempts. Every query names the school and the class student. An
 * attempt counts as handed in by the statuses the exams' rules name (isHandedIn): one rule for the
 * duties, the class page and the course page.
 */

/** The student's handed-in attempts (pending review or reviewed), of some lessons or of one course. */
export function listSubmittedAttempts(
  db: DB,
  tenantId: string,
  classStudentId: string,
  filter: { classroomIds?: readonly string[] | undefined; courseId?: string | undefined },
) {
  let q = db
    .selectFrom('workAttempts')
    .select(['id', 'classroomId', 'courseId', 'workType', 'startedAt', 'submittedAt', 'status', 'score'])
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('status', 'in', HANDED_IN_STATUSES);
  if (filter.classroomIds) {
    if (!filter.classroomIds.length) return Promise.resolve([]);
    q = q.where('classroomId', 'in', filter.classroomIds);
  }
  if (filter.courseId) q = q.where('courseId', '=', filter.courseId);
  return q.orderBy('submittedAt', 'desc').execute();
}

/** Which lessons of one course each student of a class handed in (class-wide figures). */
export function listClassSubmittedLessons(db: DB, tenantId: string, classId: string, courseId: string) {
  return db
    .selectFrom('workAttempts')
    .select(['classStudentId', 'classroomId'])
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('courseId', '=', courseId)
    .where('status', 'in', HANDED_IN_STATUSES)
    .execute();
}

/** The class students of a class with a submitted attempt in each of some courses. */
export function listCourseSubmitters(
  db: DB,
  tenantId: string,
  classId: string,
  courseIds: readonly string[],
): Promise<{ courseId: string; classStudentId: string }[]> {
  if (!courseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('workAttempts')
    .select(['courseId', 'classStudentId'])
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('courseId', 'in', courseIds)
    .where('status', 'in', HANDED_IN_STATUSES)
    .execute();
}

/** The time limit (minutes, null: none) of each work of a class in one course, by its lesson. */
export function listCourseWorkLimits(db: DB, tenantId: string, classId: string, courseId: string) {
  return db
    .selectFrom('works')
    .select(['classroomId', 'unitTime', 'sourceType'])
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('courseId', '=', courseId)
    .execute();
}
