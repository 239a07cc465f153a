import { sql, type Insertable } from 'kysely';
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

/**
 * The kept answers of some questions of an attempt, and when an answer of the attempt's other questions was last
 * kept from a writer other than `clientIds` (another tab or device; null: none), in one statement (decision 119):
 * with the kept answers of the save's own questions, that is all a save needs to tell, once it has written, when
 * another writer last kept an answer of the attempt (decision 052), without reading again after its writes.
 */
export interface KeptRead {
  answers: WorkAnswer[];
  /** The last answer kept from another writer, of a question not among the ones read. */
  othersElsewhereAt: number | null;
}

/** One row whatever is kept: the kept answers (none, or some) are joined to it, each row carrying the others' last save elsewhere. */
const ONE_ROW = sql<{ one: number }>`(select 1 as one)`;

function keptWithOthers(db: DB, tenantId: string, attemptId: string, questionIds: readonly string[], clientIds: readonly string[]) {
  return db
    .selectFrom(ONE_ROW.as('one'))
    .leftJoin('workAnswers as k', (j) =>
      j
        .on('k.tenantId', '=', tenantId)
        .on('k.attemptId', '=', attemptId)
        .on('k.questionId', 'in', [...questionIds]),
    )
    .selectAll('k')
    .select((eb) =>
      eb
        .selectFrom('workAnswers as o')
        .where('o.tenantId', '=', tenantId)
        .where('o.attemptId', '=', attemptId)
        .where('o.clientId', 'not in', [...clientIds])
        .where('o.questionId', 'not in', [...questionIds])
        .select((o) => o.fn.max('o.savedAt').as('at'))
        .as('othersElsewhereAt'),
    );
}

/** A save of one answer from one writer, the usual save: a statement printed once (decision 071). */
const keptWithOthersOfOne = prepared(4, (db: DB, tenantId: string, attemptId: string, questionId: string, clientId: string) =>
  keptWithOthers(db, tenantId, attemptId, [questionId], [clientId]),
);

/** `questionIds` and `clientIds` are not empty (a save has at least one record, each from a writer). */
export async function keptAnswersOf(
  db: DB,
  tenantId: string,
  attemptId: string,
  questionIds: readonly string[],
  clientIds: readonly string[],
): Promise<KeptRead> {
  const rows =
    questionIds.length === 1 && clientIds.length === 1
      ? await keptWithOthersOfOne.all(db, tenantId, attemptId, questionIds[0]!, clientIds[0]!)
      : await keptWithOthers(db, tenantId, attemptId, questionIds, clientIds).execute();
  const elsewhere = rows[0]?.othersElsewhereAt;
  return {
    // The left join answers one row of nulls when nothing is kept (each kept row carries the others' last save along).
    answers: rows.filter((r) => r.attemptId !== null) as WorkAnswer[],
    othersElsewhereAt: elsewhere == null ? null : Number(elsewhere),
  };
}

const insertAnswerOf = prepared(10, (db: DB, ...v: AnswerValues) =>
  db
    .insertInto('workAnswers')
    .values({ ...rowOf(v), tenantId: v[9] })
    .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doNothing()),
);

/** Keeps the first answer of a question unless one is kept already (then false: another writer was first). */
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
