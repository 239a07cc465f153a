import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { prepared, preparedIn } from '../../db/prepared';
import type { Classroom, DutyRule } from './courses.table';

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

/**
 * A course's own duty rules (those of the whole course, not of one lesson) as one value of a row: a JSON array of
 * [duty type, target] pairs, in no order (every reader takes a duty type's largest target: duties.ts dutyTarget).
 * SQLite answers it as text, PostgreSQL's driver as the array (courseRulesOf reads both).
 */
function courseRulesJson(db: DB) {
  const pair = sql`${sql.ref('d.dutyType')}, ${sql.ref('d.targetValue')}`;
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<unknown>`coalesce(json_agg(json_build_array(${pair})), '[]'::json)`
    : sql<unknown>`json_group_array(json_array(${pair}))`;
}

/** The rules courseRulesJson read, as the duty rules they are. */
function courseRulesOf(value: unknown): Pick<DutyRule, 'dutyType' | 'targetValue'>[] {
  const pairs: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(pairs)) throw new Error("a course's duty rules were not read as a list");
  return pairs.map(([dutyType, targetValue]: [string, number]) => ({ dutyType, targetValue: Number(targetValue) }));
}

/**
 * A student's lesson: the class's course (its name), its lesson and the course's own duty rules in one statement
 * (every progress report reads it; decision 071: printed once).
 */
const classLessonOf = prepared(4, (db: DB, tenantId: string, classId: string, courseId: string, classroomId: string) =>
  db
    .selectFrom('classCourses as cc')
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 'cc.courseId').onRef('c.tenantId', '=', 'cc.tenantId'))
    .leftJoin('classrooms as r', (j) => j.onRef('r.tenantId', '=', 'cc.tenantId').onRef('r.courseId', '=', 'cc.courseId').on('r.id', '=', classroomId))
    .selectAll('r')
    .select('c.name as courseName')
    .select((eb) =>
      eb
        .selectFrom('dutyRules as d')
        .select(courseRulesJson(db).as('rules'))
        .whereRef('d.tenantId', '=', 'cc.tenantId')
        .whereRef('d.courseId', '=', 'cc.courseId')
        .where('d.classroomId', 'is', null)
        .as('courseRules'),
    )
    .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.classId': classId, 'cc.courseId': courseId })),
);

/** A lesson of a class's course as one read finds it (findClassLesson). */
export interface ClassLessonRead {
  courseName: string;
  /** Undefined when the course has no such lesson. */
  lesson: Classroom | undefined;
  /** The course's own duty rules (not those of single lessons), in no order. */
  courseRules: Pick<DutyRule, 'dutyType' | 'targetValue'>[];
}

/** A lesson of a course the class teaches, with the course's name and rules: undefined when the class does not teach the course. */
export async function findClassLesson(db: DB, tenantId: string, classId: string, courseId: string, classroomId: string): Promise<ClassLessonRead | undefined> {
  const row = await classLessonOf.first(db, tenantId, classId, courseId, classroomId);
  if (!row) return undefined;
  const { courseName, courseRules, ...lesson } = row;
  return { courseName, lesson: lesson.id === null ? undefined : (lesson as Classroom), courseRules: courseRulesOf(courseRules) };
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

/** The duty rules of some courses, in no order (as a lesson's read has them: every reader takes a duty type's largest target). */
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
