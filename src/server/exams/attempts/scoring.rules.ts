import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { matchBlanks } from './fill-in.rules';

/**
 * Scoring on submission (issue 13): single choice and true/false exact;
 * multiple choice all or nothing, or, when the paper allows it, half the points for a non-empty
 * subset of the right options with no wrong one; fill in the blank per blank with fair matching
 * (fill-in.rules.ts), points in proportion to the right blanks; reading comprehension and cloze per
 * sub-question (the parent's points are the sum of its sub-questions'); short answers wait for the
 * teacher (no result, no score), and so does the whole attempt then.
 *
 * A teacher's marks (decision 047) go through the same function: a question (or sub-question) a
 * teacher has marked counts the teacher's score instead of the automatic one, and a question waiting
 * for the teacher stops waiting once marked. The automatic scoring at submission is this function
 * with no marks, the marking screen's and the release's totals are it with the marks: one rule.
 */

const { SINGLE, MULTIPLE, TRUE_FALSE, FILL_IN, READING, CLOZE } = QUESTION_TYPE;

/** Reading comprehension and cloze: answered through their sub-questions. */
export const hasSubQuestions = (type: number) => type === READING || type === CLOZE;

export interface KeyedQuestion {
  id: string;
  questionType: number;
  examPoint: number;
  /** The right option keys. */
  answerOptions: readonly string[];
  /** Fill in the blank: the blanks joined with '|'. */
  answerContent: string | null;
  /** Sub-questions of reading comprehension and cloze. */
  subs: readonly KeyedQuestion[];
}

export interface GivenAnswer {
  content: string | null;
  optionList: readonly string[];
}

export interface QuestionResult {
  questionId: string;
  /** null: waits for the teacher. */
  correct: boolean | null;
  score: number | null;
}

export interface PaperScore {
  /** One result per question and sub-question. */
  results: QuestionResult[];
  /** The sum of the questions' points; null when something waits for the teacher. */
  score: number | null;
  /** Something waits for the teacher (a short answer). */
  pending: boolean;
  /** Answered and answerable questions (sub-questions count, their parents do not). */
  answered: number;
  total: number;
}

/** A teacher's mark of one question or sub-question: it replaces the automatic result. */
export interface HandMark {
  score: number;
}

export type HandMarks = ReadonlyMap<string, HandMark>;
const NO_MARKS: HandMarks = new Map();

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A question counts as answered when an option is chosen or it has text (a blank of only spaces is no text). */
export function isAnswered(a: GivenAnswer | undefined): boolean {
  if (!a) return false;
  return a.optionList.length > 0 || (a.content ?? '').split('|').some((blank) => blank.trim() !== '');
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((k) => y.has(k));
};

/** The points a question is worth: its own, or for reading and cloze the sum of its sub-questions'. */
export function pointsOf(q: KeyedQuestion): number {
  return hasSubQuestions(q.questionType) && q.subs.length ? round2(q.subs.reduce((sum, s) => sum + pointsOf(s), 0)) : q.examPoint;
}

function scoreLeaf(q: KeyedQuestion, given: GivenAnswer | undefined, partialMultiple: boolean, marks: HandMarks): QuestionResult {
  const points = q.examPoint;
  const mark = marks.get(q.id);
  // Full points is right; anything less is wrong (a partly right answer shows its score beside it).
  if (mark) return { questionId: q.id, correct: mark.score >= points, score: round2(mark.score) };
  const chosen = given?.optionList ?? [];
  const result = (correct: boolean, score: number): QuestionResult => ({ questionId: q.id, correct, score: round2(score) });
  switch (q.questionType) {
    case SINGLE:
    case TRUE_FALSE: {
      const right = chosen.length === 1 && q.answerOptions.length === 1 && chosen[0] === q.answerOptions[0];
      return result(right, right ? points : 0);
    }
    case MULTIPLE: {
      if (chosen.length && sameSet(chosen, q.answerOptions)) return result(true, points);
      const subset = chosen.length > 0 && chosen.every((k) => q.answerOptions.includes(k));
      return result(false, partialMultiple && subset ? points / 2 : 0);
    }
    case FILL_IN: {
      // A key has at least one blank (an empty key is one empty blank), so `of` is never 0.
      const { right, of } = matchBlanks(given?.content, q.answerContent);
      return result(right === of, (points * right) / of);
    }
    default:
      // Short answers (and any type the server cannot mark) wait for the teacher.
      return { questionId: q.id, correct: null, score: null };
  }
}

/** The results of one question: its own, then its sub-questions'. */
export function scoreQuestion(
  q: KeyedQuestion,
  answers: ReadonlyMap<string, GivenAnswer>,
  partialMultiple: boolean,
  marks: HandMarks = NO_MARKS,
): QuestionResult[] {
  if (!hasSubQuestions(q.questionType) || !q.subs.length) return [scoreLeaf(q, answers.get(q.id), partialMultiple, marks)];
  const subs = q.subs.flatMap((s) => scoreQuestion(s, answers, partialMultiple, marks));
  const own = subs.filter((r) => q.subs.some((s) => s.id === r.questionId));
  const waiting = own.some((r) => r.correct === null);
  return [
    {
      questionId: q.id,
      correct: waiting ? null : own.every((r) => r.correct),
      score: waiting ? null : round2(own.reduce((sum, r) => sum + (r.score ?? 0), 0)),
    },
    ...subs,
  ];
}

/**
 * The questions a teacher has to mark before the attempt can be released: the leaves the automatic
 * scoring cannot mark (short answers), whatever the student answered.
 */
export function leavesNeedingHand(questions: readonly KeyedQuestion[]): string[] {
  return answerable(questions)
    .filter((q) => scoreLeaf(q, undefined, false, NO_MARKS).score === null)
    .map((q) => q.id);
}

/** The leaves a student answers: questions without sub-questions, and the sub-questions. */
export function answerable(questions: readonly KeyedQuestion[]): KeyedQuestion[] {
  return questions.flatMap((q) => (hasSubQuestions(q.questionType) && q.subs.length ? answerable(q.subs) : [q]));
}

/**
 * Scores a whole paper (its top-level questions, in order) against the kept answers and the
 * teacher's marks (none at submission): the one total of an attempt.
 */
export function scorePaper(
  questions: readonly KeyedQuestion[],
  answers: ReadonlyMap<string, GivenAnswer>,
  options: { partialMultiple: boolean; marks?: HandMarks },
): PaperScore {
  const results: QuestionResult[] = [];
  let total = 0;
  let pending = false;
  for (const q of questions) {
    const [own, ...subs] = scoreQuestion(q, answers, options.partialMultiple, options.marks ?? NO_MARKS);
    results.push(own!, ...subs);
    if (own!.score === null) pending = true;
    else total += own!.score;
  }
  const leaves = answerable(questions);
  return {
    results,
    score: pending ? null : round2(total),
    pending,
    answered: leaves.filter((q) => isAnswered(answers.get(q.id))).length,
    total: leaves.length,
  };
}
