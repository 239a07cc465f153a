import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { classesTaughtBy } from '../classes/classes.admin.service';
import type { ClassCourse, ClassroomTable, CourseIntroductionTable, CourseTable, DutyRuleTable } from './courses.table';
import { classCourseStudy, lessonStudy } from './study-records.read-model';
import { bySeq, whereEqual } from '../../db/clauses';
import { changedAny } from '../../db/rows';

/**
 * All SQL of the staff side of courses. Every function takes the school first; a course, chapter
 * or lesson is found only within it. A teacher's courses are those attached to a class they have
 * a class_teachers row for (`accountId` given); administrators pass none and reach every course.
 */

export interface CourseFilter {
  name?: string | undefined;
  courseNature?: number | undefined;
  /** Only courses of this account's classes (a teacher's list). */
  accountId?: string | undefined;
}

/**
 * How many classes use a course and how many lessons it has (`c`): the lessons counted with the school named, so that
 * their index by school and course answers it, and the classes by the courses' index of class_courses; SQLite read every
 * school's of both for each course before (decision 132).
 */
const courseCounts = (eb: ExpressionBuilder<Database & { c: Database['courses'] }, 'c'>) => [
  eb.selectFrom('classCourses as cc').whereRef('cc.courseId', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('classCount'),
  eb
    .selectFrom('classrooms as l')
    .whereRef('l.tenantId', '=', 'c.tenantId')
    .whereRef('l.courseId', '=', 'c.id')
    .select(eb.fn.countAll<number>().as('n'))
    .as('lessonCount'),
];

function withCounts(db: DB) {
  return db.selectFrom('courses as c').selectAll('c').select(courseCounts);
}

export function pageCourses(db: DB, tenantId: string, f: CourseFilter, w: PageWindow) {
  let filtered = db.selectFrom('courses as c').where('c.tenantId', '=', tenantId);
  if (f.name) filtered = filtered.where('c.name', 'like', containing(f.name));
  if (f.courseNature !== undefined) filtered = filtered.where('c.courseNature', '=', f.courseNature);
  if (f.accountId) {
    const accountId = f.accountId;
    filtered = filtered.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('classCourses as cc')
        .select('cc.courseId')
        .where('cc.tenantId', '=', tenantId)
        .where('cc.classId', 'in', classesTaughtBy(db, tenantId, accountId)),
    );
  }
  const rows = filtered.selectAll('c').select(courseCounts).orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc');
  return pageFrom(w, rows, filtered);
}

export function findCourse(db: DB, tenantId: string, id: string) {
  return withCounts(db)
    .$call(whereEqual({ 'c.tenantId': tenantId, 'c.id': id }))
    .executeTakeFirst();
}
export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/** Whether the account teaches a class that teaches the course. */
export async function teachesCourse(db: DB, tenantId: string, courseId: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('classCourses as cc')
    .select('cc.id')
    .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.courseId': courseId }))
    .where('cc.classId', 'in', classesTaughtBy(db, tenantId, accountId))
    .executeTakeFirst();
  return !!row;
}

export async function insertCourse(db: DB, row: Insertable<CourseTable>) {
  await db.insertInto('courses').values(row).execute();
}

export async function updateCourse(db: DB, tenantId: string, id: string, fields: Updateable<CourseTable>) {
  await db.updateTable('courses').set(fields).$call(whereEqual({ tenantId, id })).execute();
}

/** Deletes the course only while no class teaches it (one conditional statement); answers whether it went. */
export async function deleteUnusedCourse(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('courses')
      .$call(whereEqual({ tenantId, id }))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('classCourses as cc').select('cc.id').where('cc.courseId', '=', id)))),
  );
}

export function introductions(db: DB, tenantId: string, courseId: string) {
  return db
    .selectFrom('courseIntroductions')
    .select(['introduceType', 'teacherName', 'teacherHeadUrl', 'roleCode', 'outline', 'describe'])
    .$call(whereEqual({ tenantId, courseId }))
    .$call(bySeq)
    .execute();
}

export async function replaceIntroductions(db: DB, tenantId: string, courseId: string, rows: Insertable<CourseIntroductionTable>[]) {
  await db.deleteFrom('courseIntroductions').$call(whereEqual({ tenantId, courseId })).execute();
  if (rows.length) await db.insertInto('courseIntroductions').values(rows).execute();
}

// ------------------------------------------------------------ chapters and sections

export function chapters(db: DB, tenantId: string, courseId: string) {
  return db
    .selectFrom('courseChapters as ch')
    .select(['ch.id', 'ch.name', 'ch.parentId', 'ch.seq'])
    .select((eb) => eb.selectFrom('classrooms as l').whereRef('l.sectionId', '=', 'ch.id').select(eb.fn.countAll<number>().as('n')).as('lessonCount'))
    .$call(whereEqual({ 'ch.tenantId': tenantId, 'ch.courseId': courseId }))
    .orderBy('ch.seq')
    .orderBy('ch.id')
    .execute();
}
export type ChapterRow = Awaited<ReturnType<typeof chapters>>[number];

export async function nextChapterSeq(db: DB, tenantId: string, courseId: string, parentId: string | null): Promise<number> {
  let q = db
    .selectFrom('courseChapters')
    .select((eb) => eb.fn.max('seq').as('m'))
    .$call(whereEqual({ tenantId, courseId }));
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  const row = await q.executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertChapter(
  db: DB,
  row: { id: string; tenantId: string; courseId: string; parentId: string | null; name: string; seq: number; createdAt: number },
) {
  await db.insertInto('courseChapters').values(row).execute();
}

export async function renameChapter(db: DB, tenantId: string, courseId: string, id: string, name: string) {
  await db.updateTable('courseChapters').set({ name }).$call(whereEqual({ tenantId, courseId, id })).execute();
}

export async function setChapterSeq(db: DB, tenantId: string, id: string, seq: number) {
  await db.updateTable('courseChapters').set({ seq }).$call(whereEqual({ tenantId, id })).execute();
}

/** Deletes a chapter or section only while no lesson and no section is in it (one conditional statement). */
export async function deleteEmptyChapter(db: DB, tenantId: string, courseId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('courseChapters')
      .$call(whereEqual({ tenantId, courseId, id }))
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('classrooms as l').select('l.id').where('l.sectionId', '=', id))),
          eb.not(eb.exists(eb.selectFrom('courseChapters as sub').select('sub.id').where('sub.parentId', '=', id))),
        ]),
      ),
  );
}

// ------------------------------------------------------------ lessons

export function lessons(db: DB, tenantId: string, courseId: string) {
  return db
    .selectFrom('classrooms as l')
    .selectAll('l')
    .select(lessonStudy.as('studyRecords'))
    .$call(whereEqual({ 'l.tenantId': tenantId, 'l.courseId': courseId }))
    .orderBy('l.seq')
    .orderBy('l.id')
    .execute();
}
export type LessonRow = Awaited<ReturnType<typeof lessons>>[number];

export async function nextLessonSeq(db: DB, tenantId: string, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('classrooms')
    .select((eb) => eb.fn.max('seq').as('m'))
    .$call(whereEqual({ tenantId, courseId }))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertLesson(db: DB, row: Insertable<ClassroomTable>) {
  await db.insertInto('classrooms').values(row).execute();
}

export async function updateLesson(db: DB, tenantId: string, courseId: string, id: string, fields: Updateable<ClassroomTable>) {
  await db.updateTable('classrooms').set(fields).$call(whereEqual({ tenantId, courseId, id })).execute();
}

export async function setLessonSeq(db: DB, tenantId: string, id: string, seq: number) {
  await db.updateTable('classrooms').set({ seq }).$call(whereEqual({ tenantId, id })).execute();
}

/** Deletes a lesson only while no student has a record of it (one conditional statement). */
export async function deleteUnstudiedLesson(db: DB, tenantId: string, courseId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('classrooms as l')
      .$call(whereEqual({ 'l.tenantId': tenantId, 'l.courseId': courseId, 'l.id': id }))
      .where(sql<boolean>`${lessonStudy} = 0`),
  );
}

// ------------------------------------------------------------ duty rules

export function dutyRules(db: DB, tenantId: string, courseId: string) {
  return db.selectFrom('dutyRules').select(['classroomId', 'dutyType', 'targetValue']).$call(whereEqual({ tenantId, courseId })).orderBy('id').execute();
}

/** Replaces the course's own rules (classroomId null) or one lesson's. */
export async function replaceDutyRules(db: DB, tenantId: string, courseId: string, classroomId: string | null, rows: Insertable<DutyRuleTable>[]) {
  let q = db.deleteFrom('dutyRules').$call(whereEqual({ tenantId, courseId }));
  q = classroomId === null ? q.where('classroomId', 'is', null) : q.where('classroomId', '=', classroomId);
  await q.execute();
  if (rows.length) await db.insertInto('dutyRules').values(rows).execute();
}

// ------------------------------------------------------------ courses of a class

export function classCourses(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classCourses as cc')
    .innerJoin('courses as c', 'c.id', 'cc.courseId')
    .select(['cc.courseId', 'c.name', 'c.courseNature', 'cc.learnStartAt', 'cc.learnEndAt', 'cc.seq', 'cc.id'])
    .select(classCourseStudy.as('studyRecords'))
    .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.classId': classId }))
    .orderBy('cc.seq')
    .orderBy('c.id')
    .execute();
}

/** Attaches the course (the class+course unique key makes a second attach change only the window). */
export async function attachCourse(db: DB, row: ClassCourse) {
  await db
    .insertInto('classCourses')
    .values(row)
    .onConflict((oc) => oc.columns(['classId', 'courseId']).doUpdateSet({ learnStartAt: row.learnStartAt, learnEndAt: row.learnEndAt }))
    .execute();
}

export async function setClassCourseSeq(db: DB, tenantId: string, id: string, seq: number) {
  await db.updateTable('classCourses').set({ seq }).$call(whereEqual({ tenantId, id })).execute();
}

/** Detaches the course only while no student of the class has a record in it (one conditional statement). */
export async function detachUnstudiedCourse(db: DB, tenantId: string, classId: string, courseId: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('classCourses as cc')
      .$call(whereEqual({ 'cc.tenantId': tenantId, 'cc.classId': classId, 'cc.courseId': courseId }))
      .where(sql<boolean>`${classCourseStudy} = 0`),
  );
}
