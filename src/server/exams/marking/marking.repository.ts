import type { DB } from '../../db/database';
import type { WorkMark } from './marking.table';

/**
 * All SQL of the teachers' marks (work_marks). Every query names the school. A mark is saved only
 * over the revision the teacher saw; the attempts themselves (their lock, totals and release) are
 * exams/attempts' writes, called in the same transaction.
 */

/** The marks of the attempts given. */
export function marksOf(db: DB, tenantId: string, attemptIds: readonly string[]): Promise<WorkMark[]> {
  if (!attemptIds.length) return Promise.resolve([]);
  return db.selectFrom('workMarks').selectAll().where('tenantId', '=', tenantId).where('attemptId', 'in', attemptIds).execute();
}

export function findMark(db: DB, tenantId: string, attemptId: string, questionId: string): Promise<WorkMark | undefined> {
  return db
    .selectFrom('workMarks')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('attemptId', '=', attemptId)
    .where('questionId', '=', questionId)
    .executeTakeFirst();
}

export interface MarkWrite {
  score: number;
  comment: string | null;
  markedBy: string;
  markedByName: string;
  markedAt: number;
}

/** The first mark of a question: only when there is none (the primary key decides between two at once). */
export async function insertFirstMark(db: DB, tenantId: string, attemptId: string, questionId: string, m: MarkWrite): Promise<boolean> {
  const result = await db
    .insertInto('workMarks')
    .values({ tenantId, attemptId, questionId, ...m, revision: 1 })
    .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A change of a mark: only over the revision the teacher saw, which it moves on by one. */
export async function updateMark(db: DB, tenantId: string, attemptId: string, questionId: string, revision: number, m: MarkWrite): Promise<boolean> {
  const result = await db
    .updateTable('workMarks')
    .set({ ...m, revision: revision + 1 })
    .where('tenantId', '=', tenantId)
    .where('attemptId', '=', attemptId)
    .where('questionId', '=', questionId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
