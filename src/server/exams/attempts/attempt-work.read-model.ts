import type { DB } from '../../db/database';
import type { Work } from '../works/works.service';
import { prepared } from '../../db/prepared';

/**
 * The student's attempt at a work of their class, with that work: what every answer save checks
 * before it writes, read in one statement rather than two (the attempt, then the class's work).
 * An exam hall saves over a thousand times a second, each one statement fewer. A read model of
 * exams/attempts: the work is exams/works' row, read as it is.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works'] as const;

/**
 * The attempt (of the class student, in the class, at a work) and its work; none when any of
 * those is not so, which the caller answers as one refusal revealing nothing.
 */
const attemptWorkOf = prepared(4, (db: DB, tenantId: string, classId: string, classStudentId: string, attemptId: string) =>
  db
    .selectFrom('workAttempts as a')
    .innerJoin('works as w', (j) => j.onRef('w.tenantId', '=', 'a.tenantId').onRef('w.classId', '=', 'a.classId').onRef('w.id', '=', 'a.workId'))
    .selectAll('w')
    .select('a.id as attemptId')
    .where('a.tenantId', '=', tenantId)
    .where('a.id', '=', attemptId)
    .where('a.classStudentId', '=', classStudentId)
    .where('a.classId', '=', classId),
);

export async function findAttemptWithWork(
  db: DB,
  ref: { tenantId: string; classId: string; classStudentId: string; attemptId: string },
): Promise<{ attemptId: string; work: Work } | undefined> {
  const row = await attemptWorkOf.first(db, ref.tenantId, ref.classId, ref.classStudentId, ref.attemptId);
  if (!row) return undefined;
  const { attemptId, ...work } = row;
  return { attemptId, work };
}
