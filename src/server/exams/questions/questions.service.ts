import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { sanitizeRichText } from '../../sanitize';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import { QUESTION_TYPE, type QuestionType } from '~/lib/api/contracts/exams';
import type { AdminQuestion, QuestionDraftInput, QuestionImportReport, QuestionImportRow, QuestionInput } from '~/lib/api/contracts/admin-bank';
import { checkQuestion, fingerprintText, questionPoints, type CheckedQuestion, type QuestionDraft } from '~/lib/exams/question-bank';
import { checkImportRows, parseQuestionCsv } from '~/lib/exams/question-import';
import { questionRefusal } from '~/lib/forms/bank';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditedImport, auditStaffAction } from '../../staff/audit/audit.service';
import type { BankQuestion } from './questions.table';
import * as repo from './questions.repository';

/**
 * The school's question bank (decision 048): teachers and administrators read and use every
 * question of their school; a teacher changes and deletes the questions they wrote, an
 * administrator any. Every question is checked by the bank's pure rules (checkQuestion) after its
 * HTML is sanitised, so what is stored is what was checked. The same question (type, stem,
 * options, keys, sub-questions) is kept once per school: a fingerprint with a unique key, which
 * also makes importing a spreadsheet twice add each question once. Papers copy questions out of
 * the bank (papers.admin.service), so changing or deleting a bank question never changes a paper.
 */

const notFound = () => AppError.notFound(t('bank.notFound'));

/** A row's question as the staff screens read it, from its stored columns. */
export type StoredQuestion = Pick<
  BankQuestion,
  'id' | 'tenantId' | 'questionType' | 'trunk' | 'examPoint' | 'options' | 'answerOptions' | 'answerContent' | 'explanation' | 'createdAt'
> & { category?: string | null; updatedAt?: number | null };

/** A stored JSON list (options, right keys): the items that are valid; nothing for a missing or broken text. */
export function jsonList<T>(text: string | null, valid: (v: unknown) => v is T): T[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter(valid) : [];
  } catch {
    return [];
  }
}
export const isOption = (v: unknown): v is { key: string; value: string } =>
  typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string' && typeof (v as { value?: unknown }).value === 'string';
export const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * A stored question (bank or paper) with its sub-questions, for the staff screens: its HTML
 * sanitised as shown (decision 049), also when it was stored before today's rules.
 */
export function adminQuestionOf(row: StoredQuestion, subs: readonly StoredQuestion[], mayEdit: boolean): AdminQuestion {
  const type = row.questionType as QuestionType;
  const html = (text: string) => sanitizeRichText(text, row.tenantId);
  const subViews = subs.map((x) => adminQuestionOf(x, [], mayEdit));
  return {
    id: row.id,
    questionType: type,
    category: row.category ?? null,
    trunk: html(row.trunk),
    options: jsonList(row.options, isOption).map((o) => ({ key: o.key, value: html(o.value) })),
    answerOptions: jsonList(row.answerOptions, isString),
    blanks: type === QUESTION_TYPE.FILL_IN ? (row.answerContent ?? '').split('|') : [],
    reference: type === QUESTION_TYPE.SHORT_ANSWER ? row.answerContent : null,
    explanation: row.explanation === null ? null : html(row.explanation),
    examPoint: questionPoints({ examPoint: row.examPoint, subs: subViews }),
    subs: subViews,
    updatedAt: row.updatedAt ?? row.createdAt,
    mayEdit,
  };
}

const mayEditRow = (actor: StaffActor, row: Pick<BankQuestion, 'createdBy'>) => actor.account.role === STAFF_ROLE.admin || row.createdBy === actor.account.id;

/** The fingerprint the unique key compares: a hash of what makes two questions the same. */
export function fingerprintOf(q: CheckedQuestion): string {
  return createHash('sha256').update(fingerprintText(q)).digest('hex');
}

/** Sanitises the HTML a draft carries (stems, options, explanations), sub-questions included. */
function sanitizedDraft(d: QuestionDraftInput, school: string): QuestionDraft {
  return {
    ...d,
    trunk: sanitizeRichText(d.trunk, school),
    options: d.options?.map((o) => ({ key: o.key, value: sanitizeRichText(o.value, school) })),
    explanation: d.explanation ? sanitizeRichText(d.explanation, school) : null,
    subs: d.subs?.map((x) => sanitizedDraft(x, school)),
  };
}

/** The question checked by the bank's rules, or a refusal with the rule's words. */
export function checkedOrRefused(d: QuestionDraftInput, school: string): CheckedQuestion {
  const r = checkQuestion(sanitizedDraft(d, school));
  if (r.ok) return r.question;
  throw AppError.badRequest(questionRefusal(r));
}

function rowsOf(q: CheckedQuestion, o: { id: string; tenantId: string; category: string | null; createdBy: string; now: number }) {
  const stored = (x: CheckedQuestion) => ({
    questionType: x.questionType,
    trunk: x.trunk,
    examPoint: x.subs.length ? 0 : x.examPoint,
    options: JSON.stringify(x.options),
    answerOptions: JSON.stringify(x.answerOptions),
    answerContent: x.answerContent,
    explanation: x.explanation,
    blankCount: x.blankCount,
  });
  const top = {
    id: o.id,
    tenantId: o.tenantId,
    parentId: null,
    seq: 0,
    category: o.category,
    fingerprint: fingerprintOf(q),
    createdBy: o.createdBy,
    createdAt: o.now,
    updatedAt: o.now,
    ...stored(q),
  };
  const subs = q.subs.map((x, i) => ({
    id: newId(o.now),
    tenantId: o.tenantId,
    parentId: o.id,
    seq: i + 1,
    category: null,
    fingerprint: null,
    createdBy: o.createdBy,
    createdAt: o.now,
    updatedAt: o.now,
    ...stored(x),
  }));
  return { top, subs };
}

async function viewOf(db: DB, actor: StaffActor, row: BankQuestion): Promise<AdminQuestion> {
  return adminQuestionOf(row, await repo.subsOf(db, actor.tenant.id, [row.id]), mayEditRow(actor, row));
}

/** What the audit log keeps of a question. */
const pick = (q: AdminQuestion) => ({
  questionType: q.questionType,
  category: q.category,
  trunk: q.trunk,
  options: q.options,
  answerOptions: q.answerOptions,
  blanks: q.blanks,
  reference: q.reference,
  examPoint: q.examPoint,
  subs: q.subs.length,
});

// ------------------------------------------------------------ reads

export async function pageQuestions(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; keyword?: string | undefined; questionType?: number | undefined; category?: string | undefined },
): Promise<Page<AdminQuestion>> {
  const tenantId = actor.tenant.id;
  const { rows, total } = await repo.pageQuestions(s.db, tenantId, q, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  const subs = await repo.subsOf(
    s.db,
    tenantId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) =>
      adminQuestionOf(
        r,
        subs.filter((x) => x.parentId === r.id),
        mayEditRow(actor, r),
      ),
    ),
    total,
    q.current,
    q.size,
  );
}

export async function getQuestion(s: Scope, actor: StaffActor, id: string): Promise<AdminQuestion> {
  const row = await repo.findQuestion(s.db, actor.tenant.id, id);
  if (!row) throw notFound();
  return viewOf(s.db, actor, row);
}

export function listCategories(s: Scope, actor: StaffActor): Promise<string[]> {
  return repo.categories(s.db, actor.tenant.id);
}

/** Bank questions with their sub-questions, for a paper to copy (any question of the school: the bank is shared). */
export async function questionsToCopy(s: Scope, actor: StaffActor, ids: readonly string[], db: DB = s.db): Promise<AdminQuestion[]> {
  const tenantId = actor.tenant.id;
  const rows = await repo.findQuestions(db, tenantId, ids);
  if (rows.length !== new Set(ids).size) throw notFound();
  const subs = await repo.subsOf(db, tenantId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return adminQuestionOf(
      r,
      subs.filter((x) => x.parentId === id),
      mayEditRow(actor, r),
    );
  });
}

// ------------------------------------------------------------ writes

export async function saveQuestion(s: Scope, actor: StaffActor, input: QuestionInput & { category: string | null }): Promise<AdminQuestion> {
  const tenantId = actor.tenant.id;
  const checked = checkedOrRefused(input, tenantId);
  const print = fingerprintOf(checked);
  try {
    return await s.db.transaction().execute(async (trx) => {
      if (await repo.findByFingerprint(trx, tenantId, print, input.questionId)) throw AppError.conflict(t('bank.duplicate'));
      if (!input.questionId) {
        const { top, subs } = rowsOf(checked, { id: newId(s.now), tenantId, category: input.category, createdBy: actor.account.id, now: s.now });
        if (!(await repo.insertIfNew(trx, top))) throw AppError.conflict(t('bank.duplicate'));
        await repo.insertSubs(trx, subs);
        const view = await viewOf(trx, actor, (await repo.findQuestion(trx, tenantId, top.id))!);
        await auditStaffAction(trx, s, actor, AUDIT_ACTION.bankQuestionCreate, { type: AUDIT_TARGET.bankQuestion, id: top.id }, null, pick(view));
        return view;
      }
      const row = await repo.findQuestion(trx, tenantId, input.questionId);
      if (!row) throw notFound();
      if (!mayEditRow(actor, row)) throw AppError.forbidden(t('bank.notYours'));
      const before = await viewOf(trx, actor, row);
      const { top, subs } = rowsOf(checked, { id: row.id, tenantId, category: input.category, createdBy: row.createdBy ?? actor.account.id, now: s.now });
      await repo.deleteSubs(trx, tenantId, row.id);
      const { id: _id, tenantId: _t, createdAt: _c, createdBy: _b, ...set } = top;
      await repo.updateQuestion(trx, tenantId, row.id, set);
      await repo.insertSubs(trx, subs);
      const view = await viewOf(trx, actor, (await repo.findQuestion(trx, tenantId, row.id))!);
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.bankQuestionUpdate, { type: AUDIT_TARGET.bankQuestion, id: row.id }, pick(before), pick(view));
      return view;
    });
  } catch (e) {
    // Two saves of the same question at once: the unique key refuses the second.
    if (!(e instanceof AppError) && /unique|duplicate/i.test(String(e))) throw AppError.conflict(t('bank.duplicate'));
    throw e;
  }
}

/**
 * A quick test's question in the bank, in the caller's transaction: the same question already in the
 * school's bank is used as it is (a quick test is not refused for repeating one), otherwise it is
 * added as saveQuestion adds one, audited. Answers the bank question's id.
 */
export async function quickQuestionIn(trx: DB, s: Scope, actor: StaffActor, input: QuestionDraftInput, category: string): Promise<string> {
  const tenantId = actor.tenant.id;
  const checked = checkedOrRefused(input, tenantId);
  const same = await repo.findByFingerprint(trx, tenantId, fingerprintOf(checked), undefined);
  if (same) return same.id;
  const { top, subs } = rowsOf(checked, { id: newId(s.now), tenantId, category, createdBy: actor.account.id, now: s.now });
  if (!(await repo.insertIfNew(trx, top))) throw AppError.conflict(t('bank.duplicate'));
  await repo.insertSubs(trx, subs);
  const view = await viewOf(trx, actor, (await repo.findQuestion(trx, tenantId, top.id))!);
  await auditStaffAction(trx, s, actor, AUDIT_ACTION.bankQuestionCreate, { type: AUDIT_TARGET.bankQuestion, id: top.id }, null, pick(view));
  return top.id;
}

export { questionDraft } from './question-input';

export async function deleteQuestion(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const row = await repo.findQuestion(trx, tenantId, id);
    if (!row) throw notFound();
    if (!mayEditRow(actor, row)) throw AppError.forbidden(t('bank.notYours'));
    const before = await viewOf(trx, actor, row);
    if (!(await repo.deleteQuestion(trx, tenantId, id))) throw notFound();
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.bankQuestionDelete, { type: AUDIT_TARGET.bankQuestion, id }, pick(before), null);
    return null;
  });
}

/**
 * A spreadsheet of questions: each question checked (checkImportRows), then either only reported
 * (a dry run) or applied. Applying adds every good question in one transaction (all of them or,
 * on a failure, none); refused rows are reported and skipped. A question the bank has already is
 * reported as such, so applying the same file again adds nothing, and two imports of one file at
 * once add each question once (the school+fingerprint unique key decides).
 */
export async function importQuestions(s: Scope, actor: StaffActor, input: { csv: string; apply: boolean }): Promise<QuestionImportReport> {
  const tenantId = actor.tenant.id;
  const parsed = parseQuestionCsv(input.csv);
  if (!parsed.ok) throw AppError.badRequest(t(`bank.csv.${parsed.reason}`));
  const checked = checkImportRows(parsed.rows, fingerprintOf);
  return s.db.transaction().execute(async (trx) => {
    const report: QuestionImportRow[] = [];
    for (const q of checked) {
      const base = { line: q.line, subLines: q.subLines, typeText: q.typeText, stem: q.stem.slice(0, 60) };
      if (!q.ok) {
        report.push({ ...base, outcome: 'refused', reason: q.problem, message: questionRefusal(q) });
        continue;
      }
      // The stored form is the sanitised one: a stem typed as text is escaped already, so sanitising keeps it.
      const question = checkedOrRefused(
        {
          ...q.question,
          blanks: q.question.answerContent?.split('|'),
          reference: q.question.answerContent,
          subs: q.question.subs.map((x) => ({ ...x, blanks: x.answerContent?.split('|'), reference: x.answerContent })),
        },
        tenantId,
      );
      const print = fingerprintOf(question);
      if (!input.apply) {
        report.push({ ...base, outcome: (await repo.findByFingerprint(trx, tenantId, print)) ? 'exists' : 'added' });
        continue;
      }
      const { top, subs } = rowsOf(question, { id: newId(s.now), tenantId, category: q.category, createdBy: actor.account.id, now: s.now });
      const added = await repo.insertIfNew(trx, top);
      if (added) await repo.insertSubs(trx, subs);
      report.push({ ...base, outcome: added ? 'added' : 'exists' });
    }
    return auditedImport(trx, s, actor, input.apply, AUDIT_ACTION.bankQuestionImport, { type: AUDIT_TARGET.bankQuestion, id: actor.account.id }, report);
  });
}
