import { CHOICE_QUESTION_TYPES, QUESTION_TYPE, type GivenAnswer, type QuestionOption, type QuestionResult } from '../api/contracts/exams';
import { t } from '../i18n/messages/exams';
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

/** True/false options: the paper's, else 正确 (key '1') and 错误 (key '2'). */
export function optionsOf(q: Pick<PaperQuestion, 'questionType' | 'questionContentVO'>): QuestionOption[] {
  const list = q.questionContentVO.optionList;
  if (q.questionType !== QUESTION_TYPE.TRUE_FALSE) return list;
  if (list.length === 0)
    return [
      { key: '1', value: t('exams.true') },
      { key: '2', value: t('exams.false') },
    ];
  return list.map((o) => (o.value ? o : { ...o, value: trueFalseLabel(o.key) }));
}

/** A true/false key as the spec shows it: option key 1 is 正确, 2 is 错误 (another key is shown as it is). */
export function trueFalseLabel(key: string): string {
  return key === '1' ? t('exams.true') : key === '2' ? t('exams.false') : key;
}

/**
 * How a student's answer or a key reads wherever it is shown as text: true/false as 正确 or 错误,
 * choices as option letters, fill-in blanks joined with '；', other answers as written.
 */
export function answerText(q: Pick<PaperQuestion, 'questionType' | 'questionContentVO'>, a: Pick<GivenAnswer, 'optionList' | 'content'>): string {
  if (q.questionType === QUESTION_TYPE.TRUE_FALSE) return a.optionList.map(trueFalseLabel).join('、');
  if (CHOICE_QUESTION_TYPES.includes(q.questionType)) return lettersOf(optionsOf(q), a.optionList).join('、');
  if (!a.content) return '';
  return q.questionType === QUESTION_TYPE.FILL_IN ? blanksText(a.content).join('；') : a.content;
}
