import { QUESTION_TYPE, QUESTION_TYPES, type GivenAnswer, type QuestionOption, type QuestionType } from '../api/contracts/exams';

/**
 * The answering screen's rules over a paper: which map of
 * questions to use, groups by type with their numbering and points, what counts as answered,
 * option letters, choosing and the fill-in blanks. Pure and browser-safe; shared by the answering
 * and review screens, the normal and the external-bank (xskt) papers.
 */

/** The order of the groups on the question card and the answer card. */
export const TYPE_ORDER: readonly QuestionType[] = QUESTION_TYPES;

/** What the rules need of a question: the normal paper's and the bank's questions both have it. */
export interface PaperQuestion {
  id: string;
  questionType: QuestionType;
  trunk: string;
  examPoint: number;
  questionContentVO: { content: string | null; optionList: QuestionOption[] };
  readQuestionList: PaperQuestion[];
  /** The bank's question id (xskt); duplicates are removed by it too. */
  questions_id?: string | undefined;
  blankCount?: number | undefined;
  markStatus?: number | null | undefined;
}

export type QuestionMap<Q> = Partial<Record<`${QuestionType}`, Q[]>>;

export interface Group<Q extends PaperQuestion = PaperQuestion> {
  type: QuestionType;
  questions: Q[];
  /** The sum of the group's examPoint. */
  points: number;
}

const isEmptyMap = (m: QuestionMap<unknown> | null | undefined) => !m || Object.values(m).every((list) => !list || list.length === 0);

/** The normal map, or the English paper's when the normal one is empty (an English paper fills only that one). */
export function questionMapOf<Q>(paper: { questionResultVOMap?: QuestionMap<Q> | null; englishQuestionResultVOMap?: QuestionMap<Q> | null }): QuestionMap<Q> {
  return isEmptyMap(paper.questionResultVOMap) ? (paper.englishQuestionResultVOMap ?? {}) : (paper.questionResultVOMap ?? {});
}

/** Rounds away float noise of point sums (0.1 + 0.2). */
const points = (n: number) => Math.round(n * 100) / 100;

/**
 * The groups in type order, without empty ones; a question already seen (by id, and by the bank's
 * questions_id) is dropped, keeping the first.
 */
export function groupsOf<Q extends PaperQuestion>(map: QuestionMap<Q>): Group<Q>[] {
  const seen = new Set<string>();
  const groups: Group<Q>[] = [];
  for (const type of TYPE_ORDER) {
    const questions: Q[] = [];
    for (const q of map[`${type}`] ?? []) {
      const keys = [`id:${q.id}`, ...(q.questions_id ? [`bank:${q.questions_id}`] : [])];
      if (keys.some((k) => seen.has(k))) continue;
      for (const k of keys) seen.add(k);
      questions.push(q);
    }
    if (questions.length) groups.push({ type, questions, points: points(questions.reduce((sum, q) => sum + (Number(q.examPoint) || 0), 0)) });
  }
  return groups;
}

/** A place on the paper: the group and the question's index in it (numbered from 1 on screen). */
export interface Place {
  group: number;
  index: number;
}

/** Every place in paper order. */
export function placesOf(groups: Group[]): Place[] {
  return groups.flatMap((g, group) => g.questions.map((_, index) => ({ group, index })));
}

/** The place one step before or after, or null past either end (the screen says so). */
export function step(groups: Group[], at: Place, by: -1 | 1): Place | null {
  const all = placesOf(groups);
  const i = all.findIndex((p) => p.group === at.group && p.index === at.index);
  return all[i + by] ?? null;
}

/** Reading comprehension and cloze are answered per sub-question. */
export const hasSubQuestions = (type: QuestionType) => type === QUESTION_TYPE.READING || type === QUESTION_TYPE.CLOZE;

/** The questions that take an answer: the question itself, or its sub-questions (reading comprehension and cloze). */
export function answerables<Q extends PaperQuestion>(q: Q): Q[] {
  return hasSubQuestions(q.questionType) ? (q.readQuestionList as Q[]) : [q];
}

/** An answer is given (and so queued or saved) when it has text or at least one chosen option. */
export function isGiven(a: GivenAnswer | null | undefined): boolean {
  if (!a) return false;
  return a.optionList.length > 0 || (a.content ?? '').split('|').some((part) => part.trim() !== '');
}

/**
 * A question counts as answered when its answer is given; reading comprehension and cloze as
 * soon as any sub-question's is (a question counts as answered if any option is chosen or it has
 * content: a passage with some parts answered is answered, as the submit prompt and the counts say).
 */
export function isAnswered(q: PaperQuestion, answers: ReadonlyMap<string, GivenAnswer>): boolean {
  return answerables(q).some((t) => isGiven(answers.get(t.id)));
}

/** Where an answered question (or sub-question) sits on the paper: its group's type, its number there, and its sub-question's number. */
export interface AnswerPlace {
  type: QuestionType;
  n: number;
  sub: number | null;
}

/** The places of some questions or sub-questions (by id), in paper order. */
export function placesOfIds(groups: Group[], ids: ReadonlySet<string>): AnswerPlace[] {
  const out: AnswerPlace[] = [];
  for (const g of groups)
    g.questions.forEach((q, i) => {
      if (ids.has(q.id)) out.push({ type: g.type, n: i + 1, sub: null });
      if (hasSubQuestions(q.questionType))
        q.readQuestionList.forEach((x, j) => {
          if (ids.has(x.id)) out.push({ type: g.type, n: i + 1, sub: j + 1 });
        });
    });
  return out;
}

export interface Counts {
  answered: number;
  unanswered: number;
  total: number;
}

export function countsOf(groups: Group[], answers: ReadonlyMap<string, GivenAnswer>): Counts {
  const all = groups.flatMap((g) => g.questions);
  const answered = all.filter((q) => isAnswered(q, answers)).length;
  return { answered, unanswered: all.length - answered, total: all.length };
}

/** 'A', 'B', … from the option's index (options carry no letter of their own); past 'Z' the letters go on as 'AA'. */
export function optionLetter(index: number): string {
  const n = Math.max(0, Math.floor(index));
  return n < 26 ? String.fromCharCode(65 + n) : optionLetter(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26));
}

/**
 * Choosing an option: single choice and true/false replace the choice, multiple choice toggles it
 * (kept in the options' order so the same choice is always the same answer).
 */
export function choose(type: QuestionType, options: readonly QuestionOption[], chosen: readonly string[], key: string): string[] {
  if (type !== QUESTION_TYPE.MULTIPLE) return [key];
  const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
  const order = options.map((o) => o.key);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** The blank marker in a fill-in stem. */
const BLANK = /_{3,}/g;

/** The number of blanks of a fill-in question: the paper's count, else the markers in the stem, at least one. */
export function blankCount(q: Pick<PaperQuestion, 'trunk' | 'blankCount'>): number {
  if (typeof q.blankCount === 'number' && q.blankCount > 0) return Math.floor(q.blankCount);
  return Math.max(1, (q.trunk.match(BLANK) ?? []).length);
}

/** Fill-in: each blank trimmed, joined with '|'; a '|' typed inside a blank would split it, so it becomes '｜'. */
export function joinBlanks(values: readonly string[]): string {
  return values.map((v) => v.trim().replace(/\|/g, '｜')).join('|');
}

/** The blanks of a stored fill-in answer, as many as the question has. */
export function splitBlanks(content: string | null | undefined, count: number): string[] {
  const parts = (content ?? '').split('|');
  return Array.from({ length: count }, (_, i) => parts[i] ?? '');
}

/** The answer to keep for a fill-in question: empty content when every blank is empty. */
export function blanksAnswer(values: readonly string[]): GivenAnswer {
  const content = joinBlanks(values);
  return { content: values.some((v) => v.trim() !== '') ? content : '', optionList: [] };
}

/** A short answer's text as kept: surrounding spaces dropped. */
export function textAnswer(text: string): GivenAnswer {
  return { content: text.trim(), optionList: [] };
}

/** Two answers say the same (no new sequence number is needed). */
export function sameAnswer(a: GivenAnswer | null | undefined, b: GivenAnswer | null | undefined): boolean {
  const norm = (x: GivenAnswer | null | undefined) => JSON.stringify([x?.content ?? '', x?.optionList ?? []]);
  return norm(a) === norm(b);
}
