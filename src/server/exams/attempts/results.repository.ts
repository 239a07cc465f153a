import type { DB } from '../../db/database';
import { HANDED_IN_STATUSES } from '~/lib/exams/attempt-policy';

/**
 * The SQL of a work's results across its students (the staff side's read of the exams domain):
 * every handed-in attempt at one work. Every query names the school.
 */

/** Every handed-in attempt at the work, by student and attempt number. */
export function handedInAttempts(db: DB, tenantId: string, workId: string) {
  return db
    .selectFrom('workAttempts')
    .select(['classStudentId', 'attemptNo', 'status', 'score', 'startedAt'])
    .where('tenantId', '=', tenantId)
    .where('workId', '=', workId)
    .where('status', 'in', HANDED_IN_STATUSES)
    .orderBy('classStudentId', 'asc')
    .orderBy('attemptNo', 'asc')
    .orderBy('startedAt', 'asc')
    .execute();
}
