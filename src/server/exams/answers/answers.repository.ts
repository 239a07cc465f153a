import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { WorkAnswer, WorkAnswerTable, WorkLateAnswer, WorkLateAnswerTable } from './answers.table';
import { whereEqual } from '../../db/clauses';
import { prepared } from '../../db/prepared';

/** All SQL of kept and late answers. Every query names the school and the attempt. */

/** A kept answer as written: every column given (the statements that write it are printed once). */
export type AnswerRow = Required<Omit<Insertable<WorkAnswerTable>, 'tenantId'>>;
export type LateAnswerRow = Omit<Insertable<WorkLateAnswerTable>, 'tenantId'>;

export function listAnswers(db: DB, tenantId: string, attemptId: string): Promise<WorkAnswer[]> {
  return db.selectFrom('workAnswers').selectAll().$call(whereEqual({ tenantId, attemptId })).orderBy('questionId').execute();
}

/** The kept answers of some questions of an attempt. */
const answerOf = prepared(3, (db: DB, tenantId: string, attemptId: string, questionId: string) =>
  db.selectFrom('workAnswers').selectAll().$call(whereEqual({ tenantId, attemptId, questionId })),
);

export function listAnswersOf(db: DB, tenantId: string, attemptId: string, questionIds: readonly string[]): Promise<WorkAnswer[]> {
  if (!questionIds.length) return Promise.resolve([]);
  // A save of one answer, the usual save: a statement printed once (decision 071).
  if (questionIds.length === 1) return answerOf.all(db, tenantId, attemptId, questionIds[0]!);
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
  // A save from one writer, the usual save: a statement printed once (decision 071).
  if (clientIds.length === 1) return atOf(await lastSavedByOthersThanOne.first(db, tenantId, attemptId, clientIds[0]!));
  let q = db.selectFrom('workAnswers').$call(whereEqual({ tenantId, attemptId }));
  if (clientIds.length) q = q.where('clientId', 'not in', [...clientIds]);
  return atOf(await q.select((eb) => eb.fn.max('savedAt').as('at')).executeTakeFirst());
}

const atOf = (row: { at: unknown } | undefined) => (row?.at == null ? null : Number(row.at));

const lastSavedByOthersThanOne = prepared(3, (db: DB, tenantId: string, attemptId: string, clientId: string) =>
  db
    .selectFrom('workAnswers')
    .$call(whereEqual({ tenantId, attemptId }))
    .where('clientId', '!=', clientId)
    .select((eb) => eb.fn.max('savedAt').as('at')),
);

const insertAnswerOf = prepared(10, (db: DB, ...v: AnswerValues) =>
  db
    .insertInto('workAnswers')
    .values({ ...rowOf(v), tenantId: v[9] })
    .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doNothing()),
);

export async function insertAnswerIfAbsent(db: DB, tenantId: string, row: AnswerRow): Promise<boolean> {
  return (await insertAnswerOf.run(db, ...valuesOf(row), tenantId)) > 0;
}

/**
 * Replaces a kept answer only while it is still the revision the decision was made on (false
 * when another writer changed it in between): two instances deciding at once cannot both win.
 */
const replaceAnswerOf = prepared(11, (db: DB, ...v: [...AnswerValues, readRevision: number]) => {
  const { attemptId, questionId, ...changes } = rowOf(v);
  return db
    .updateTable('workAnswers')
    .set(changes)
    .$call(whereEqual({ tenantId: v[9], attemptId, questionId, revision: v[10] }));
});

export async function replaceAnswerIf(db: DB, tenantId: string, row: AnswerRow, readRevision: number): Promise<boolean> {
  return (await replaceAnswerOf.run(db, ...valuesOf(row), tenantId, readRevision)) === 1;
}

/** A kept answer's columns in the order the printed statements take them, then the school. */
type AnswerValues = [
  attemptId: string,
  questionId: string,
  content: string | null,
  optionKeys: string,
  seq: number,
  revision: number,
  clientId: string,
  answeredAt: number,
  savedAt: number,
  tenantId: string,
];

const valuesOf = (r: AnswerRow) => [r.attemptId, r.questionId, r.content, r.optionKeys, r.seq, r.revision, r.clientId, r.answeredAt, r.savedAt] as const;

const rowOf = (v: readonly unknown[]) => {
  const [attemptId, questionId, content, optionKeys, seq, revision, clientId, answeredAt, savedAt] = v as unknown as AnswerValues;
  return { attemptId, questionId, content, optionKeys, seq, revision, clientId, answeredAt, savedAt };
};

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
