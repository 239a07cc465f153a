import type { DB } from '../../db/database';
import { WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { ofSchoolByKey, whereEqual } from '../../db/clauses';

/**
 * What the staff screens of works show beside each work, each in one query: the lessons a class's
 * works belong to (in the class's course order and the course's lesson order), each work's paper
 * title and how many attempts were started, a course's works with their class's name, and whether
 * a paper a work names is one of the school's. Per-row service calls to the owners (courses,
 * classes, papers, attempts) would be a read per work or lesson on every list and save.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classrooms', 'classCourses', 'courses', 'examPapers', 'workAttempts', 'teachingClasses'] as const;

/**
 * The homework and test lessons of the courses the class teaches, in the class's course order and the course's lesson
 * order: the class's courses by the class, their lessons by the course, the school compared on each lesson (decision
 * 135). Named as `l.tenant_id = ?`, the school's index of lessons was read first, every lesson of the school.
 */
export function workLessons(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classrooms as l')
    .innerJoin('classCourses as cc', (j) => j.onRef('cc.courseId', '=', 'l.courseId').onRef('cc.tenantId', '=', 'l.tenantId'))
    .innerJoin('courses as c', 'c.id', 'l.courseId')
    .select(['l.id as classroomId', 'l.name as lessonName', 'l.classroomType', 'c.id as courseId', 'c.name as courseName'])
    .$call(ofSchoolByKey(tenantId, 'l'))
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
    .$call(whereEqual({ 'w.tenantId': tenantId, 'w.classId': classId }))
    .execute();
}
export type WorkRow = Awaited<ReturnType<typeof classWorks>>[number];

/** The works of a course in every class, with the class's name and how many attempts were started (the course's lesson editor). */
export function courseWorks(db: DB, tenantId: string, courseId: string) {
  return db
    .selectFrom('works as w')
    .innerJoin('teachingClasses as tc', 'tc.id', 'w.classId')
    .select(['w.id', 'w.title', 'w.kind', 'w.classId', 'tc.name as className', 'w.classroomId'])
    .select((eb) => eb.selectFrom('workAttempts as wa').whereRef('wa.workId', '=', 'w.id').select(eb.fn.countAll<number>().as('n')).as('attempts'))
    .$call(whereEqual({ 'w.tenantId': tenantId, 'w.courseId': courseId }))
    .orderBy('w.createdAt')
    .orderBy('w.id')
    .execute();
}
export type CourseWorkRow = Awaited<ReturnType<typeof courseWorks>>[number];

/** A paper of the school a work may be answered on (every teacher of the school reads every paper), or undefined. */
export function schoolPaper(db: DB, tenantId: string, paperId: string) {
  return db
    .selectFrom('examPapers')
    .select(['id', 'title', 'unitTime'])
    .$call(whereEqual({ tenantId, id: paperId }))
    .executeTakeFirst();
}
