import type { DB } from '../../db/database';
import type { WorkAnswer } from './answers.table';

/** All SQL of kept answers. Every query names the school and the attempt. */

export type AnswerRow = Omit<WorkAnswer, 'tenantId'>;

/**
 * Keeps each answer unless the stored one has the same or a higher sequence: an insert, or an
 * update guarded by `stored.seq < new.seq` in the same statement, so replays, reordered batches
 * and two instances writing at once leave the highest sequence (SQLite and PostgreSQL alike).
 * One row per question: the caller has kept only the highest sequence of each question.
 */
export async function upsertAnswers(db: DB, tenantId: string, rows: readonly AnswerRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('workAnswers')
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflict((oc) =>
      oc
        .columns(['attemptId', 'questionId'])
        .doUpdateSet((eb) => ({
          content: eb.ref('excluded.content'),
          optionKeys: eb.ref('excluded.optionKeys'),
          seq: eb.ref('excluded.seq'),
          answeredAt: eb.ref('excluded.answeredAt'),
          savedAt: eb.ref('excluded.savedAt'),
        }))
        .where((eb) => eb('workAnswers.seq', '<', eb.ref('excluded.seq'))),
    )
    .execute();
}

export function listAnswers(db: DB, tenantId: string, attemptId: string): Promise<WorkAnswer[]> {
  return db.selectFrom('workAnswers').selectAll().where('tenantId', '=', tenantId).where('attemptId', '=', attemptId).orderBy('questionId').execute();
}
