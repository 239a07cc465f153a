import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { prepared } from '../../db/prepared';

/**
 * What the learner's class detail reads of other domains: the number of the class's activities.
 * Read here rather than through learning/activities' service because activities depends on
 * classes (a staff activity is checked against the staff member's classes): classes calling back
 * would close a circle. One query either way.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classActivities'] as const;

// Every class detail counts them: printed once (decision 071).
const activitiesCounted = prepared(2, (db: DB, tenantId: string, classId: string) =>
  db
    .selectFrom('classActivities')
    .$call(whereEqual({ tenantId, classId }))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

export async function countClassActivities(db: DB, tenantId: string, classId: string): Promise<number> {
  const row = await activitiesCounted.first(db, tenantId, classId);
  return Number(row?.n ?? 0);
}
