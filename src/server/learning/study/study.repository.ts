import type { DB } from '../../db/database';
import type { LessonRecord } from './study.table';

/** All SQL of lesson study records. Every query names the school and the class student. */

export function listLessonRecords(
  db: DB,
  tenantId: string,
  classStudentId: string,
  filter: { classroomIds?: readonly string[] | undefined; courseId?: string | undefined },
): Promise<LessonRecord[]> {
  let q = db.selectFrom('lessonRecords').selectAll().where('tenantId', '=', tenantId).where('classStudentId', '=', classStudentId);
  if (filter.classroomIds) {
    if (!filter.classroomIds.length) return Promise.resolve([]);
    q = q.where('classroomId', 'in', filter.classroomIds);
  }
  if (filter.courseId) q = q.where('courseId', '=', filter.courseId);
  return q.orderBy('lastReportAt', 'desc').orderBy('id', 'desc').execute();
}

/** Every student's records of one course in one class (how many classmates finished it). */
export function listClassLessonRecords(db: DB, tenantId: string, classId: string, courseId: string): Promise<LessonRecord[]> {
  return db.selectFrom('lessonRecords').selectAll().where('tenantId', '=', tenantId).where('classId', '=', classId).where('courseId', '=', courseId).execute();
}


/** The class students of a class with a study record of each of some courses (who studied which course). */
export function listCourseLearners(db: DB, tenantId: string, classId: string, courseIds: readonly string[]): Promise<{ courseId: string; classStudentId: string }[]> {
  if (!courseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('lessonRecords')
    .select(['courseId', 'classStudentId'])
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('courseId', 'in', courseIds)
    .execute();
}
