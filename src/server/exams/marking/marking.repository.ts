import type { DB } from '../../db/database';
import type { WorkMark } from './marking.table';
import { whereEqual } from '../../db/clauses';
import { changedOne, insertedOne } from '../../db/rows';

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
  return db.selectFrom('workMarks').selectAll().$call(whereEqual({ tenantId, attemptId, questionId })).executeTakeFirst();
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
  return insertedOne(
    db
      .insertInto('workMarks')
      .values({ tenantId, attemptId, questionId, ...m, revision: 1 })
      .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doNothing()),
  );
}

/** A change of a mark: only over the revision the teacher saw, which it moves on by one. */
export async function updateMark(db: DB, tenantId: string, attemptId: string, questionId: string, revision: number, m: MarkWrite): Promise<boolean> {
  return changedOne(
    db
      .updateTable('workMarks')
      .set({ ...m, revision: revision + 1 })
      .$call(whereEqual({ tenantId, attemptId, questionId, revision })),
  );
}
