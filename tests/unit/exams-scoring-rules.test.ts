import { describe, expect, test } from 'vitest';
import { hasSubQuestions, isAnswered, pointsOf, scorePaper, scoreQuestion, type GivenAnswer, type KeyedQuestion } from '~/server/exams/attempts/scoring.rules';

/** Scoring on submission (src/server/exams/attempts/scoring.rules.ts): every type, every boundary. */

const q = (
  id: string,
  questionType: number,
  examPoint: number,
  key: { options?: string[]; content?: string } = {},
  subs: KeyedQuestion[] = [],
): KeyedQuestion => ({
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

  // Rule: single choice and true/false have exactly one right option; a broken key naming several marks nothing
  // right, so choosing several options never wins them (not even with the partial rule of multiple choice).
  test.each([
    ['single, one of two keyed options', q('s2', 1, 5, { options: ['A', 'B'] }), ['A']],
    ['single, both keyed options', q('s2', 1, 5, { options: ['A', 'B'] }), ['A', 'B']],
    ['true/false, both keyed options', q('t2', 3, 4, { options: ['1', '2'] }), ['1', '2']],
    ['true/false, no key', q('t3', 3, 4), ['1']],
  ])('%s: wrong', (_label, question, chosen) => {
    expect(one(question, given(chosen), true)).toMatchObject({ correct: false, score: 0 });
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
  // Rule: as many options as the key, but not the same ones, is wrong (and with a wrong one, no half points).
  test.each([
    [['A', 'B', 'D'], false],
    [['A', 'B', 'D'], true],
    [['D', 'E', 'F'], true],
  ])('%j with partial %s: wrong, 0', (chosen, partial) => {
    expect(one(multi, given(chosen), partial)).toMatchObject({ correct: false, score: 0 });
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
  // Rule: only reading comprehension (11) and cloze (13) are answered through sub-questions.
  test.each([
    [1, false],
    [2, false],
    [3, false],
    [4, false],
    [6, false],
    [11, true],
    [12, false],
    [13, true],
  ])('hasSubQuestions(%i) = %s', (type, has) => {
    expect(hasSubQuestions(type)).toBe(has);
  });

  // Rule: a cloze is scored through its sub-questions like a reading question: all right, all the points.
  test('a cloze is scored per sub-question', () => {
    const cloze = q('c', 13, 0, {}, [q('c1', 1, 2, { options: ['A'] }), q('c2', 1, 3, { options: ['B'] })]);
    const answers = new Map([
      ['c1', given(['A'])],
      ['c2', given(['B'])],
    ]);
    expect(pointsOf(cloze)).toBe(5);
    expect(scoreQuestion(cloze, answers, false)[0]).toEqual({ questionId: 'c', correct: true, score: 5 });
  });

  // Rule: a question of another type that carries sub-questions (broken data) is scored on its own key and
  // points, and is one answerable question; a reading question stored without sub-questions is worth its own
  // points, cannot be marked by the server (it waits for the teacher) and is one answerable question.
  test('sub-questions count only under reading and cloze, and only when there are some', () => {
    const single = q('s', 1, 5, { options: ['C'] }, [q('s1', 1, 2, { options: ['A'] })]);
    expect(pointsOf(single)).toBe(5);
    expect(scoreQuestion(single, new Map([['s', given(['C'])]]), false)).toEqual([{ questionId: 's', correct: true, score: 5 }]);
    const bare = q('r', 11, 7);
    expect(pointsOf(bare)).toBe(7);
    expect(scoreQuestion(bare, new Map(), false)).toEqual([{ questionId: 'r', correct: null, score: null }]);
    expect(scorePaper([single, bare], new Map([['s', given(['C'])]]), { partialMultiple: false })).toMatchObject({ answered: 1, total: 2 });
  });

  // Rule: a parent is scored on its own sub-questions; a nested sub-question counts once, in its own parent.
  test('nested sub-questions are not counted twice', () => {
    const inner = q('r2', 13, 0, {}, [q('r2a', 1, 3, { options: ['A'] }), q('r2b', 1, 3, { options: ['B'] })]);
    const outer = q('r', 11, 0, {}, [q('r1', 1, 4, { options: ['C'] }), inner]);
    const answers = new Map([
      ['r1', given(['C'])],
      ['r2a', given(['A'])],
      ['r2b', given(['A'])],
    ]);
    expect(pointsOf(outer)).toBe(10);
    expect(scoreQuestion(outer, answers, false)).toEqual([
      { questionId: 'r', correct: false, score: 7 },
      { questionId: 'r1', correct: true, score: 4 },
      { questionId: 'r2', correct: false, score: 3 },
      { questionId: 'r2a', correct: true, score: 3 },
      { questionId: 'r2b', correct: false, score: 0 },
    ]);
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
    expect(isAnswered(given([], null))).toBe(false);
    expect(isAnswered(given(['A']))).toBe(true);
  });
});
