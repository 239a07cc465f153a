import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import type { BankQuestionTable } from './questions.table';
import { bySeq, idsOfSchool, whereEqual } from '../../db/clauses';
import { changedAny } from '../../db/rows';

/** All SQL of the question bank. Every query names the school. */

export interface QuestionFilter {
  keyword?: string | undefined;
  questionType?: number | undefined;
  category?: string | undefined;
}

/** One page of the school's top-level questions, the most recently changed first. */
export function pageQuestions(db: DB, tenantId: string, f: QuestionFilter, w: PageWindow) {
  let filtered = db.selectFrom('bankQuestions as q').where('q.tenantId', '=', tenantId).where('q.parentId', 'is', null);
  if (f.keyword) filtered = filtered.where('q.trunk', 'like', containing(f.keyword));
  if (f.questionType !== undefined) filtered = filtered.where('q.questionType', '=', f.questionType);
  if (f.category) filtered = filtered.where('q.category', '=', f.category);
  const rows = filtered.selectAll('q').orderBy('q.updatedAt', 'desc').orderBy('q.id', 'desc');
  return pageFrom(w, rows, filtered);
}

/** The sub-questions of these questions, in order. */
export function subsOf(db: DB, tenantId: string, parentIds: readonly string[]) {
  if (!parentIds.length) return Promise.resolve([]);
  return db.selectFrom('bankQuestions').selectAll().where('tenantId', '=', tenantId).where('parentId', 'in', parentIds).$call(bySeq).execute();
}

/** A top-level question of the school. */
export function findQuestion(db: DB, tenantId: string, id: string) {
  return db.selectFrom('bankQuestions').selectAll().$call(whereEqual({ tenantId, id })).where('parentId', 'is', null).executeTakeFirst();
}

/** Top-level questions of the school with these ids. */
export function findQuestions(db: DB, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('bankQuestions').selectAll().$call(idsOfSchool(tenantId, ids)).where('parentId', 'is', null).execute();
}

/** The question with this fingerprint, other than `exceptId`. */
export function findByFingerprint(db: DB, tenantId: string, fingerprint: string, exceptId?: string) {
  let q = db.selectFrom('bankQuestions').select('id').$call(whereEqual({ tenantId, fingerprint }));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** Inserts a top-level question unless the school has its fingerprint already (the unique key decides); whether it was inserted. */
export async function insertIfNew(db: DB, row: Insertable<BankQuestionTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('bankQuestions')
    .values(row)
    .onConflict((oc) => oc.columns(['tenantId', 'fingerprint']).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function insertSubs(db: DB, rows: Insertable<BankQuestionTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('bankQuestions').values(rows).execute();
}

export async function updateQuestion(db: DB, tenantId: string, id: string, set: Partial<Insertable<BankQuestionTable>>): Promise<void> {
  await db.updateTable('bankQuestions').set(set).$call(whereEqual({ tenantId, id })).execute();
}

export async function deleteSubs(db: DB, tenantId: string, parentId: string): Promise<void> {
  await db.deleteFrom('bankQuestions').$call(whereEqual({ tenantId, parentId })).execute();
}

export async function deleteQuestion(db: DB, tenantId: string, id: string): Promise<boolean> {
  await deleteSubs(db, tenantId, id);
  return changedAny(db.deleteFrom('bankQuestions').$call(whereEqual({ tenantId, id })));
}

/** The school's categories in use, in name order. */
export async function categories(db: DB, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bankQuestions')
    .select('category')
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('parentId', 'is', null)
    .where('category', 'is not', null)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category).filter((c): c is string => !!c);
}
