import type { DB } from '../../db/database';

/** All SQL of class activities. Every query names the school. */

export async function countClassActivities(db: DB, tenantId: string, classId: string): Promise<number> {
  const row = await db
    .selectFrom('classActivities')
    .where('tenantId', '=', tenantId)
    .where('classId', '=', classId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
