import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { prepared, preparedIn } from '../../db/prepared';
import type { Classroom } from './courses.table';

/** All SQL of courses, their chapters, lessons and duty rules, and the courses a class teaches. Every query names the school. */

/** The courses a class teaches, in the class's order, with the class's learning window for each. */
function classCourseRows(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classCourses as cc')
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 'cc.courseId').onRef('c.tenantId', '=', 'cc.tenantId'))
    .selectAll('c')
    .select(['cc.learnStartAt', 'cc.learnEndAt', 'cc.seq as classSeq'])
    .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.classId': classId }));
}

// The class page's first view reads these (decision 071): printed once, the lists once per length.
const classCoursesOf = prepared(2, (db: DB, tenantId: string, classId: string) =>
  classCourseRows(db, tenantId, classId).orderBy('cc.seq', 'asc').orderBy('c.id', 'asc'),
);

export function listClassCourses(db: DB, tenantId: string, classId: string) {
  return classCoursesOf.all(db, tenantId, classId);
}

export type ClassCourseRow = Awaited<ReturnType<typeof listClassCourses>>[number];

// The three look-ups of every progress report are printed once (decision 071).
const classCourseOf = prepared(3, (db: DB, tenantId: string, classId: string, courseId: string) =>
  classCourseRows(db, tenantId, classId).where('cc.courseId', '=', courseId),
);

/** One course of the class, or undefined when the class does not teach it. */
export function findClassCourse(db: DB, tenantId: string, classId: string, courseId: string): Promise<ClassCourseRow | undefined> {
  return classCourseOf.first(db, tenantId, classId, courseId);
}

// A student's lesson: the class's course (its name) and its lesson in one statement (decision 071: printed once).
const classLessonOf = prepared(4, (db: DB, tenantId: string, classId: string, courseId: string, classroomId: string) =>
  db
    .selectFrom('classCourses as cc')
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 'cc.courseId').onRef('c.tenantId', '=', 'cc.tenantId'))
    .leftJoin('classrooms as r', (j) => j.onRef('r.tenantId', '=', 'cc.tenantId').onRef('r.courseId', '=', 'cc.courseId').on('r.id', '=', classroomId))
    .selectAll('r')
    .select('c.name as courseName')
    .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.classId': classId, 'cc.courseId': courseId })),
);

/**
 * A lesson of a course the class teaches, with the course's name: undefined when the class does not teach the course,
 * `lesson` undefined when the course has no such lesson.
 */
export async function findClassLesson(
  db: DB,
  tenantId: string,
  classId: string,
  courseId: string,
  classroomId: string,
): Promise<{ courseName: string; lesson: Classroom | undefined } | undefined> {
  const row = await classLessonOf.first(db, tenantId, classId, courseId, classroomId);
  if (!row) return undefined;
  const { courseName, ...lesson } = row;
  return { courseName, lesson: lesson.id === null ? undefined : (lesson as Classroom) };
}

const courseDutyRulesOf = prepared(2, (db: DB, tenantId: string, courseId: string) =>
  db.selectFrom('dutyRules').select(['dutyType', 'targetValue']).$call(whereEqual({ tenantId, courseId })).where('classroomId', 'is', null),
);

/**
 * A course's own duty rules (those of the whole course, not of one lesson), in no order: every reader takes a duty
 * type's largest target (duties.ts dutyTarget), and sorting them cost SQLite a temporary B-tree on every progress report.
 */
export function listCourseDutyRules(db: DB, tenantId: string, courseId: string) {
  return courseDutyRulesOf.all(db, tenantId, courseId);
}

const lessonsOf = preparedIn(2, (db: DB, tenantId: string, courseIds: readonly string[]) =>
  db
    .selectFrom('classrooms')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('courseId', 'in', courseIds)
    .orderBy('courseId')
    .orderBy('seq', 'asc')
    .orderBy('id'),
);

/** The lessons of some courses, in course order. */
export function listLessons(db: DB, tenantId: string, courseIds: readonly string[]) {
  if (!courseIds.length) return Promise.resolve([]);
  return lessonsOf.all(db, tenantId, courseIds);
}

const dutyRulesOf = preparedIn(2, (db: DB, tenantId: string, courseIds: readonly string[]) =>
  db.selectFrom('dutyRules').select(['courseId', 'classroomId', 'dutyType', 'targetValue']).where('tenantId', '=', tenantId).where('courseId', 'in', courseIds),
);

/** The duty rules of some courses, in no order (as listCourseDutyRules: every reader takes a duty type's largest target). */
export function listDutyRules(db: DB, tenantId: string, courseIds: readonly string[]) {
  if (!courseIds.length) return Promise.resolve([]);
  return dutyRulesOf.all(db, tenantId, courseIds);
}

/** The chapters and sections of a course, in order (sections carry their chapter as parentId). */
export function listChapters(db: DB, tenantId: string, courseId: string) {
  return db.selectFrom('courseChapters').selectAll().$call(whereEqual({ tenantId, courseId })).orderBy('seq', 'asc').orderBy('id').execute();
}

/** A course's introduction blocks (introduction, teachers, supporting materials, quality service), in order. */
export function listIntroductions(db: DB, tenantId: string, courseId: string) {
  return db
    .selectFrom('courseIntroductions')
    .select(['introduceType', 'teacherName', 'teacherHeadUrl', 'roleCode', 'outline', 'describe'])
    .$call(whereEqual({ tenantId, courseId }))
    .orderBy('seq', 'asc')
    .orderBy('id')
    .execute();
}
