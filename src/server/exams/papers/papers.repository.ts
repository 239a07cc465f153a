import type { DB } from '../../db/database';
import type { ExamPaper, ExamQuestion } from './papers.table';

/** All SQL of papers and questions. Every query names the school. */

export function findPaper(db: DB, tenantId: string, paperId: string): Promise<ExamPaper | undefined> {
  return db.selectFrom('examPapers').selectAll().where('tenantId', '=', tenantId).where('id', '=', paperId).executeTakeFirst();
}

/** Every question and sub-question of a paper, in order. */
export function listQuestions(db: DB, tenantId: string, paperId: string): Promise<ExamQuestion[]> {
  return db.selectFrom('examQuestions').selectAll().where('tenantId', '=', tenantId).where('paperId', '=', paperId).orderBy('seq').orderBy('id').execute();
}
