import type { DB } from '../../db/database';

/**
 * All SQL of the face-to-face classroom's notes, points, teachers and highlights. Every query names the school.
 * The staff's course editor writes a lesson's notes, points and teachers through this domain's service, in its
 * own transaction (the lesson and its content change together).
 */

export async function findNotes(db: DB, tenantId: string, classroomId: string): Promise<string | null> {
  const row = await db
    .selectFrom('offlineClassrooms')
    .select('beforeClassNotes')
    .where('tenantId', '=', tenantId)
    .where('classroomId', '=', classroomId)
    .executeTakeFirst();
  return row?.beforeClassNotes ?? null;
}

export function listPoints(db: DB, tenantId: string, classroomId: string) {
  return db
    .selectFrom('classroomPoints')
    .select(['pointDesc', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', '=', classroomId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function listTeachers(db: DB, tenantId: string, classroomId: string) {
  return db
    .selectFrom('classroomTeachers')
    .select(['teacherName', 'teacherAvatar'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', '=', classroomId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function listHighlights(db: DB, tenantId: string, activityId: string) {
  return db
    .selectFrom('activityHighlights')
    .select(['id', 'fileType', 'url', 'cover', 'titbitName'])
    .where('tenantId', '=', tenantId)
    .where('activityId', '=', activityId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

// ------------------------------------------------------------ the content of several lessons (the course editor)

/** A face-to-face lesson's teachers (names; the first leads). */
export function lessonTeachers(db: DB, tenantId: string, lessonIds: readonly string[]) {
  if (!lessonIds.length) return Promise.resolve([]);
  return db
    .selectFrom('classroomTeachers')
    .select(['classroomId', 'teacherName', 'teacherAvatar'])
    .where('tenantId', '=', tenantId)
    .where('classroomId', 'in', lessonIds)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export async function replaceLessonTeachers(
  db: DB,
  tenantId: string,
  lessonId: string,
  rows: { id: string; tenantId: string; classroomId: string; teacherName: string; teacherAvatar: string | null; seq: number; createdAt: number }[],
) {
  await db.deleteFrom('classroomTeachers').where('tenantId', '=', tenantId).where('classroomId', '=', lessonId).execute();
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
    .orderBy('seq')
    .orderBy('id')
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
  await db.deleteFrom('offlineClassrooms').where('tenantId', '=', tenantId).where('classroomId', '=', lessonId).execute();
  if (notes) await db.insertInto('offlineClassrooms').values({ classroomId: lessonId, tenantId, beforeClassNotes: notes, createdAt: now }).execute();
  await db.deleteFrom('classroomPoints').where('tenantId', '=', tenantId).where('classroomId', '=', lessonId).execute();
  if (points.length)
    await db
      .insertInto('classroomPoints')
      .values(points.map((pointDesc, i) => ({ id: newId(), tenantId, classroomId: lessonId, pointDesc, seq: i + 1, createdAt: now })))
      .execute();
}
