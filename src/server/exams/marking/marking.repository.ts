import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { ATTEMPT_STATUS, HANDED_IN_STATUSES } from '~/lib/exams/attempt-policy';
import type { WorkMark } from './marking.table';

/**
 * All SQL of marking: the teachers' marks (work_marks) and what marking reads and writes of works
 * and attempts. Every query names the school. Writes that must happen once are conditional: a
 * mark is saved only over the revision the teacher saw, an attempt is released only while pending.
 */

export type MarkingWorkRow = Selectable<Database['works']> & { className: string };
export type HandedInAttempt = Selectable<Database['workAttempts']>;

/** The school's works answered on a paper of the portal (not the external bank's), of the classes given (null: every class), with the class's name. */
export function listPaperWorks(
  db: DB,
  tenantId: string,
  classIds: readonly string[] | null,
  filter: { classId?: string | undefined; workId?: string | undefined },
) {
  let q = db
    .selectFrom('works')
    .innerJoin('teachingClasses', (j) => j.onRef('teachingClasses.id', '=', 'works.classId').onRef('teachingClasses.tenantId', '=', 'works.tenantId'))
    .selectAll('works')
    .select('teachingClasses.name as className')
    .where('works.tenantId', '=', tenantId)
    .where('works.paperId', 'is not', null)
    .where((eb) => eb.or([eb('works.sourceType', 'is', null), eb('works.sourceType', '!=', 'xskt')]));
  if (classIds !== null) {
    if (!classIds.length) return Promise.resolve([] as MarkingWorkRow[]);
    q = q.where('works.classId', 'in', classIds);
  }
  if (filter.classId) q = q.where('works.classId', '=', filter.classId);
  if (filter.workId) q = q.where('works.id', '=', filter.workId);
  return q.orderBy('teachingClasses.name').orderBy('works.createdAt').orderBy('works.id').execute() as Promise<MarkingWorkRow[]>;
}

/** The handed-in attempts (pending review or reviewed) of the works given. */
export function handedInAttempts(db: DB, tenantId: string, workIds: readonly string[]): Promise<HandedInAttempt[]> {
  if (!workIds.length) return Promise.resolve([]);
  return db
    .selectFrom('workAttempts')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('workId', 'in', workIds)
    .where('status', 'in', HANDED_IN_STATUSES)
    .orderBy('classStudentId')
    .orderBy('attemptNo')
    .execute();
}

/** Every attempt (any status) of the work: the CSV counts them per student. */
export function workAttempts(db: DB, tenantId: string, workId: string): Promise<HandedInAttempt[]> {
  return db.selectFrom('workAttempts').selectAll().where('tenantId', '=', tenantId).where('workId', '=', workId).orderBy('attemptNo').execute();
}

export function findAttempt(db: DB, tenantId: string, attemptId: string): Promise<HandedInAttempt | undefined> {
  return db
    .selectFrom('workAttempts')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', attemptId)
    .where('workId', 'is not', null)
    .executeTakeFirst();
}

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

/**
 * Takes the attempt's row for a marking write (a mark or the release) until the transaction ends,
 * so that the total written is computed from every mark: two marks of one attempt at once are
 * written one after the other. False: no such handed-in attempt.
 */
export async function lockAttempt(db: DB, tenantId: string, attemptId: string): Promise<boolean> {
  const result = await db
    .updateTable('workAttempts')
    .set((eb) => ({ results: eb.ref('results') }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', attemptId)
    .where('status', 'in', HANDED_IN_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Releases a pending attempt once with its total: true for the first caller only. */
export async function release(db: DB, tenantId: string, attemptId: string, r: { score: number; results: string; at: number; by: string }): Promise<boolean> {
  const result = await db
    .updateTable('workAttempts')
    .set({ status: ATTEMPT_STATUS.REVIEWED, score: r.score, results: r.results, releasedAt: r.at, releasedBy: r.by })
    .where('tenantId', '=', tenantId)
    .where('id', '=', attemptId)
    .where('status', '=', ATTEMPT_STATUS.PENDING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The per-question results of an attempt (and its score once released), after a mark changed. */
export async function rescore(db: DB, tenantId: string, attemptId: string, r: { results: string; score?: number }): Promise<void> {
  await db
    .updateTable('workAttempts')
    .set({ results: r.results, ...(r.score !== undefined ? { score: r.score } : {}) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', attemptId)
    .execute();
}
