import { QUESTION_TYPE, type QuestionType } from '../api/contracts/exams';
import { CSV_IMPORT_CHARS } from '../csv-import';

/**
 * The question bank's rules (decision 048): what makes a question whole, shared by the server
 * (which decides), the bank's form and the spreadsheet import (which report the same reasons).
 * Pure and browser-safe.
 *
 * - single choice: 2 to 8 options, exactly one right;
 * - multiple choice: 2 to 8 options, at least two right (one right option is a single choice);
 * - true/false: the answering page's two options, '1' 对 and '2' 错, one of them right;
 * - fill in the blank: the stem marks each blank with '____', as the answering page counts them,
 *   and each blank has its answer (matched the answering page's way: full-width, case and spacing
 *   do not matter); '|' separates blanks where the answers are stored, so an answer cannot hold it;
 * - short answer: a reference answer (optional) for the teacher who marks it;
 * - reading comprehension: a passage and 1 to 20 sub-questions of the types above;
 * - cloze: a passage and 1 to 20 single-choice sub-questions (one per gap);
 * - points: more than 0 and at most 100, in hundredths; a reading or cloze question is worth the
 *   sum of its sub-questions.
 */

export const BANK_LIMITS = {
  stem: 20000,
  option: 2000,
  minOptions: 2,
  maxOptions: 8,
  explanation: 20000,
  reference: 5000,
  category: 40,
  blankAnswer: 200,
  maxBlanks: 20,
  maxSubs: 20,
  maxPoints: 100,
  paperTitle: 200,
  groupTitle: 100,
  groups: 20,
  paperQuestions: 200,
  /** Minutes of a time limit. */
  unitTime: 600,
  workTitle: 200,
  workDescription: 2000,
  maxAttempts: 20,
  /** The questions a quick test is written with, at most. */
  quickQuestions: 50,
  csvRows: 500,
  csvChars: CSV_IMPORT_CHARS.questions,
} as const;

/** How the answering page and its scoring mark a blank in a fill-in stem. */
export const BLANK_MARK = '____';

/** The true/false options as the answering page shows them (key '1' true, '2' false). */
export const JUDGE_OPTIONS: readonly { key: string; value: string }[] = [
  { key: '1', value: '对' },
  { key: '2', value: '错' },
];

/** The types a reading question's sub-questions may be; a cloze question's are single choice. */
export const READING_SUB_TYPES: readonly number[] = [
  QUESTION_TYPE.SINGLE,
  QUESTION_TYPE.MULTIPLE,
  QUESTION_TYPE.TRUE_FALSE,
  QUESTION_TYPE.FILL_IN,
  QUESTION_TYPE.SHORT_ANSWER,
];
export const CLOZE_SUB_TYPES: readonly number[] = [QUESTION_TYPE.SINGLE];
export const COMPOUND_TYPES: readonly number[] = [QUESTION_TYPE.READING, QUESTION_TYPE.CLOZE];
export const BANK_TYPES: readonly QuestionType[] = [
  QUESTION_TYPE.SINGLE,
  QUESTION_TYPE.MULTIPLE,
  QUESTION_TYPE.TRUE_FALSE,
  QUESTION_TYPE.FILL_IN,
  QUESTION_TYPE.SHORT_ANSWER,
  QUESTION_TYPE.READING,
  QUESTION_TYPE.CLOZE,
];

/** A question as a form or a spreadsheet row gives it. */
export interface QuestionDraft {
  questionType: number;
  trunk: string;
  /** Choice questions: the options in order (keys are re-lettered A, B, … when saved). */
  options?: { key: string; value: string }[] | undefined;
  /** The keys of the right options (single, multiple, true/false). */
  answerOptions?: string[] | undefined;
  /** Fill in the blank: each blank's answer, in order. */
  blanks?: string[] | undefined;
  /** Short answer: the reference answer. */
  reference?: string | null | undefined;
  explanation?: string | null | undefined;
  examPoint?: number | undefined;
  /** Reading and cloze: the sub-questions. */
  subs?: QuestionDraft[] | undefined;
}

/** A question checked and put in the form it is stored in. */
export interface CheckedQuestion {
  questionType: QuestionType;
  trunk: string;
  options: { key: string; value: string }[];
  answerOptions: string[];
  answerContent: string | null;
  explanation: string | null;
  blankCount: number | null;
  examPoint: number;
  subs: CheckedQuestion[];
}

export type QuestionProblem =
  | 'unknownType'
  | 'stemRequired'
  | 'stemTooLong'
  | 'optionsCount'
  | 'optionEmpty'
  | 'optionTooLong'
  | 'optionDuplicate'
  | 'keyNotAmongOptions'
  | 'singleOneKey'
  | 'multipleTwoKeys'
  | 'judgeKey'
  | 'blankMissing'
  | 'tooManyBlanks'
  | 'blankCountMismatch'
  | 'blankAnswerEmpty'
  | 'blankAnswerBar'
  | 'blankAnswerTooLong'
  | 'referenceTooLong'
  | 'explanationTooLong'
  | 'badPoints'
  | 'subsRequired'
  | 'tooManySubs'
  | 'subType';

export type QuestionCheck =
  | { ok: true; question: CheckedQuestion }
  | {
      ok: false;
      problem: QuestionProblem;
      /** The sub-question (1-based) the problem is in, if any. */
      sub?: number;
    };

const round2 = (n: number) => Math.round(n * 100) / 100;
const LETTERS = 'ABCDEFGH';

/** How many blanks a fill-in stem marks (the answering page's own count). */
export function blankCountOf(trunk: string): number {
  return trunk.split(BLANK_MARK).length - 1;
}

/** Points are more than 0, at most 100, in hundredths. */
export function validPoints(n: unknown): n is number {
  // NaN fails `n > 0` and Infinity `n <= 100`: no finiteness test of its own.
  return typeof n === 'number' && n > 0 && n <= BANK_LIMITS.maxPoints && round2(n) === n;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
const blankText = (v: string | null | undefined) => (v ?? '').trim();

function checkChoices(d: QuestionDraft, type: QuestionType): QuestionProblem | { options: CheckedQuestion['options']; answerOptions: string[] } {
  if (type === QUESTION_TYPE.TRUE_FALSE) {
    const keys = [...new Set(d.answerOptions ?? [])];
    if (keys.length !== 1 || !JUDGE_OPTIONS.some((o) => o.key === keys[0])) return 'judgeKey';
    return { options: JUDGE_OPTIONS.map((o) => ({ ...o })), answerOptions: keys };
  }
  const given = d.options ?? [];
  if (given.length < BANK_LIMITS.minOptions || given.length > BANK_LIMITS.maxOptions) return 'optionsCount';
  // An option a form or spreadsheet sent without text has empty text.
  const values = given.map((o) => o.value ?? '');
  if (values.some((v) => plain(v) === '' && !/<img/i.test(v))) return 'optionEmpty';
  if (values.some((v) => v.length > BANK_LIMITS.option)) return 'optionTooLong';
  const keys = given.map((o) => o.key);
  if (new Set(keys).size !== keys.length || new Set(values.map(plain)).size !== values.length) return 'optionDuplicate';
  const right = [...new Set(d.answerOptions ?? [])];
  if (right.some((k) => !keys.includes(k))) return 'keyNotAmongOptions';
  if (type === QUESTION_TYPE.SINGLE && right.length !== 1) return 'singleOneKey';
  if (type === QUESTION_TYPE.MULTIPLE && right.length < 2) return 'multipleTwoKeys';
  // Re-lettered in order: what the answering page shows as A, B, … is what is stored.
  const letter = new Map(keys.map((k, i) => [k, LETTERS[i]!]));
  return {
    options: values.map((v, i) => ({ key: LETTERS[i]!, value: v.trim() })),
    answerOptions: right.map((k) => letter.get(k)!).sort(),
  };
}

/** Checks a question (and its sub-questions) and answers it in the stored form, or the first problem. */
export function checkQuestion(d: QuestionDraft, allowed: readonly number[] = BANK_TYPES): QuestionCheck {
  const type = Number(d.questionType);
  if (!allowed.includes(type)) return { ok: false, problem: allowed === BANK_TYPES ? 'unknownType' : 'subType' };
  const qt = type as QuestionType;
  const trunk = (d.trunk ?? '').trim();
  if (plain(trunk) === '' && !/<img/i.test(trunk)) return { ok: false, problem: 'stemRequired' };
  if (trunk.length > BANK_LIMITS.stem) return { ok: false, problem: 'stemTooLong' };
  const explanation = blankText(d.explanation);
  if (explanation.length > BANK_LIMITS.explanation) return { ok: false, problem: 'explanationTooLong' };
  const base = { questionType: qt, trunk, explanation: explanation || null };

  if (COMPOUND_TYPES.includes(qt)) {
    const subs = d.subs ?? [];
    if (!subs.length) return { ok: false, problem: 'subsRequired' };
    if (subs.length > BANK_LIMITS.maxSubs) return { ok: false, problem: 'tooManySubs' };
    const checked: CheckedQuestion[] = [];
    for (const [i, sub] of subs.entries()) {
      const r = checkQuestion(sub, qt === QUESTION_TYPE.CLOZE ? CLOZE_SUB_TYPES : READING_SUB_TYPES);
      if (!r.ok) return { ok: false, problem: r.problem, sub: i + 1 };
      checked.push(r.question);
    }
    return {
      ok: true,
      question: {
        ...base,
        options: [],
        answerOptions: [],
        answerContent: null,
        blankCount: null,
        examPoint: questionPoints({ examPoint: 0, subs: checked }),
        subs: checked,
      },
    };
  }

  if (!validPoints(d.examPoint)) return { ok: false, problem: 'badPoints' };
  const common = { ...base, examPoint: d.examPoint, subs: [] };

  if (qt === QUESTION_TYPE.FILL_IN) {
    const count = blankCountOf(trunk);
    if (count === 0) return { ok: false, problem: 'blankMissing' };
    if (count > BANK_LIMITS.maxBlanks) return { ok: false, problem: 'tooManyBlanks' };
    const blanks = (d.blanks ?? []).map((b) => (b ?? '').trim());
    if (blanks.length !== count) return { ok: false, problem: 'blankCountMismatch' };
    if (blanks.some((b) => b === '')) return { ok: false, problem: 'blankAnswerEmpty' };
    if (blanks.some((b) => b.includes('|'))) return { ok: false, problem: 'blankAnswerBar' };
    if (blanks.some((b) => b.length > BANK_LIMITS.blankAnswer)) return { ok: false, problem: 'blankAnswerTooLong' };
    return { ok: true, question: { ...common, options: [], answerOptions: [], answerContent: blanks.join('|'), blankCount: count } };
  }
  if (qt === QUESTION_TYPE.SHORT_ANSWER) {
    const reference = blankText(d.reference);
    if (reference.length > BANK_LIMITS.reference) return { ok: false, problem: 'referenceTooLong' };
    return { ok: true, question: { ...common, options: [], answerOptions: [], answerContent: reference || null, blankCount: null } };
  }
  const choices = checkChoices(d, qt);
  if (typeof choices === 'string') return { ok: false, problem: choices };
  return { ok: true, question: { ...common, ...choices, answerContent: null, blankCount: null } };
}

/** A question's points: its own, or for reading and cloze the sum of its sub-questions'. */
export function questionPoints(q: { examPoint: number; subs: readonly { examPoint: number }[] }): number {
  return q.subs.length ? round2(q.subs.reduce((sum, x) => sum + Number(x.examPoint), 0)) : round2(Number(q.examPoint));
}

/** A paper's total: the sum of every question's points (reading and cloze through their sub-questions). */
export function paperTotal(questions: readonly { examPoint: number; subs: readonly { examPoint: number }[] }[]): number {
  return round2(questions.reduce((sum, q) => sum + questionPoints(q), 0));
}

/** What the bank compares to find the same question twice: type, stem, options, keys and sub-questions, with spacing folded. */
export function fingerprintText(q: CheckedQuestion): string {
  const fold = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const part = (x: CheckedQuestion): unknown => [
    x.questionType,
    fold(x.trunk),
    x.options.map((o) => fold(o.value)),
    x.answerOptions,
    fold(x.answerContent),
    x.subs.map(part),
  ];
  return JSON.stringify(part(q));
}
