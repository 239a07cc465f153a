import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { changedRows } from '../../db/rows';
import type { ClassroomQuestionAnswerTable } from './interaction.table';

/**
 * The staff side's writes of the classroom panel: the answers staff write and hiding students'
 * notes and comments. Every query names the school first. The inbox and the lists of notes and
 * comments, with their classes, lessons and authors, are staff-inbox.read-model.ts.
 */

export function answersOf(db: DB, tenantId: string, questionIds: readonly string[]) {
  if (!questionIds.length) return Promise.resolve([]);
  return db
    .selectFrom('classroomQuestionAnswers')
    .where('tenantId', '=', tenantId)
    .where('questionId', 'in', questionIds)
    .select(['id', 'questionId', 'answer', 'teacherName', 'accountId', 'createdAt', 'updatedAt'])
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findAnswer(db: DB, tenantId: string, id: string) {
  return db
    .selectFrom('classroomQuestionAnswers as a')
    .innerJoin('classroomQuestions as q', (j) => j.onRef('q.id', '=', 'a.questionId').onRef('q.tenantId', '=', 'a.tenantId'))
    .$call(whereEqual({ 'a.tenantId': tenantId, 'a.id': id }))
    .select(['a.id', 'a.questionId', 'a.answer', 'a.accountId', 'q.classId'])
    .executeTakeFirst();
}

/** A staff member's answer (always by an account; not edited yet). */
export function insertAnswer(db: DB, tenantId: string, row: Omit<ClassroomQuestionAnswerTable, 'tenantId' | 'updatedAt'> & { accountId: string }) {
  return db
    .insertInto('classroomQuestionAnswers')
    .values({ ...row, tenantId, updatedAt: null })
    .execute();
}

export async function updateAnswer(db: DB, tenantId: string, id: string, set: { answer: string; updatedAt: number }): Promise<number> {
  const r = await db.updateTable('classroomQuestionAnswers').set(set).$call(whereEqual({ tenantId, id })).executeTakeFirst();
  return changedRows(r);
}

// --- Notes and comments -------------------------------------------------------------------

/**
 * Hides (hiddenAt set) or shows (null) a note or comment, only when it is not so already: the
 * conditional update makes a repeated click, or two teachers at once, change it (and audit it) once.
 */
export async function setHidden(db: DB, tenantId: string, kind: 'note' | 'comment', id: string, hide: { at: number; reason: string } | null): Promise<number> {
  const set = { hiddenAt: hide?.at ?? null, hiddenReason: hide?.reason ?? null };
  const op = hide ? 'is' : 'is not';
  const r =
    kind === 'note'
      ? await db.updateTable('classroomNotes').set(set).$call(whereEqual({ tenantId, id })).where('hiddenAt', op, null).executeTakeFirst()
      : await db.updateTable('classroomComments').set(set).$call(whereEqual({ tenantId, id })).where('hiddenAt', op, null).executeTakeFirst();
  return changedRows(r);
}
