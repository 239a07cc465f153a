import type { Scope } from '../../http/scope';
import type { RichTextMemo, SchoolRichText } from '../../rich-text-memo';
import { QUESTION_TYPE, QUESTION_TYPES, type Paper, type Question, type QuestionOption, type QuestionType, type WorkRef } from '~/lib/api/contracts/exams';
import { enrolledWork, isBankWork, kindOf, type Work } from '../works/works.service';
import { isOption, isString, jsonList } from '../questions/questions.service';
import type { ExamPaper, ExamQuestion } from './papers.table';
import type { CheckedQuestion } from '~/lib/exams/question-bank';
import * as repo from './papers.repository';

/**
 * Papers as a student receives them: questions grouped by type, sub-questions under their
 * reading or cloze question, stems and options sanitised. While answering the paper carries no
 * right answers, no answer flags on the options and no explanations; only a review (of an attempt
 * the server has marked) asks for them.
 */

/** A question as the server holds it, with its key; sub-questions under their parent. */
export interface PaperQuestion extends Omit<CheckedQuestion, 'subs'> {
  id: string;
  paperId: string;
  markStatus: number | null;
  /** Reading and cloze: the sub-questions (the question's examPoint is the sum of theirs). */
  subs: PaperQuestion[];
}

export interface LoadedPaper {
  paper: ExamPaper;
  /** The top-level questions in order. */
  questions: PaperQuestion[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const isType = (v: number): v is QuestionType => (QUESTION_TYPES as readonly number[]).includes(v);

/** The columns of a question that make it a PaperQuestion (its place in the paper aside). */
export type QuestionColumns = Pick<
  ExamQuestion,
  'id' | 'paperId' | 'questionType' | 'examPoint' | 'markStatus' | 'trunk' | 'options' | 'answerOptions' | 'answerContent' | 'explanation' | 'blankCount'
>;

function questionOf(r: QuestionColumns): PaperQuestion | undefined {
  const type = r.questionType;
  if (!isType(type)) return undefined;
  return {
    id: r.id,
    paperId: r.paperId,
    questionType: type,
    examPoint: r.examPoint,
    markStatus: r.markStatus,
    trunk: r.trunk,
    options: jsonList(r.options, isOption),
    answerOptions: jsonList(r.answerOptions, isString),
    answerContent: r.answerContent,
    explanation: r.explanation,
    blankCount: r.blankCount,
    subs: [],
  };
}

function tree(rows: ExamQuestion[]): PaperQuestion[] {
  const made = new Map<string, PaperQuestion>();
  for (const r of rows) {
    const q = questionOf(r);
    if (q) made.set(r.id, q);
  }
  const top: PaperQuestion[] = [];
  for (const r of rows) {
    const q = made.get(r.id);
    if (!q) continue;
    const parent = r.parentId ? made.get(r.parentId) : undefined;
    if (r.parentId && !parent) continue;
    (parent ? parent.subs : top).push(q);
  }
  for (const q of made.values()) if (q.subs.length) q.examPoint = round2(q.subs.reduce((sum, x) => sum + x.examPoint, 0));
  return top;
}

/** A paper of the school with its questions, or undefined. */
export async function loadPaper(s: Scope, input: { tenantId: string; paperId: string }): Promise<LoadedPaper | undefined> {
  const [paper, rows] = await Promise.all([repo.findPaper(s.db, input.tenantId, input.paperId), repo.listQuestions(s.db, input.tenantId, input.paperId)]);
  return paper ? { paper, questions: tree(rows) } : undefined;
}

/**
 * A question of the work's paper read with the attempt a save takes (attempt-work.read-model.ts), as answerableByIds
 * would find it: answerable unless it has parts (a reading or cloze question is answered in its sub-questions) or is
 * of no known type; none for a bank work, whose answers come with its submission.
 */
export function answerableRead(work: Work, row: QuestionColumns | undefined, hasParts: boolean): Map<string, PaperQuestion> {
  const q = row && !hasParts && !isBankWork(work) ? questionOf(row) : undefined;
  return new Map(q ? [[q.id, q]] : []);
}

/**
 * Of these question ids, those a student answers on the work's paper (questions without
 * sub-questions, and sub-questions), by id: what a save checks its records against, without
 * reading the whole paper.
 */
export async function answerableByIds(s: Scope, work: Work, ids: readonly string[]): Promise<Map<string, PaperQuestion>> {
  const found = new Map<string, PaperQuestion>();
  if (isBankWork(work) || !work.paperId || !ids.length) return found;
  const rows = await repo.listQuestionsByIds(s.db, work.tenantId, work.paperId, [...new Set(ids)]);
  const parents = new Set(rows.map((r) => r.parentId).filter((id): id is string => id !== null));
  for (const r of rows) {
    const q = ids.includes(r.id) && !parents.has(r.id) ? questionOf(r) : undefined;
    if (q) found.set(q.id, q);
  }
  return found;
}

/**
 * One question for the browser (its HTML as the school's pages show rich text, made safe once per text through
 * `clean`); the key and the option flags only `withKeys` (review).
 */
export function questionView(q: PaperQuestion, withKeys: boolean, clean: SchoolRichText): Question {
  return {
    id: q.id,
    questionType: q.questionType,
    questionUnitId: q.paperId,
    trunk: clean(q.trunk),
    examPoint: q.examPoint,
    markStatus: q.markStatus,
    questionContentVO: {
      content: null,
      optionList: q.options.map(
        (o): QuestionOption => ({ key: o.key, value: clean(o.value), ...(withKeys ? { answer: q.answerOptions.includes(o.key) } : {}) }),
      ),
    },
    questionAnswerVO: withKeys ? { content: q.answerContent, optionList: q.answerOptions, contentDesc: q.explanation ? clean(q.explanation) : null } : null,
    ...(q.questionType === QUESTION_TYPE.FILL_IN ? { blankCount: q.blankCount ?? Math.max(1, q.trunk.split('____').length - 1) } : {}),
    readQuestionList: q.subs.map((x) => questionView(x, withKeys, clean)),
  };
}

export type QuestionMap = Paper['questionResultVOMap'];

/** Questions grouped by type (keys in type order, questions in paper order). */
export function groupByType(questions: readonly Question[]): QuestionMap {
  const map: QuestionMap = {};
  for (const type of QUESTION_TYPES) {
    const list = questions.filter((q) => q.questionType === type);
    if (list.length) map[`${type}`] = list;
  }
  return map;
}

/** The paper of a work; an external bank's work has only its title and description here. */
export function paperView(work: Work, loaded: LoadedPaper | undefined, withKeys: boolean, richText: RichTextMemo): Paper {
  const clean = richText.forSchool(work.tenantId);
  const grouped = groupByType((loaded?.questions ?? []).map((q) => questionView(q, withKeys, clean)));
  const english = loaded?.paper.english === 1;
  return {
    workId: work.id,
    kind: kindOf(work),
    title: work.title,
    description: work.description,
    unitTime: isBankWork(work) ? null : work.unitTime,
    manualGrading: work.manualGrading === 1,
    partialMultiple: work.partialMultiple === 1,
    questionResultVOMap: english ? {} : grouped,
    englishQuestionResultVOMap: english ? grouped : {},
    sourceType: work.sourceType,
  };
}

/** The paper of a work with its questions (none for an external bank's work). */
export async function workPaper(s: Scope, work: Work): Promise<LoadedPaper | undefined> {
  if (isBankWork(work) || !work.paperId) return undefined;
  return loadPaper(s, { tenantId: work.tenantId, paperId: work.paperId });
}

/** The paper to answer: no right answers, no explanations. */
export async function studentPaper(s: Scope, input: WorkRef): Promise<Paper> {
  const { work } = await enrolledWork(s, input);
  return paperOfWork(s, work);
}

/** studentPaper of a work already found in the student's class. */
export async function paperOfWork(s: Scope, work: Work): Promise<Paper> {
  return paperView(work, await workPaper(s, work), false, s.lookups.richText);
}
