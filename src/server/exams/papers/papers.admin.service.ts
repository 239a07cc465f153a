import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import type { Paper } from '~/lib/api/contracts/exams';
import type { AdminPaper, AdminPaperGroup, AdminPaperQuestion, AdminPaperSummary, AdminQuestion, PaperInput } from '~/lib/api/contracts/admin-bank';
import { BANK_LIMITS, paperTotal, validPoints } from '~/lib/exams/question-bank';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { adminQuestionOf, questionsToCopy } from '../questions/questions.service';
import type { Work } from '../works/works.service';
import { paperView, loadPaper } from './papers.service';
import type { ExamQuestion } from './papers.table';
import * as repo from './papers.admin.repository';
import { attemptsOn } from './paper-use.read-model';

/**
 * Papers on the staff side (decision 048): a title, the English flag, a time limit, groups in
 * order and questions copied from the bank into a group, with their points in the paper. A paper
 * keeps its own copy of each question, so the bank can change without changing a paper; and once
 * anyone has an attempt on a work answered on the paper, its questions are fixed (they are what
 * the attempts were answered and marked against): add, remove, move and points are refused, and
 * the way to change them is to copy the paper, as Moodle keeps a question version an attempt used.
 * Teachers and administrators read every paper of their school; a teacher changes the papers they
 * made, an administrator any. The total is computed here from the questions (paperTotal).
 */

const notFound = () => AppError.notFound(t('bank.paperNotFound'));

const mayEdit = (actor: StaffActor, row: { createdBy: string | null }) => actor.account.role === STAFF_ROLE.admin || row.createdBy === actor.account.id;

/** The paper's questions as trees, top-level in order. */
function trees(rows: readonly ExamQuestion[], edit: boolean): (AdminPaperQuestion & { groupId: string | null })[] {
  const top = rows.filter((r) => r.parentId === null);
  return top.map((r) => ({
    ...adminQuestionOf(
      r,
      rows.filter((x) => x.parentId === r.id),
      edit,
    ),
    sourceId: r.sourceId,
    groupId: r.groupId,
  }));
}

function summaryOf(row: repo.PaperRow, questions: readonly AdminQuestion[], actor: StaffActor): AdminPaperSummary {
  return {
    id: row.id,
    title: row.title,
    english: row.english === 1,
    unitTime: row.unitTime,
    questionCount: questions.length,
    totalPoints: paperTotal(questions),
    workCount: row.workCount ?? 0,
    attemptCount: row.attemptCount ?? 0,
    updatedAt: row.updatedAt ?? row.createdAt,
    mayEdit: mayEdit(actor, row),
  };
}

async function viewOf(db: DB, actor: StaffActor, row: repo.PaperRow): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  const [groups, rows] = await Promise.all([repo.groupsOf(db, tenantId, row.id), repo.questionsOf(db, tenantId, [row.id])]);
  const questions = trees(rows, mayEdit(actor, row));
  const strip = ({ groupId: _g, ...q }: AdminPaperQuestion & { groupId: string | null }): AdminPaperQuestion => q;
  const groupOf = (id: string | null, title: string): AdminPaperGroup => {
    const list = questions.filter((q) => q.groupId === id || (id === null && q.groupId !== null && !groups.some((g) => g.id === q.groupId)));
    return { id, title, points: paperTotal(list), questions: list.map(strip) };
  };
  const loose = groupOf(null, '');
  return {
    ...summaryOf(row, questions, actor),
    groups: [...(loose.questions.length ? [loose] : []), ...groups.map((g) => groupOf(g.id, g.title))],
  };
}

async function paperOf(s: Scope, actor: StaffActor, id: string, db: DB = s.db): Promise<repo.PaperRow> {
  const row = await repo.findPaper(db, actor.tenant.id, id);
  if (!row) throw notFound();
  return row;
}

/** The paper when the actor may change it; 403 for another teacher's. */
async function paperToEdit(s: Scope, actor: StaffActor, id: string, db: DB): Promise<repo.PaperRow> {
  const row = await paperOf(s, actor, id, db);
  if (!mayEdit(actor, row)) throw AppError.forbidden(t('bank.notYours'));
  return row;
}

/** The paper when its questions may change: refused once any attempt was made on a work answered on it. */
async function paperToChange(s: Scope, actor: StaffActor, id: string, db: DB): Promise<repo.PaperRow> {
  const row = await paperToEdit(s, actor, id, db);
  const attempts = await attemptsOn(db, actor.tenant.id, id);
  if (attempts > 0) throw AppError.conflict(t('bank.paperLocked', { n: attempts }));
  return row;
}

/** What the audit log keeps of a paper. */
const pick = (p: AdminPaper) => ({
  title: p.title,
  english: p.english,
  unitTime: p.unitTime,
  totalPoints: p.totalPoints,
  groups: p.groups.map((g) => ({ title: g.title, questions: g.questions.map((q) => ({ id: q.id, examPoint: q.examPoint })) })),
});

// ------------------------------------------------------------ reads

export async function pagePapers(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; title?: string | undefined },
): Promise<Page<AdminPaperSummary>> {
  const tenantId = actor.tenant.id;
  const { rows, total } = await repo.pagePapers(s.db, tenantId, q, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  const all = await repo.questionsOf(
    s.db,
    tenantId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) =>
      summaryOf(
        r,
        trees(
          all.filter((x) => x.paperId === r.id),
          false,
        ),
        actor,
      ),
    ),
    total,
    q.current,
    q.size,
  );
}

export async function getPaper(s: Scope, actor: StaffActor, id: string): Promise<AdminPaper> {
  return viewOf(s.db, actor, await paperOf(s, actor, id));
}

/**
 * The paper as a student receives it while answering (the same view the learner's paper call
 * answers: questions grouped by type, no keys), for the staff preview.
 */
export async function previewPaper(s: Scope, actor: StaffActor, id: string): Promise<Paper> {
  const row = await paperOf(s, actor, id);
  const loaded = await loadPaper(s, { tenantId: actor.tenant.id, paperId: id });
  const work: Work = {
    id: row.id,
    tenantId: row.tenantId,
    classId: '',
    courseId: '',
    classroomId: '',
    kind: 'test',
    paperId: row.id,
    externalPaperId: null,
    sourceType: null,
    title: row.title,
    description: null,
    unitTime: row.unitTime,
    manualGrading: 0,
    partialMultiple: 0,
    createdAt: row.createdAt,
    maxAttempts: null,
    scoreRule: 'highest',
    marksShown: 'never',
    keysShown: 'never',
    closesAt: null,
  };
  return paperView(work, loaded, false, s.lookups.richText);
}

// ------------------------------------------------------------ writes

/**
 * Creates or changes a paper's fields and groups (the list in order; a group left out is deleted,
 * refused while it has questions). A paper with attempts keeps its English flag: it decides how the
 * answering page and the review lay out the questions the attempts answered.
 */
/** A new paper with its groups, in the caller's transaction, audited. */
export async function createPaperIn(
  trx: DB,
  s: Scope,
  actor: StaffActor,
  input: Pick<PaperInput, 'title' | 'english' | 'groups'> & { unitTime: number | null },
): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  const id = newId(s.now);
  await repo.insertPaper(trx, {
    id,
    tenantId,
    title: input.title,
    english: input.english ? 1 : 0,
    unitTime: input.unitTime,
    createdBy: actor.account.id,
    now: s.now,
  });
  await repo.insertGroups(
    trx,
    input.groups.map((g, i) => ({ id: newId(s.now), tenantId, paperId: id, title: g.title, seq: i + 1, createdAt: s.now })),
  );
  const view = await viewOf(trx, actor, await paperOf(s, actor, id, trx));
  await auditStaffAction(trx, s, actor, AUDIT_ACTION.paperCreate, { type: AUDIT_TARGET.examPaper, id }, null, pick(view));
  return view;
}

export async function savePaper(s: Scope, actor: StaffActor, input: Omit<PaperInput, 'unitTime'> & { unitTime: number | null }): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  if (input.groups.length > BANK_LIMITS.groups) throw AppError.badRequest(t('bank.tooManyGroups', { max: BANK_LIMITS.groups }));
  return s.db.transaction().execute(async (trx) => {
    const english = input.english ? 1 : 0;
    if (!input.paperId) return createPaperIn(trx, s, actor, input);
    const row = await paperToEdit(s, actor, input.paperId, trx);
    const before = await viewOf(trx, actor, row);
    const attempts = await attemptsOn(trx, tenantId, row.id);
    if (attempts > 0 && english !== row.english) throw AppError.conflict(t('bank.paperLocked', { n: attempts }));
    const existing = await repo.groupsOf(trx, tenantId, row.id);
    const keep = new Set(input.groups.map((g) => g.id).filter((id): id is string => !!id));
    if ([...keep].some((id) => !existing.some((g) => g.id === id))) throw AppError.badRequest(t('bank.groupNotFound'));
    for (const g of existing.filter((x) => !keep.has(x.id))) {
      if (!(await repo.deleteEmptyGroup(trx, tenantId, row.id, g.id))) throw AppError.conflict(t('bank.groupNotEmpty', { name: g.title }));
    }
    for (const [i, g] of input.groups.entries()) {
      if (g.id) await repo.updateGroup(trx, tenantId, g.id, { title: g.title, seq: i + 1 });
      else await repo.insertGroups(trx, [{ id: newId(s.now), tenantId, paperId: row.id, title: g.title, seq: i + 1, createdAt: s.now }]);
    }
    await repo.updatePaper(trx, tenantId, row.id, { title: input.title, english, unitTime: input.unitTime, now: s.now });
    if (attempts === 0) await renumber(trx, tenantId, row.id);
    const view = await viewOf(trx, actor, await paperOf(s, actor, row.id, trx));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.paperUpdate, { type: AUDIT_TARGET.examPaper, id: row.id }, pick(before), pick(view));
    return view;
  });
}

/** A question of the paper as stored rows: the top-level one and its sub-questions. */
function copyRows(q: AdminQuestion, o: { tenantId: string; paperId: string; groupId: string | null; seq: number; now: number; sourceId: string | null }) {
  const id = newId(o.now);
  const stored = (x: AdminQuestion) => ({
    questionType: x.questionType,
    trunk: x.trunk,
    examPoint: x.subs.length ? 0 : x.examPoint,
    markStatus: null,
    options: JSON.stringify(x.options),
    answerOptions: JSON.stringify(x.answerOptions),
    answerContent: x.questionType === 4 ? x.blanks.join('|') : x.questionType === 6 ? x.reference : null,
    explanation: x.explanation,
    blankCount: x.questionType === 4 ? x.blanks.length : null,
    createdAt: o.now,
  });
  return [
    { id, tenantId: o.tenantId, paperId: o.paperId, parentId: null, seq: o.seq, groupId: o.groupId, sourceId: o.sourceId, ...stored(q) },
    ...q.subs.map((x, i) => ({
      id: newId(o.now),
      tenantId: o.tenantId,
      paperId: o.paperId,
      parentId: id,
      seq: o.seq + i + 1,
      groupId: null,
      sourceId: null,
      ...stored(x),
    })),
  ];
}

const nextSeq = (rows: readonly ExamQuestion[]) => rows.reduce((m, r) => Math.max(m, r.seq), 0) + 1;

/** Copies bank questions into a group of the paper, last in it, in the order given. */
export function addQuestions(s: Scope, actor: StaffActor, paperId: string, input: { groupId: string; questionIds: string[] }): Promise<AdminPaper> {
  return s.db.transaction().execute((trx) => addQuestionsIn(trx, s, actor, paperId, input));
}

/**
 * addQuestions in the caller's transaction; `points` gives a question of no sub-questions its points
 * in this paper (a quick test's, typed with the question) instead of the bank's.
 */
export async function addQuestionsIn(
  trx: DB,
  s: Scope,
  actor: StaffActor,
  paperId: string,
  input: { groupId: string; questionIds: string[]; points?: ReadonlyMap<string, number> },
): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  return changeQuestionsIn(trx, s, actor, paperId, async (trx, before) => {
    const groups = await repo.groupsOf(trx, tenantId, paperId);
    if (!groups.some((g) => g.id === input.groupId)) throw AppError.badRequest(t('bank.groupNotFound'));
    const ids = [...new Set(input.questionIds)];
    if (before.questionCount + ids.length > BANK_LIMITS.paperQuestions)
      throw AppError.badRequest(t('bank.tooManyQuestions', { max: BANK_LIMITS.paperQuestions }));
    const bank = await questionsToCopy(s, actor, ids, trx);
    let seq = nextSeq(await repo.questionsOf(trx, tenantId, [paperId]));
    for (const q of bank) {
      const points = q.subs.length === 0 ? input.points?.get(q.id) : undefined;
      const rows = copyRows(points === undefined ? q : { ...q, examPoint: points }, {
        tenantId,
        paperId,
        groupId: input.groupId,
        seq,
        now: s.now,
        sourceId: q.id,
      });
      await repo.insertQuestions(trx, rows);
      seq += rows.length;
    }
  });
}

/**
 * A change of the paper's questions, in one transaction: the paper as it stands (refused once
 * attempts fix it), the change, then the paper touched and the change audited with the paper
 * before and after. Answers the paper after.
 */
function changeQuestions(s: Scope, actor: StaffActor, paperId: string, change: (trx: DB, before: AdminPaper) => Promise<void>): Promise<AdminPaper> {
  return s.db.transaction().execute((trx) => changeQuestionsIn(trx, s, actor, paperId, change));
}

async function changeQuestionsIn(
  trx: DB,
  s: Scope,
  actor: StaffActor,
  paperId: string,
  change: (trx: DB, before: AdminPaper) => Promise<void>,
): Promise<AdminPaper> {
  const row = await paperToChange(s, actor, paperId, trx);
  const before = await viewOf(trx, actor, row);
  await change(trx, before);
  await repo.touchPaper(trx, actor.tenant.id, row.id, s.now);
  const view = await viewOf(trx, actor, await paperOf(s, actor, row.id, trx));
  await auditStaffAction(trx, s, actor, AUDIT_ACTION.paperQuestions, { type: AUDIT_TARGET.examPaper, id: row.id }, pick(before), pick(view));
  return view;
}

async function paperQuestion(trx: DB, tenantId: string, paperId: string, questionId: string) {
  const rows = await repo.questionsOf(trx, tenantId, [paperId]);
  const q = rows.find((r) => r.id === questionId);
  if (!q) throw AppError.notFound(t('bank.paperQuestionNotFound'));
  return { rows, q };
}

/** A question of the paper that is not a sub-question: the only ones staff move, remove or refresh (a sub-question goes with its parent). */
async function topQuestion(trx: DB, tenantId: string, paperId: string, questionId: string) {
  const found = await paperQuestion(trx, tenantId, paperId, questionId);
  if (found.q.parentId !== null) throw AppError.notFound(t('bank.paperQuestionNotFound'));
  return found;
}

/** A question's points in the paper; a reading or cloze question's are its sub-questions' (change those). */
export async function setPoints(s: Scope, actor: StaffActor, paperId: string, input: { questionId: string; examPoint: number }): Promise<AdminPaper> {
  if (!validPoints(input.examPoint)) throw AppError.badRequest(t('bank.problem.badPoints'));
  const tenantId = actor.tenant.id;
  return changeQuestions(s, actor, paperId, async (trx) => {
    const { rows, q } = await paperQuestion(trx, tenantId, paperId, input.questionId);
    if (rows.some((r) => r.parentId === q.id)) throw AppError.badRequest(t('bank.pointsOfCompound'));
    await repo.setQuestion(trx, tenantId, paperId, q.id, { examPoint: input.examPoint });
  });
}

/**
 * Numbers the paper's questions in the order the staff sees them: the groups in order (questions
 * in no group first), each group's questions in the order given, each question's sub-questions
 * right after it. The answering page lists each type's questions in this order.
 */
async function renumber(trx: DB, tenantId: string, paperId: string, order?: (rows: ExamQuestion[]) => ExamQuestion[]): Promise<void> {
  const [groups, rows] = await Promise.all([repo.groupsOf(trx, tenantId, paperId), repo.questionsOf(trx, tenantId, [paperId])]);
  const known = new Set(groups.map((g) => g.id));
  const top = rows.filter((r) => r.parentId === null);
  const ordered = order ? order(top) : top;
  const inGroup = (id: string | null) => ordered.filter((r) => (id === null ? r.groupId === null || !known.has(r.groupId) : r.groupId === id));
  let seq = 1;
  for (const q of [null, ...groups.map((g) => g.id)].flatMap(inGroup)) {
    if (q.seq !== seq) await repo.setQuestion(trx, tenantId, paperId, q.id, { seq });
    seq += 1;
    for (const sub of rows.filter((r) => r.parentId === q.id)) {
      if (sub.seq !== seq) await repo.setQuestion(trx, tenantId, paperId, sub.id, { seq });
      seq += 1;
    }
  }
}

/** Moves a question up or down within its group (exchanging places with its neighbour), or last into another group. */
export async function moveQuestion(
  s: Scope,
  actor: StaffActor,
  paperId: string,
  input: { questionId: string; direction?: 'up' | 'down' | undefined; groupId?: string | undefined },
): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  return changeQuestions(s, actor, paperId, async (trx) => {
    const { rows, q } = await topQuestion(trx, tenantId, paperId, input.questionId);
    if (input.groupId) {
      const groups = await repo.groupsOf(trx, tenantId, paperId);
      if (!groups.some((g) => g.id === input.groupId)) throw AppError.badRequest(t('bank.groupNotFound'));
      await repo.setQuestion(trx, tenantId, paperId, q.id, { groupId: input.groupId, seq: nextSeq(rows) });
      await renumber(trx, tenantId, paperId);
    } else {
      await renumber(trx, tenantId, paperId, (top) => {
        const siblings = top.filter((r) => r.groupId === q.groupId);
        const at = siblings.findIndex((r) => r.id === q.id);
        const other = siblings[input.direction === 'up' ? at - 1 : at + 1];
        if (!other) return top;
        return top.map((r) => (r.id === q.id ? other : r.id === other.id ? q : r));
      });
    }
  });
}

export async function removeQuestion(s: Scope, actor: StaffActor, paperId: string, questionId: string): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  return changeQuestions(s, actor, paperId, async (trx) => {
    const { q } = await topQuestion(trx, tenantId, paperId, questionId);
    await repo.deleteQuestion(trx, tenantId, paperId, q.id);
  });
}

/**
 * Replaces the paper's copy of a question with the bank question as it is now, in the same group
 * and place, with the bank's points: how a paper without attempts takes a corrected question
 * (Moodle's "use the latest version"). A paper with attempts keeps what they answered.
 */
export async function refreshQuestion(s: Scope, actor: StaffActor, paperId: string, questionId: string): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  return changeQuestions(s, actor, paperId, async (trx) => {
    const { q } = await topQuestion(trx, tenantId, paperId, questionId);
    if (!q.sourceId) throw AppError.conflict(t('bank.sourceGone'));
    const sourceId = q.sourceId;
    const [latest] = await questionsToCopy(s, actor, [sourceId], trx).catch(() => {
      throw AppError.conflict(t('bank.sourceGone'));
    });
    await repo.deleteQuestion(trx, tenantId, paperId, q.id);
    await repo.insertQuestions(trx, copyRows(latest!, { tenantId, paperId, groupId: q.groupId, seq: q.seq, now: s.now, sourceId }));
    await renumber(trx, tenantId, paperId);
  });
}

/** A new paper with this one's fields, groups and questions (new copies): how a paper with attempts is changed. */
export async function copyPaper(s: Scope, actor: StaffActor, paperId: string): Promise<AdminPaper> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const row = await paperOf(s, actor, paperId, trx);
    const source = await viewOf(trx, actor, row);
    const id = newId(s.now);
    const title = t('bank.copyTitle', { title: row.title }).slice(0, BANK_LIMITS.paperTitle);
    await repo.insertPaper(trx, {
      id,
      tenantId,
      title,
      english: row.english,
      unitTime: row.unitTime,
      createdBy: actor.account.id,
      now: s.now,
    });
    let seq = 1;
    for (const [i, g] of source.groups.entries()) {
      const groupId = newId(s.now);
      await repo.insertGroups(trx, [{ id: groupId, tenantId, paperId: id, title: g.title || t('bank.looseGroup'), seq: i + 1, createdAt: s.now }]);
      for (const q of g.questions) {
        const rows = copyRows(q, { tenantId, paperId: id, groupId, seq, now: s.now, sourceId: q.sourceId });
        await repo.insertQuestions(trx, rows);
        seq += rows.length;
      }
    }
    const view = await viewOf(trx, actor, await paperOf(s, actor, id, trx));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.paperCopy, { type: AUDIT_TARGET.examPaper, id }, { from: row.id }, pick(view));
    return view;
  });
}

export async function deletePaper(s: Scope, actor: StaffActor, paperId: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const row = await paperToEdit(s, actor, paperId, trx);
    const before = await viewOf(trx, actor, row);
    if (!(await repo.deleteUnusedPaper(trx, tenantId, paperId))) throw AppError.conflict(t('bank.paperUsed', { n: (row.workCount ?? 0) || 1 }));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.paperDelete, { type: AUDIT_TARGET.examPaper, id: paperId }, pick(before), null);
    return null;
  });
}
