import type { DB } from '../../db/database';
import { bySeq, whereEqual } from '../../db/clauses';

/**
 * All SQL of the face-to-face classroom's notes, points, teachers and highlights. Every query names the school.
 * The staff's course editor writes a lesson's notes, points and teachers through this domain's service, in its
 * own transaction (the lesson and its content change together).
 */

export async function findNotes(db: DB, tenantId: string, classroomId: string): Promise<string | null> {
  const row = await db.selectFrom('offlineClassrooms').select('beforeClassNotes').$call(whereEqual({ tenantId, classroomId })).executeTakeFirst();
  return row?.beforeClassNotes ?? null;
}

export function listPoints(db: DB, tenantId: string, classroomId: string) {
  return db.selectFrom('classroomPoints').select(['pointDesc', 'seq']).$call(whereEqual({ tenantId, classroomId })).$call(bySeq).execute();
}

export function listTeachers(db: DB, tenantId: string, classroomId: string) {
  return db.selectFrom('classroomTeachers').select(['teacherName', 'teacherAvatar']).$call(whereEqual({ tenantId, classroomId })).$call(bySeq).execute();
}

export function listHighlights(db: DB, tenantId: string, activityId: string) {
  return db
    .selectFrom('activityHighlights')
    .select(['id', 'fileType', 'url', 'cover', 'titbitName'])
    .$call(whereEqual({ tenantId, activityId }))
    .$call(bySeq)
    .execute();
}

// ------------------------------------------------------------ the content of several lessons (the course editor)

/** The tables of a face-to-face lesson's content: the course editor replaces each whole when the lesson is saved. */
type LessonContent = 'classroomTeachers' | 'offlineClassrooms' | 'classroomPoints';

/** Deletes a lesson's rows of one content table, before its new rows go in. */
function clearLesson(db: DB, table: LessonContent, tenantId: string, lessonId: string) {
  return db
    .deleteFrom(table)
    .$call(whereEqual({ tenantId, classroomId: lessonId }))
    .execute();
}

/** A face-to-face lesson's teachers (names; the first leads). */
export function lessonTeachers(db: DB, tenantId: string, lessonIds: readonly string[]) {
  if (!lessonIds.length) return Promise.resolve([]);
  return db
    .selectFrom('classroomTeachers')
    .select(['classroomId', 'teacherName', 'teacherAvatar'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', 'in', lessonIds)
    .$call(bySeq)
    .execute();
}

export async function replaceLessonTeachers(
  db: DB,
  tenantId: string,
  lessonId: string,
  rows: { id: string; tenantId: string; classroomId: string; teacherName: string; teacherAvatar: string | null; seq: number; createdAt: number }[],
) {
  await clearLesson(db, 'classroomTeachers', tenantId, lessonId);
  if (rows.length) await db.insertInto('classroomTeachers').values(rows).execute();
}

/** The before-class notes of the face-to-face lessons given. */
export function lessonNotes(db: DB, tenantId: string, lessonIds: readonly string[]) {
  if (!lessonIds.length) return Promise.resolve([]);
  return db
    .selectFrom('offlineClassrooms')
    .select(['classroomId', 'beforeClassNotes'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', 'in', lessonIds)
    .execute();
}

/** The key points of the face-to-face lessons given, in order. */
export function lessonPoints(db: DB, tenantId: string, lessonIds: readonly string[]) {
  if (!lessonIds.length) return Promise.resolve([]);
  return db
    .selectFrom('classroomPoints')
    .select(['classroomId', 'pointDesc'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', 'in', lessonIds)
    .$call(bySeq)
    .execute();
}

/** Replaces a lesson's before-class notes (null: none) and its key points. */
export async function replaceLessonNotesAndPoints(
  db: DB,
  tenantId: string,
  lessonId: string,
  notes: string | null,
  points: readonly string[],
  newId: () => string,
  now: number,
) {
  await clearLesson(db, 'offlineClassrooms', tenantId, lessonId);
  if (notes) await db.insertInto('offlineClassrooms').values({ classroomId: lessonId, tenantId, beforeClassNotes: notes, createdAt: now }).execute();
  await clearLesson(db, 'classroomPoints', tenantId, lessonId);
  if (points.length)
    await db
      .insertInto('classroomPoints')
      .values(points.map((pointDesc, i) => ({ id: newId(), tenantId, classroomId: lessonId, pointDesc, seq: i + 1, createdAt: now })))
      .execute();
}
