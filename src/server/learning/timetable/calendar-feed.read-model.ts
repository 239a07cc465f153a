import type { DB } from '../../db/database';

/**
 * A calendar feed found by its token's hash, with the enrolment and class it belongs to, in one
 * query (calendar applications poll the feed address). The address carries no school or user, so
 * the caller compares the found feed's school with the request's.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'teachingClasses'] as const;

/** A live feed by its token's hash, with the enrolment and class it belongs to, or undefined. */
export function findLiveFeedByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('calendarFeeds as f')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'f.classStudentId').onRef('cs.tenantId', '=', 'f.tenantId'))
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'cs.classId').onRef('tc.tenantId', '=', 'cs.tenantId'))
    .select(['f.id', 'f.nonce', 'f.tenantId', 'f.classStudentId', 'cs.classId', 'cs.userId', 'tc.name as className'])
    .where('f.tokenHash', '=', tokenHash)
    .where('f.revokedAt', 'is', null)
    .executeTakeFirst();
}
