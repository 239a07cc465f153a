import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import { WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import type { WorkTable } from './works.table';

/** All SQL of the staff side of works. Every query names the school and the class. */

/** The homework and test lessons of the courses the class teaches, in the class's course order and the course's lesson order. */
export function workLessons(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classrooms as l')
    .innerJoin('classCourses as cc', (j) => j.onRef('cc.courseId', '=', 'l.courseId').onRef('cc.tenantId', '=', 'l.tenantId'))
    .innerJoin('courses as c', 'c.id', 'l.courseId')
    .select(['l.id as classroomId', 'l.name as lessonName', 'l.classroomType', 'c.id as courseId', 'c.name as courseName'])
    .where('l.tenantId', '=', tenantId)
    .where('cc.classId', '=', classId)
    .where('l.classroomType', 'in', WORK_CLASSROOM_TYPES)
    .orderBy('cc.seq')
    .orderBy('l.seq')
    .orderBy('l.id')
    .execute();
}

/** The class's works with their paper's title and how many attempts were started. */
export function classWorks(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('works as w')
    .leftJoin('examPapers as p', 'p.id', 'w.paperId')
    .selectAll('w')
    .select('p.title as paperTitle')
    .select((eb) => eb.selectFrom('workAttempts as wa').whereRef('wa.workId', '=', 'w.id').select(eb.fn.countAll<number>().as('n')).as('attempts'))
    .where('w.tenantId', '=', tenantId)
    .where('w.classId', '=', classId)
    .execute();
}
export type WorkRow = Awaited<ReturnType<typeof classWorks>>[number];

export async function insertWork(db: DB, row: Insertable<WorkTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('works')
    .values(row)
    .onConflict((oc) => oc.columns(['classId', 'classroomId']).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function updateWork(db: DB, tenantId: string, classId: string, id: string, set: Partial<Insertable<WorkTable>>): Promise<void> {
  await db.updateTable('works').set(set).where('tenantId', '=', tenantId).where('classId', '=', classId).where('id', '=', id).execute();
}

/**
 * Changes what attempts depend on (the paper, the marking, the time limit) only while nobody has
 * started the work: one conditional statement, so an attempt that starts meanwhile wins.
 */
export async function updateUnstartedWork(db: DB, tenantId: string, classId: string, id: string, set: Partial<Insertable<WorkTable>>): Promise<boolean> {
  const r = await db
    .updateTable('works')
    .set(set)
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('workAttempts as wa').select('wa.id').where('wa.workId', '=', id))))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the work while nobody has started it (one conditional statement). */
export async function deleteUnstartedWork(db: DB, tenantId: string, classId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('works')
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('workAttempts as wa').select('wa.id').where('wa.workId', '=', id))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
