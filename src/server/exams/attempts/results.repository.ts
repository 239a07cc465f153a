import type { DB } from '../../db/database';
import { handedIn } from './attempts.repository';
import { whereEqual } from '../../db/clauses';

/**
 * The SQL of a work's results across its students (the staff side's read of the exams domain):
 * every handed-in attempt at one work. Every query names the school.
 */

/** Every handed-in attempt at the work, by student and attempt number. */
export function handedInAttempts(db: DB, tenantId: string, workId: string) {
  return db
    .selectFrom('workAttempts')
    .select(['classStudentId', 'attemptNo', 'status', 'score', 'startedAt'])
    .$call(whereEqual({ tenantId, workId }))
    .$call(handedIn)
    .orderBy('classStudentId', 'asc')
    .orderBy('attemptNo', 'asc')
    .orderBy('startedAt', 'asc')
    .execute();
}
