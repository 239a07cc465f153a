import type { DB } from '../../db/database';
import type { Work } from './works.table';

/** All SQL of works. Every query names the school and the class. */

/** The work of one lesson of a class, or undefined. */
export function findLessonWork(db: DB, tenantId: string, classId: string, classroomId: string): Promise<Work | undefined> {
  return db
    .selectFrom('works')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('classroomId', '=', classroomId)
    .executeTakeFirst();
}

/** A work of the class, or undefined (another class's, another school's, unknown). */
export function findClassWork(db: DB, tenantId: string, classId: string, workId: string): Promise<Work | undefined> {
  return db.selectFrom('works').selectAll().where('tenantId', '=', tenantId).where('classId', '=', classId).where('id', '=', workId).executeTakeFirst();
}

/** A work by id in a school (the deadline sweep, which starts from an attempt). */
export function findWork(db: DB, tenantId: string, workId: string): Promise<Work | undefined> {
  return db.selectFrom('works').selectAll().where('tenantId', '=', tenantId).where('id', '=', workId).executeTakeFirst();
}
