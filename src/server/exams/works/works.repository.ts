import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Work } from './works.table';
import { idsOfSchool, whereEqual } from '../../db/clauses';
import { prepared } from '../../db/prepared';

/** All SQL of works. Every query names the school and the class. */

/** The work of one lesson of a class, or undefined. */
export function findLessonWork(db: DB, tenantId: string, classId: string, classroomId: string): Promise<Work | undefined> {
  return db.selectFrom('works').selectAll().$call(whereEqual({ tenantId, classId, classroomId })).executeTakeFirst();
}

/** A work of the class, or undefined (another class's, another school's, unknown). */
const classWorkOf = prepared(3, (db: DB, tenantId: string, classId: string, workId: string) =>
  db
    .selectFrom('works')
    .selectAll()
    .$call(whereEqual({ tenantId, classId, id: workId })),
);

export function findClassWork(db: DB, tenantId: string, classId: string, workId: string): Promise<Work | undefined> {
  // Every save and every answering call reads it: printed once (decision 071).
  return classWorkOf.first(db, tenantId, classId, workId);
}

/** A work by id in a school (the deadline sweep, which starts from an attempt). */
export function findWork(db: DB, tenantId: string, workId: string): Promise<Work | undefined> {
  return db
    .selectFrom('works')
    .selectAll()
    .$call(whereEqual({ tenantId, id: workId }))
    .executeTakeFirst();
}

/** The time limit and source of each work of a class in one course (the course page's lesson list). */
export function listCourseWorkLimits(db: DB, tenantId: string, classId: string, courseId: string) {
  return db.selectFrom('works').select(['classroomId', 'unitTime', 'sourceType']).$call(whereEqual({ tenantId, classId, courseId })).execute();
}

/** The class's test works (not homework), oldest first. */
export function listClassTests(db: DB, tenantId: string, classId: string): Promise<Work[]> {
  return db
    .selectFrom('works')
    .selectAll()
    .$call(whereEqual({ tenantId, classId, kind: 'test' }))
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Whether any work is answered on the paper: the guard of a paper's deletion, in the same statement (a work made meanwhile wins). */
// biome-ignore lint/suspicious/noExplicitAny: the builder of any statement (of another domain's table): the subquery names only its own table
export function paperInUse(eb: ExpressionBuilder<Database, any>, paperId: string): Expression<SqlBool> {
  return eb.exists(eb.selectFrom('works as w').select('w.id').where('w.paperId', '=', paperId));
}

/** The titles of some works of the school. */
export function listWorkTitles(db: DB, tenantId: string, workIds: readonly string[]) {
  if (workIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('works').select(['id', 'title']).$call(idsOfSchool(tenantId, workIds)).execute();
}
