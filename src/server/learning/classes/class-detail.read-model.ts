import type { DB } from '../../db/database';

/**
 * What the learner's class detail reads of other domains: the number of the class's activities.
 * Read here rather than through learning/activities' service because activities depends on
 * classes (a staff activity is checked against the staff member's classes): classes calling back
 * would close a circle. One query either way.
 */
export const READS = ['classActivities'] as const;

export async function countClassActivities(db: DB, tenantId: string, classId: string): Promise<number> {
  const row = await db
    .selectFrom('classActivities')
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
