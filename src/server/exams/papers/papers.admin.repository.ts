import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { paperInUse } from '../works/works.service';
import { attemptsOnPaper, worksOnPaper } from './paper-use.read-model';
import type { ExamPaperGroupTable, ExamQuestionTable } from './papers.table';
import { bySeq, whereEqual } from '../../db/clauses';
import { changedAny, changedRows } from '../../db/rows';

/**
 * All SQL of the staff side of papers. Every query names the school. How many works and attempts
 * use a paper is read in paper-use.read-model.ts; a paper is deleted only while no work uses it
 * (exams/works' paperInUse, in the same statement).
 */

const counted = (db: DB) =>
  db
    .selectFrom('examPapers as p')
    .selectAll('p')
    .select((eb) => [worksOnPaper(eb).as('workCount'), attemptsOnPaper(eb).as('attemptCount')]);

export function pagePapers(db: DB, tenantId: string, f: { title?: string | undefined }, w: PageWindow) {
  let filtered = db.selectFrom('examPapers as p').where('p.tenantId', '=', tenantId);
  if (f.title) filtered = filtered.where('p.title', 'like', containing(f.title));
  let rows = counted(db).where('p.tenantId', '=', tenantId);
  if (f.title) rows = rows.where('p.title', 'like', containing(f.title));
  return pageFrom(w, rows.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc'), filtered);
}

export function findPaper(db: DB, tenantId: string, id: string) {
  return counted(db)
    .$call(whereEqual({ 'p.tenantId': tenantId, 'p.id': id }))
    .executeTakeFirst();
}
export type PaperRow = NonNullable<Awaited<ReturnType<typeof findPaper>>>;

export function groupsOf(db: DB, tenantId: string, paperId: string) {
  return db.selectFrom('examPaperGroups').selectAll().$call(whereEqual({ tenantId, paperId })).$call(bySeq).execute();
}

/** Every question and sub-question of these papers, in order. */
export function questionsOf(db: DB, tenantId: string, paperIds: readonly string[]) {
  if (!paperIds.length) return Promise.resolve([]);
  return db.selectFrom('examQuestions').selectAll().where('tenantId', '=', tenantId).where('paperId', 'in', paperIds).$call(bySeq).execute();
}

export async function insertPaper(
  db: DB,
  row: { id: string; tenantId: string; title: string; english: number; unitTime: number | null; createdBy: string; now: number },
) {
  await db
    .insertInto('examPapers')
    .values({
      id: row.id,
      tenantId: row.tenantId,
      title: row.title,
      english: row.english,
      unitTime: row.unitTime,
      createdBy: row.createdBy,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

export async function updatePaper(db: DB, tenantId: string, id: string, set: { title: string; english: number; unitTime: number | null; now: number }) {
  await db
    .updateTable('examPapers')
    .set({ title: set.title, english: set.english, unitTime: set.unitTime, updatedAt: set.now })
    .$call(whereEqual({ tenantId, id }))
    .execute();
}

export async function touchPaper(db: DB, tenantId: string, id: string, now: number) {
  await db.updateTable('examPapers').set({ updatedAt: now }).$call(whereEqual({ tenantId, id })).execute();
}

export async function insertGroups(db: DB, rows: Insertable<ExamPaperGroupTable>[]) {
  if (rows.length) await db.insertInto('examPaperGroups').values(rows).execute();
}

export async function updateGroup(db: DB, tenantId: string, id: string, set: { title: string; seq: number }) {
  await db.updateTable('examPaperGroups').set(set).$call(whereEqual({ tenantId, id })).execute();
}

/** Deletes a group while no question is in it (one conditional statement); whether it was deleted. */
export async function deleteEmptyGroup(db: DB, tenantId: string, paperId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('examPaperGroups')
      .$call(whereEqual({ tenantId, paperId, id }))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('examQuestions as q').select('q.id').where('q.groupId', '=', id)))),
  );
}

export async function insertQuestions(db: DB, rows: Insertable<ExamQuestionTable>[]) {
  if (rows.length) await db.insertInto('examQuestions').values(rows).execute();
}

export async function setQuestion(db: DB, tenantId: string, paperId: string, id: string, set: { examPoint?: number; seq?: number; groupId?: string | null }) {
  await db.updateTable('examQuestions').set(set).$call(whereEqual({ tenantId, paperId, id })).execute();
}

export async function deleteQuestion(db: DB, tenantId: string, paperId: string, id: string) {
  await db
    .deleteFrom('examQuestions')
    .$call(whereEqual({ tenantId, paperId, parentId: id }))
    .execute();
  await db.deleteFrom('examQuestions').$call(whereEqual({ tenantId, paperId, id })).execute();
}

/** Deletes the paper while no work uses it (one conditional statement), then its questions and groups; whether it was deleted. */
export async function deleteUnusedPaper(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('examPapers')
    .$call(whereEqual({ tenantId, id }))
    .where((eb) => eb.not(paperInUse(eb, id)))
    .executeTakeFirst();
  if (changedRows(r) === 0) return false;
  // The foreign keys cascade where they are enforced; these make sure where they are not.
  await db
    .deleteFrom('examQuestions')
    .$call(whereEqual({ tenantId, paperId: id }))
    .where('parentId', 'is not', null)
    .execute();
  await db
    .deleteFrom('examQuestions')
    .$call(whereEqual({ tenantId, paperId: id }))
    .execute();
  await db
    .deleteFrom('examPaperGroups')
    .$call(whereEqual({ tenantId, paperId: id }))
    .execute();
  return true;
}
