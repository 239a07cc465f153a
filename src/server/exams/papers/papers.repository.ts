import type { DB } from '../../db/database';
import type { ExamPaper, ExamQuestion } from './papers.table';
import { bySeq, whereEqual } from '../../db/clauses';

/** All SQL of papers and questions. Every query names the school. */

export function findPaper(db: DB, tenantId: string, paperId: string): Promise<ExamPaper | undefined> {
  return db
    .selectFrom('examPapers')
    .selectAll()
    .$call(whereEqual({ tenantId, id: paperId }))
    .executeTakeFirst();
}

/** Every question and sub-question of a paper, in order. */
export function listQuestions(db: DB, tenantId: string, paperId: string): Promise<ExamQuestion[]> {
  return db.selectFrom('examQuestions').selectAll().$call(whereEqual({ tenantId, paperId })).$call(bySeq).execute();
}

/**
 * The paper's questions with these ids, and the sub-questions of any of them (an answer names leaves only): a save of
 * several questions (a save of one reads its question with its attempt, decision 119).
 */
export function listQuestionsByIds(db: DB, tenantId: string, paperId: string, ids: readonly string[]): Promise<ExamQuestion[]> {
  return db
    .selectFrom('examQuestions')
    .selectAll()
    .$call(whereEqual({ tenantId, paperId }))
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parentId', 'in', ids)]))
    .execute();
}
