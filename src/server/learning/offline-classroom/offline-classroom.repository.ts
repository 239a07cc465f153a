import type { DB } from '../../db/database';

/** All SQL of the face-to-face classroom's notes, points, teachers and highlights. Every query names the school. */

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
