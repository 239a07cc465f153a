import type { DB } from '../../db/database';
import type { LessonRecord } from './study.table';

/** All SQL of lesson study records and study clocks. Every query names the school and the class student (or the user, for the clock). */

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

/** Each class student's credited study time in the class's lessons (only students with a record). */
export function listClassStudyCredits(db: DB, tenantId: string, classId: string): Promise<{ classStudentId: string; creditedMs: number }[]> {
  return db.selectFrom('lessonRecords').select(['classStudentId', 'creditedMs']).where('tenantId', '=', tenantId).where('classId', '=', classId).execute();
}

/** The class students of a class with a study record of each of some courses (who studied which course). */
export function listCourseLearners(
  db: DB,
  tenantId: string,
  classId: string,
  courseIds: readonly string[],
): Promise<{ courseId: string; classStudentId: string }[]> {
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

/** The class student's record of one lesson, or undefined. */
export function findLessonRecord(db: DB, tenantId: string, classStudentId: string, classroomId: string): Promise<LessonRecord | undefined> {
  return db
    .selectFrom('lessonRecords')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('classroomId', '=', classroomId)
    .executeTakeFirst();
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
export async function touchLessonRecord(db: DB, tenantId: string, classStudentId: string, classroomId: string, now: number): Promise<void> {
  await db
    .updateTable('lessonRecords')
    .set({ lastReportAt: now })
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('classroomId', '=', classroomId)
    .where('lastReportAt', '<', now)
    .execute();
}

/**
 * Applies a credited report only if the stored sequence is still the one it was computed from
 * (compare-and-set): two instances cannot both apply reports on the same state. True when applied.
 */
export async function updateLessonRecordIfSeq(
  db: DB,
  tenantId: string,
  classStudentId: string,
  classroomId: string,
  expectedSeq: number,
  next: Pick<LessonRecord, 'seq' | 'lastPositionMs' | 'furthestMs' | 'creditedMs' | 'progress' | 'finishedAt' | 'lastReportAt'>,
): Promise<boolean> {
  const result = await db
    .updateTable('lessonRecords')
    .set(next)
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('classroomId', '=', classroomId)
    .where('seq', '=', expectedSeq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A reading lesson (article, document, images) opened: learned in full, finished once. */
export async function completeReading(db: DB, tenantId: string, classStudentId: string, classroomId: string, lengthMs: number, now: number): Promise<void> {
  await db
    .updateTable('lessonRecords')
    .set((eb) => ({ progress: 100, furthestMs: lengthMs, finishedAt: eb.fn.coalesce('finishedAt', eb.val(now)) }))
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('classroomId', '=', classroomId)
    .where('progress', '<', 100)
    .execute();
}

/** The student's study clock (epoch ms; 0 before their first credit), or undefined when they have none yet. */
export async function findStudyClock(db: DB, tenantId: string, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('studyClocks').select('clockAt').where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst();
  return row ? Number(row.clockAt) : undefined;
}

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
  const result = await db
    .updateTable('studyClocks')
    .set({ clockAt: next })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('clockAt', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
