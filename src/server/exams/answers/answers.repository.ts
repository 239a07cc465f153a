import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { WorkAnswer, WorkAnswerTable, WorkLateAnswer, WorkLateAnswerTable } from './answers.table';
import { whereEqual } from '../../db/clauses';
import { changedOne, insertedOne } from '../../db/rows';

/** All SQL of kept and late answers. Every query names the school and the attempt. */

export type AnswerRow = Omit<Insertable<WorkAnswerTable>, 'tenantId'>;
export type LateAnswerRow = Omit<Insertable<WorkLateAnswerTable>, 'tenantId'>;

export function listAnswers(db: DB, tenantId: string, attemptId: string): Promise<WorkAnswer[]> {
  return db.selectFrom('workAnswers').selectAll().$call(whereEqual({ tenantId, attemptId })).orderBy('questionId').execute();
}

/** The kept answers of some questions of an attempt. */
export function listAnswersOf(db: DB, tenantId: string, attemptId: string, questionIds: readonly string[]): Promise<WorkAnswer[]> {
  if (!questionIds.length) return Promise.resolve([]);
  return db
    .selectFrom('workAnswers')
    .selectAll()
    .$call(whereEqual({ tenantId, attemptId }))
    .where('questionId', 'in', [...questionIds])
    .execute();
}

/** Keeps the first answer of a question unless one is kept already (then false: another writer was first). */
/**
 * When an answer of the attempt was last kept from a writer other than `clientIds` (another tab or
 * device), or null: a saving tab reads the attempt again only when this moves (decision 052).
 */
export async function lastSavedByOthers(db: DB, tenantId: string, attemptId: string, clientIds: readonly string[]): Promise<number | null> {
  let q = db.selectFrom('workAnswers').$call(whereEqual({ tenantId, attemptId }));
  if (clientIds.length) q = q.where('clientId', 'not in', [...clientIds]);
  const row = await q.select((eb) => eb.fn.max('savedAt').as('at')).executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function insertAnswerIfAbsent(db: DB, tenantId: string, row: AnswerRow): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('workAnswers')
      .values({ ...row, tenantId })
      .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doNothing()),
  );
}

/**
 * Replaces a kept answer only while it is still the revision the decision was made on (false
 * when another writer changed it in between): two instances deciding at once cannot both win.
 */
export async function replaceAnswerIf(db: DB, tenantId: string, row: AnswerRow, readRevision: number): Promise<boolean> {
  return changedOne(
    db
      .updateTable('workAnswers')
      .set({
        content: row.content,
        optionKeys: row.optionKeys,
        seq: row.seq,
        revision: row.revision,
        clientId: row.clientId,
        answeredAt: row.answeredAt,
        savedAt: row.savedAt,
      })
      .$call(whereEqual({ tenantId, attemptId: row.attemptId, questionId: row.questionId, revision: readRevision })),
  );
}

/**
 * Keeps a late answer: the last one that arrived per question, except that a writer's repeat or
 * older change never replaces its own later one (replays and reordered batches change nothing).
 */
export async function keepLateAnswer(db: DB, tenantId: string, row: LateAnswerRow): Promise<void> {
  await db
    .insertInto('workLateAnswers')
    .values({ ...row, tenantId })
    .onConflict((oc) =>
      oc
        .columns(['attemptId', 'questionId'])
        .doUpdateSet((eb) => ({
          clientId: eb.ref('excluded.clientId'),
          seq: eb.ref('excluded.seq'),
          content: eb.ref('excluded.content'),
          optionKeys: eb.ref('excluded.optionKeys'),
          answeredAt: eb.ref('excluded.answeredAt'),
          savedAt: eb.ref('excluded.savedAt'),
        }))
        .where((eb) => eb.or([eb('workLateAnswers.clientId', '!=', eb.ref('excluded.clientId')), eb('workLateAnswers.seq', '<', eb.ref('excluded.seq'))])),
    )
    .execute();
}

export function listLateAnswers(db: DB, tenantId: string, attemptId: string): Promise<WorkLateAnswer[]> {
  return db.selectFrom('workLateAnswers').selectAll().$call(whereEqual({ tenantId, attemptId })).orderBy('questionId').execute();
}
