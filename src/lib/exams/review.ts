import type { QuestionOption, QuestionResult } from '../api/contracts/exams';
import { hasSubQuestions, optionLetter, type PaperQuestion } from './paper';

/**
 * The review screen's rules: how an answer reads
 * (option letters from the option index, fill-in blanks) and each question's mark. Pure.
 */

/** The letters of the chosen option keys, in the options' order; a key the paper does not have is shown as it is. */
export function lettersOf(options: readonly QuestionOption[], keys: readonly string[]): string[] {
  const known = options.map((o, i) => ({ key: o.key, letter: optionLetter(i) })).filter((o) => keys.includes(o.key));
  const unknown = keys.filter((k) => !options.some((o) => o.key === k));
  return [...known.map((o) => o.letter), ...unknown];
}

/** A question's mark: right, wrong, or waiting for the teacher (no result). */
export type Mark = 'right' | 'wrong' | 'pending';

/**
 * The mark of a question: its own result, or for reading comprehension and cloze the sub-questions'
 * (right when every one is right, pending while any is).
 */
export function markOf(q: PaperQuestion, results: ReadonlyMap<string, QuestionResult>): Mark {
  const subs = hasSubQuestions(q.questionType) ? q.readQuestionList : [];
  const marks = subs.length ? subs.map((s) => results.get(s.id)) : [results.get(q.id)];
  if (marks.some((m) => !m || m.correct === null)) {
    const own = results.get(q.id);
    return own && own.correct !== null ? (own.correct ? 'right' : 'wrong') : 'pending';
  }
  return marks.every((m) => m!.correct) ? 'right' : 'wrong';
}

/** The student's fill-in blanks as shown: empty ones as a dash. */
export function blanksText(content: string | null | undefined): string[] {
  return (content ?? '').split('|').map((b) => b.trim() || '—');
}
