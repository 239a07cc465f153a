import type { WhereInterface } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { LessonRecord } from './study.table';
import { allLessons, inLessons, noLessons, onlyLessons, whereEqual, type LessonFilter } from '../../db/clauses';
import { prepared, preparedIn } from '../../db/prepared';
import { ofSchool } from '../../db/rows';

/**
 * All SQL of lesson study records and study clocks. Every query names the school and the class student (or the user,
 * for the clock), except those of one record by its unique key (lessonRecord below).
 */

/**
 * One class student's record of one lesson, by its unique key (lesson_records_once_uq: the class student and the lesson),
 * to narrow a statement with `$call`. The school is not in the statement (decision 122, as decision 121 for the
 * enrolment): with it, PostgreSQL's kept plan took lesson_records_class_idx (tenant_id, class_id, course_id,
 * class_student_id), whose scan is bounded by the school alone, and read the school's records for one row. A class
 * student belongs to one school, and every caller has it from the student's enrolment in the request's school; the
 * reads also compare the school on the row they answer.
 */
const lessonRecord =
  (classStudentId: string, classroomId: string) =>
  <Q extends WhereInterface<Database, 'lessonRecords'>>(q: Q): Q =>
    q.where('classStudentId', '=', classStudentId).where('classroomId', '=', classroomId) as Q;

/** One student's study clock. */
const studyClock =
  (tenantId: string, userId: string) =>
  <Q extends WhereInterface<Database, 'studyClocks'>>(q: Q): Q =>
    q.where('tenantId', '=', tenantId).where('userId', '=', userId) as Q;

const studentRecords = (db: DB, tenantId: string, classStudentId: string) =>
  db.selectFrom('lessonRecords').selectAll().$call(whereEqual({ tenantId, classStudentId })).orderBy('lastReportAt', 'desc').orderBy('id', 'desc');
// Every record of a student (the class page reads them on every first view): printed once (decision 071).
const allStudentRecords = prepared(2, studentRecords);
// Its records of some lessons (the class page's courses): printed once per number of lessons.
const someStudentRecords = preparedIn(3, (db: DB, tenantId: string, classStudentId: string, classroomIds: readonly string[]) =>
  studentRecords(db, tenantId, classStudentId).$call(inLessons({ classroomIds })),
);

export function listLessonRecords(db: DB, tenantId: string, classStudentId: string, filter: LessonFilter): Promise<LessonRecord[]> {
  if (noLessons(filter)) return Promise.resolve([]);
  if (allLessons(filter)) return allStudentRecords.all(db, tenantId, classStudentId);
  const lessons = onlyLessons(filter);
  if (lessons) return someStudentRecords.all(db, tenantId, classStudentId, lessons);
  return studentRecords(db, tenantId, classStudentId).$call(inLessons(filter)).execute();
}

/** The study records of a class's students (class-wide figures). */
const classRecords = (db: DB, tenantId: string, classId: string) => db.selectFrom('lessonRecords').$call(whereEqual({ tenantId, classId }));

/** Lessons whose record completes them at one progress (a course's finishers, decision 139). */
export interface LessonsAtTarget {
  classroomIds: readonly [string, ...string[]];
  /** The progress, in percent, at which a record of these lessons completes them (duties.ts recordTargets). */
  progress: number;
}

/**
 * Who of a class has a record of which lessons of a course at the lesson's target, as a statement for the finishers'
 * count to unite with the hand-ins and sign-ins (course-detail.service.ts, decision 139): no record leaves the
 * database. Named by the course as well as the lessons, so that the class's index by course answers it
 * (tests/api/enrolment-plan.test.ts reads its plan); each lesson's own entries (lesson_records_lesson_idx) were slower
 * on the bench's database (decision 131). Not empty: `in ()` is no SQL.
 */
export const classRecordsAtTargetsQuery = (
  db: DB,
  tenantId: string,
  classId: string,
  courseId: string,
  targets: readonly [LessonsAtTarget, ...LessonsAtTarget[]],
) =>
  classRecords(db, tenantId, classId)
    .select(['classStudentId', 'classroomId'])
    .where('courseId', '=', courseId)
    // Every lesson named once beside the targets, as before the targets were given. With two targets SQLite takes the
    // class's index by course with or without it (the class-scale database's plan); PostgreSQL's was not compared.
    .where(
      'classroomId',
      'in',
      targets.flatMap((t) => t.classroomIds),
    )
    .where((eb) => eb.or(targets.map((t) => eb.and([eb('classroomId', 'in', t.classroomIds), eb('progress', '>=', t.progress)]))));

/** Each class student's credited study time in the class's lessons (only students with a record). */
export function listClassStudyCredits(db: DB, tenantId: string, classId: string): Promise<{ classStudentId: string; creditedMs: number }[]> {
  return classRecords(db, tenantId, classId).select(['classStudentId', 'creditedMs']).execute();
}

/**
 * Who of a class has a study record of some courses, as a statement for the participants' count to unite with the
 * others (duties.service.ts participantsOf, a course at a time): the course and the student of each record, made
 * distinct by the union (decision 136). Not empty: `in ()` is no SQL.
 */
export const courseLearnersQuery = (db: DB, tenantId: string, classId: string, courseIds: readonly [string, ...string[]]) =>
  classRecords(db, tenantId, classId).select(['courseId', 'classStudentId']).where('courseId', 'in', courseIds);

// The statements of every progress report are printed once (decision 071).
/** The statement of findLessonRecord (tests/api/enrolment-plan.test.ts reads its plan). */
export const lessonRecordByKey = (db: DB, classStudentId: string, classroomId: string) =>
  db.selectFrom('lessonRecords').selectAll().$call(lessonRecord(classStudentId, classroomId));

const lessonRecordOf = prepared(2, lessonRecordByKey);

/** The class student's record of one lesson, or undefined. */
export async function findLessonRecord(db: DB, tenantId: string, classStudentId: string, classroomId: string): Promise<LessonRecord | undefined> {
  return ofSchool(await lessonRecordOf.first(db, classStudentId, classroomId), tenantId);
}

/** Creates the record unless one exists (one per class student and lesson: the unique index decides a race). */
export async function insertLessonRecordIfAbsent(db: DB, row: LessonRecord): Promise<void> {
  await db
    .insertInto('lessonRecords')
    .values(row)
    .onConflict((oc) => oc.columns(['classStudentId', 'classroomId']).doNothing())
    .execute();
}

/** Opening the lesson again: the next report's allowance starts now. */
export async function touchLessonRecord(db: DB, classStudentId: string, classroomId: string, now: number): Promise<void> {
  await db.updateTable('lessonRecords').set({ lastReportAt: now }).$call(lessonRecord(classStudentId, classroomId)).where('lastReportAt', '<', now).execute();
}

/**
 * Applies a credited report only if the stored sequence is still the one it was computed from
 * (compare-and-set): two instances cannot both apply reports on the same state. True when applied.
 */
export async function updateLessonRecordIfSeq(
  db: DB,
  classStudentId: string,
  classroomId: string,
  expectedSeq: number,
  next: LessonRecordChange,
): Promise<boolean> {
  const { seq, lastPositionMs, furthestMs, creditedMs, progress, finishedAt, lastReportAt } = next;
  const changed = await lessonRecordIfSeq.run(
    db,
    classStudentId,
    classroomId,
    expectedSeq,
    seq,
    lastPositionMs,
    furthestMs,
    creditedMs,
    progress,
    finishedAt,
    lastReportAt,
  );
  return changed === 1;
}

type LessonRecordChange = Pick<LessonRecord, 'seq' | 'lastPositionMs' | 'furthestMs' | 'creditedMs' | 'progress' | 'finishedAt' | 'lastReportAt'>;

const lessonRecordIfSeq = prepared(
  10,
  (
    db: DB,
    classStudentId: string,
    classroomId: string,
    expectedSeq: number,
    ...[seq, lastPositionMs, furthestMs, creditedMs, progress, finishedAt, lastReportAt]: [
      LessonRecordChange['seq'],
      LessonRecordChange['lastPositionMs'],
      LessonRecordChange['furthestMs'],
      LessonRecordChange['creditedMs'],
      LessonRecordChange['progress'],
      LessonRecordChange['finishedAt'],
      LessonRecordChange['lastReportAt'],
    ]
  ) =>
    db
      .updateTable('lessonRecords')
      .set({ seq, lastPositionMs, furthestMs, creditedMs, progress, finishedAt, lastReportAt })
      .$call(lessonRecord(classStudentId, classroomId))
      .where('seq', '=', expectedSeq),
);

/** A reading lesson (article, document, images) opened: learned in full, finished once. */
export async function completeReading(db: DB, classStudentId: string, classroomId: string, lengthMs: number, now: number): Promise<void> {
  await db
    .updateTable('lessonRecords')
    .set((eb) => ({ progress: 100, furthestMs: lengthMs, finishedAt: eb.fn.coalesce('finishedAt', eb.val(now)) }))
    .$call(lessonRecord(classStudentId, classroomId))
    .where('progress', '<', 100)
    .execute();
}

// A progress report reads the lesson's record and the student's clock in one statement: the clock as a value beside the record.
const lessonRecordAndClockOf = prepared(4, (db: DB, tenantId: string, classStudentId: string, classroomId: string, userId: string) =>
  db
    .selectFrom('lessonRecords')
    .selectAll('lessonRecords')
    .select((eb) => eb.selectFrom('studyClocks').select('clockAt').$call(studyClock(tenantId, userId)).as('clockAt'))
    .$call(lessonRecord(classStudentId, classroomId)),
);

/**
 * The class student's record of one lesson and the person's study clock (null when they have none yet), or undefined
 * when there is no record: the two reads of a progress report as one statement.
 */
export async function findLessonRecordAndClock(
  db: DB,
  tenantId: string,
  classStudentId: string,
  classroomId: string,
  userId: string,
): Promise<{ record: LessonRecord; clockAt: number | null } | undefined> {
  const row = ofSchool(await lessonRecordAndClockOf.first(db, tenantId, classStudentId, classroomId, userId), tenantId);
  if (!row) return undefined;
  const { clockAt, ...record } = row;
  return { record, clockAt: clockAt ?? null };
}

/** The student's study clock (epoch ms; 0 before their first credit), or undefined when they have none yet. */
export async function findStudyClock(db: DB, tenantId: string, userId: string): Promise<number | undefined> {
  return (await studyClockOf.first(db, tenantId, userId))?.clockAt;
}

const studyClockOf = prepared(2, (db: DB, tenantId: string, userId: string) =>
  db.selectFrom('studyClocks').select('clockAt').$call(studyClock(tenantId, userId)),
);

/** Creates the student's clock at 0 unless it exists (the primary key decides a race). */
export async function insertStudyClockIfAbsent(db: DB, tenantId: string, userId: string): Promise<void> {
  await db
    .insertInto('studyClocks')
    .values({ tenantId, userId, clockAt: 0 })
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doNothing())
    .execute();
}

/**
 * Moves the clock forward only if it still stands where the credit was computed from
 * (compare-and-set; every credit moves it strictly forward, so an equal value means no credit
 * was applied meanwhile). True when moved.
 */
export async function advanceStudyClockIf(db: DB, tenantId: string, userId: string, expected: number, next: number): Promise<boolean> {
  return (await studyClockIf.run(db, tenantId, userId, expected, next)) === 1;
}

const studyClockIf = prepared(4, (db: DB, tenantId: string, userId: string, expected: number, next: number) =>
  db.updateTable('studyClocks').set({ clockAt: next }).$call(studyClock(tenantId, userId)).where('clockAt', '=', expected),
);
