import { PostgresAdapter, sql } from 'kysely';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import type { DB } from '../../db/database';
import type { Work } from '../works/works.service';
import type { QuestionColumns } from '../papers/papers.service';
import { prepared } from '../../db/prepared';

/**
 * The student's attempt at a work of their class, with that work and the question a save answers: what every answer
 * save checks before it writes, read in one statement rather than three (the attempt, the class's work, the question),
 * and taken. An exam hall saves over a thousand times a second, each one statement fewer. A read model of
 * exams/attempts: the work is exams/works' row and the question exams/papers', read as they are.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works', 'examQuestions'] as const;

/**
 * The attempt (of the class student, in the class, at a work) and its work, taken for an answer save; none when any
 * of those is not so, which the caller answers as one refusal revealing nothing. `takesAnswers`: the attempt is open
 * and its deadline, if it has one, is not before `deadlineNotBefore` (the deadline plus the grace has not passed; the
 * rule deadline.rules.ts isOverdue states in TypeScript, one table-driven test runs both). A read that writes nothing
 * (decision 108). Inside a transaction the attempt stays taken until the answers are written, so a submission cannot
 * slip in between: on PostgreSQL the read locks the attempt's row (not the work's), and SQLite runs one write
 * transaction at a time (begin immediate). With them the question `questionId` of the work's paper, if it is one, and
 * whether it has parts (decision 119). One statement where a save made three (the attempt with its work, the attempt
 * taken, the question).
 */
const attemptWorkOf = prepared(
  6,
  (db: DB, tenantId: string, classId: string, classStudentId: string, attemptId: string, deadlineNotBefore: number, questionId: string) => {
    const read = db
      .selectFrom('workAttempts as a')
      .innerJoin('works as w', (j) => j.onRef('w.tenantId', '=', 'a.tenantId').onRef('w.classId', '=', 'a.classId').onRef('w.id', '=', 'a.workId'))
      // The question, when it is one of the work's paper (decision 119).
      .leftJoin('examQuestions as q', (j) => j.onRef('q.tenantId', '=', 'a.tenantId').onRef('q.paperId', '=', 'w.paperId').on('q.id', '=', questionId))
      .selectAll('w')
      .select('a.id as attemptId')
      .select((eb) =>
        eb
          .and([eb('a.status', '=', ATTEMPT_STATUS.ANSWERING), eb.or([eb('a.deadlineAt', 'is', null), eb('a.deadlineAt', '>=', deadlineNotBefore)])])
          .as('takesAnswers'),
      )
      .select([
        'q.id as questionId',
        'q.paperId as questionPaperId',
        'q.questionType as questionType',
        'q.examPoint as questionExamPoint',
        'q.markStatus as questionMarkStatus',
        'q.trunk as questionTrunk',
        'q.options as questionOptions',
        'q.answerOptions as questionAnswerOptions',
        'q.answerContent as questionAnswerContent',
        'q.explanation as questionExplanation',
        'q.blankCount as questionBlankCount',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('examQuestions as p')
              .select(sql<number>`1`.as('one'))
              .whereRef('p.tenantId', '=', 'a.tenantId')
              .whereRef('p.paperId', '=', 'w.paperId')
              .where('p.parentId', '=', questionId),
          )
          .as('questionHasParts'),
      )
      .where('a.tenantId', '=', tenantId)
      .where('a.id', '=', attemptId)
      .where('a.classStudentId', '=', classStudentId)
      .where('a.classId', '=', classId);
    return db.getExecutor().adapter instanceof PostgresAdapter ? read.forNoKeyUpdate('a') : read;
  },
);

export interface AttemptForSave {
  attemptId: string;
  work: Work;
  takesAnswers: boolean;
  /** The question `questionId` of the work's paper, or none; and whether it has parts (sub-questions). */
  question: QuestionColumns | undefined;
  questionHasParts: boolean;
}

export async function takeAttemptWithWork(
  db: DB,
  ref: { tenantId: string; classId: string; classStudentId: string; attemptId: string },
  deadlineNotBefore: number,
  questionId: string,
): Promise<AttemptForSave | undefined> {
  const row = await attemptWorkOf.first(db, ref.tenantId, ref.classId, ref.classStudentId, ref.attemptId, deadlineNotBefore, questionId);
  if (!row) return undefined;
  const question =
    row.questionId === null || row.questionPaperId === null || row.questionType === null || row.questionExamPoint === null || row.questionTrunk === null
      ? undefined
      : {
          id: row.questionId,
          paperId: row.questionPaperId,
          questionType: row.questionType,
          examPoint: row.questionExamPoint,
          markStatus: row.questionMarkStatus,
          trunk: row.questionTrunk,
          options: row.questionOptions ?? '[]',
          answerOptions: row.questionAnswerOptions ?? '[]',
          answerContent: row.questionAnswerContent,
          explanation: row.questionExplanation,
          blankCount: row.questionBlankCount,
        };
  // The work is the row as read, the attempt's and the question's columns riding along: copying the work's columns
  // out without the fourteen others (an object rest) cost a save about 7 µs, more than the statement this read saves.
  // SQLite answers a condition as 0 or 1, PostgreSQL as a boolean.
  return { attemptId: row.attemptId, work: row, takesAnswers: Boolean(row.takesAnswers), question, questionHasParts: Boolean(row.questionHasParts) };
}
