import type { DB } from '../db/database';

/**
 * Which lessons name a media asset's files: the library keeps an asset a lesson still plays. The
 * lessons (classrooms) are learning/courses' table, read here in one query.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classrooms'] as const;

/** Whether a lesson (classroom) of the school names a file under this address prefix in its content. */
export async function lessonNamesFiles(db: DB, tenantId: string, prefix: string): Promise<boolean> {
  const row = await db
    .selectFrom('classrooms')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('classroomContent', 'like', `%${prefix.replace(/[%_\\]/g, '')}%`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
