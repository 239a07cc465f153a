import { PostgresAdapter } from 'kysely';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import type { DB } from '../../db/database';
import type { Work } from '../works/works.service';
import { prepared } from '../../db/prepared';

/**
 * The student's attempt at a work of their class, with that work: what every answer save checks
 * before it writes, read in one statement rather than two (the attempt, then the class's work), and taken.
 * An exam hall saves over a thousand times a second, each one statement fewer. A read model of
 * exams/attempts: the work is exams/works' row, read as it is.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works'] as const;

/**
 * The attempt (of the class student, in the class, at a work) and its work, taken for an answer save; none when any
 * of those is not so, which the caller answers as one refusal revealing nothing. `takesAnswers`: the attempt is open
 * and its deadline, if it has one, is not before `deadlineNotBefore` (the deadline plus the grace has not passed; the
 * rule deadline.rules.ts isOverdue states in TypeScript, one table-driven test runs both). A read that writes nothing
 * (decision 108). Inside a transaction the attempt stays taken until the answers are written, so a submission cannot
 * slip in between: on PostgreSQL the read locks the attempt's row (not the work's), and SQLite runs one write
 * transaction at a time (begin immediate). One statement where a save made two (the attempt with its work, then the
 * attempt taken).
 */
const attemptWorkOf = prepared(5, (db: DB, tenantId: string, classId: string, classStudentId: string, attemptId: string, deadlineNotBefore: number) => {
  const read = db
    .selectFrom('workAttempts as a')
    .innerJoin('works as w', (j) => j.onRef('w.tenantId', '=', 'a.tenantId').onRef('w.classId', '=', 'a.classId').onRef('w.id', '=', 'a.workId'))
    .selectAll('w')
    .select('a.id as attemptId')
    .select((eb) =>
      eb
        .and([eb('a.status', '=', ATTEMPT_STATUS.ANSWERING), eb.or([eb('a.deadlineAt', 'is', null), eb('a.deadlineAt', '>=', deadlineNotBefore)])])
        .as('takesAnswers'),
    )
    .where('a.tenantId', '=', tenantId)
    .where('a.id', '=', attemptId)
    .where('a.classStudentId', '=', classStudentId)
    .where('a.classId', '=', classId);
  return db.getExecutor().adapter instanceof PostgresAdapter ? read.forNoKeyUpdate('a') : read;
});

export async function takeAttemptWithWork(
  db: DB,
  ref: { tenantId: string; classId: string; classStudentId: string; attemptId: string },
  deadlineNotBefore: number,
): Promise<{ attemptId: string; work: Work; takesAnswers: boolean } | undefined> {
  const row = await attemptWorkOf.first(db, ref.tenantId, ref.classId, ref.classStudentId, ref.attemptId, deadlineNotBefore);
  if (!row) return undefined;
  // SQLite answers the condition as 0 or 1, PostgreSQL as a boolean.
  const { attemptId, takesAnswers, ...work } = row;
  return { attemptId, work, takesAnswers: Boolean(takesAnswers) };
}
