import { describe, expect, test } from 'vitest';
import { isAnswered, pointsOf, scorePaper, scoreQuestion, type GivenAnswer, type KeyedQuestion } from '~/server/exams/attempts/scoring.rules';

/** Scoring on submission (src/server/exams/attempts/scoring.rules.ts): every type, every boundary. */

const q = (id: string, questionType: number, examPoint: number, key: { options?: string[]; content?: string } = {}, subs: KeyedQuestion[] = []): KeyedQuestion => ({
  id,
  questionType,
  examPoint,
  answerOptions: key.options ?? [],
  answerContent: key.content ?? null,
  subs,
});
const given = (optionList: string[] = [], content: string | null = null): GivenAnswer => ({ optionList, content });
const one = (question: KeyedQuestion, a: GivenAnswer | undefined, partialMultiple = false) =>
  scoreQuestion(question, new Map(a ? [[question.id, a]] : []), partialMultiple)[0]!;

describe('single choice and true/false', () => {
  const single = q('s', 1, 5, { options: ['C'] });
  const tf = q('t', 3, 4, { options: ['2'] });
  test('exactly the right key scores the points; anything else 0', () => {
    expect(one(single, given(['C']))).toEqual({ questionId: 's', correct: true, score: 5 });
    expect(one(single, given(['A']))).toEqual({ questionId: 's', correct: false, score: 0 });
    expect(one(single, given(['C', 'A']))).toEqual({ questionId: 's', correct: false, score: 0 });
    expect(one(single, undefined)).toEqual({ questionId: 's', correct: false, score: 0 });
    expect(one(tf, given(['2']))).toMatchObject({ correct: true, score: 4 });
    expect(one(tf, given(['1']))).toMatchObject({ correct: false, score: 0 });
  });
});

describe('multiple choice', () => {
  const multi = q('m', 2, 10, { options: ['A', 'B', 'C'] });
  test('all or nothing by default (order does not matter)', () => {
    expect(one(multi, given(['C', 'A', 'B']))).toMatchObject({ correct: true, score: 10 });
    expect(one(multi, given(['A', 'B']))).toMatchObject({ correct: false, score: 0 });
    expect(one(multi, given(['A', 'B', 'C', 'D']))).toMatchObject({ correct: false, score: 0 });
    expect(one(multi, given([]))).toMatchObject({ correct: false, score: 0 });
  });
  test('partial: half the points for a non-empty subset of right options with no wrong one', () => {
    expect(one(multi, given(['A', 'B', 'C']), true)).toMatchObject({ correct: true, score: 10 });
    expect(one(multi, given(['A', 'B']), true)).toMatchObject({ correct: false, score: 5 });
    expect(one(multi, given(['B']), true)).toMatchObject({ correct: false, score: 5 });
    expect(one(multi, given(['A', 'D']), true)).toMatchObject({ correct: false, score: 0 });
    expect(one(multi, given([]), true)).toMatchObject({ correct: false, score: 0 });
  });
});

describe('fill in the blank', () => {
  const fill = q('f', 4, 9, { content: 'U/R|安培|串联' });
  test('points in proportion to the right blanks, matched fairly', () => {
    expect(one(fill, given([], 'Ｕ／Ｒ|安培|串联。'))).toEqual({ questionId: 'f', correct: true, score: 9 });
    expect(one(fill, given([], 'U/R|伏特|串联'))).toEqual({ questionId: 'f', correct: false, score: 6 });
    expect(one(fill, given([], 'u/r||'))).toEqual({ questionId: 'f', correct: false, score: 3 });
    expect(one(fill, undefined)).toEqual({ questionId: 'f', correct: false, score: 0 });
  });
  test('thirds are rounded to hundredths', () => {
    expect(one(q('g', 4, 10, { content: 'a|b|c' }), given([], 'a|x|y')).score).toBe(3.33);
  });
});

describe('short answer', () => {
  test('waits for the teacher: no result, no score', () => {
    expect(one(q('x', 6, 20, { content: '参考答案' }), given([], '我的回答'))).toEqual({ questionId: 'x', correct: null, score: null });
  });
});

describe('reading comprehension and cloze', () => {
  const reading = q('r', 11, 0, {}, [q('r1', 1, 5, { options: ['B'] }), q('r2', 3, 5, { options: ['1'] }), q('r3', 4, 4, { content: '接地' })]);
  test('per sub-question; the parent is worth the sum and right only when every sub-question is', () => {
    expect(pointsOf(reading)).toBe(14);
    const answers = new Map<string, GivenAnswer>([
      ['r1', given(['B'])],
      ['r2', given(['2'])],
      ['r3', given([], '接地')],
    ]);
    expect(scoreQuestion(reading, answers, false)).toEqual([
      { questionId: 'r', correct: false, score: 9 },
      { questionId: 'r1', correct: true, score: 5 },
      { questionId: 'r2', correct: false, score: 0 },
      { questionId: 'r3', correct: true, score: 4 },
    ]);
    answers.set('r2', given(['1']));
    expect(scoreQuestion(reading, answers, false)[0]).toEqual({ questionId: 'r', correct: true, score: 14 });
  });
  test('a cloze with a short-answer sub-question waits for the teacher', () => {
    const cloze = q('c', 13, 0, {}, [q('c1', 1, 2, { options: ['A'] }), q('c2', 6, 3)]);
    expect(scoreQuestion(cloze, new Map([['c1', given(['A'])]]), false)[0]).toEqual({ questionId: 'c', correct: null, score: null });
  });
});

describe('a whole paper', () => {
  const paper = [
    q('s', 1, 5, { options: ['C'] }),
    q('m', 2, 10, { options: ['A', 'B'] }),
    q('f', 4, 6, { content: 'a|b' }),
    q('r', 11, 0, {}, [q('r1', 1, 5, { options: ['B'] }), q('r2', 3, 5, { options: ['1'] })]),
  ];
  test('the sum of the questions, with the answered count over the answerable leaves', () => {
    const answers = new Map<string, GivenAnswer>([
      ['s', given(['C'])],
      ['m', given(['A'])],
      ['f', given([], 'A|')],
      ['r1', given(['B'])],
    ]);
    const plain = scorePaper(paper, answers, { partialMultiple: false });
    expect(plain).toMatchObject({ score: 5 + 0 + 3 + 5, pending: false, answered: 4, total: 5 });
    expect(plain.results.map((r) => r.questionId)).toEqual(['s', 'm', 'f', 'r', 'r1', 'r2']);
    expect(scorePaper(paper, answers, { partialMultiple: true }).score).toBe(5 + 5 + 3 + 5);
  });
  test('a short answer makes the whole paper pending, with the objective results kept', () => {
    const withShort = [...paper, q('x', 6, 20)];
    const result = scorePaper(withShort, new Map([['s', given(['C'])]]), { partialMultiple: false });
    expect(result).toMatchObject({ score: null, pending: true, answered: 1, total: 6 });
    expect(result.results.find((r) => r.questionId === 's')).toEqual({ questionId: 's', correct: true, score: 5 });
  });
  test('answered: an option or any non-blank text', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered(given([], ''))).toBe(false);
    expect(isAnswered(given([], ' | '))).toBe(false);
    expect(isAnswered(given([], '|x'))).toBe(true);
    expect(isAnswered(given(['A']))).toBe(true);
  });
});
