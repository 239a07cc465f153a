import { describe, expect, test } from 'vitest';
import type { QuestionType } from '~/lib/api/contracts/exams';
import {
  blankCount,
  blanksAnswer,
  choose,
  countsOf,
  groupsOf,
  hasSubQuestions,
  isAnswered,
  placesOfIds,
  isGiven,
  joinBlanks,
  optionLetter,
  placesOf,
  questionMapOf,
  sameAnswer,
  splitBlanks,
  step,
  textAnswer,
  type PaperQuestion,
} from '~/lib/exams/paper';

/** The answering screen's rules over a paper (src/lib/exams/paper.ts). */

const q = (id: string, questionType: QuestionType, examPoint = 2, extra: Partial<PaperQuestion> = {}): PaperQuestion => ({
  id,
  questionType,
  trunk: `题目 ${id}`,
  examPoint,
  questionContentVO: { content: null, optionList: [] },
  readQuestionList: [],
  ...extra,
});
const opts = (...keys: string[]) => keys.map((key) => ({ key, value: `选项${key}` }));

describe('the paper map', () => {
  test('the normal map, or the English one when the normal one is empty', () => {
    const normal = { '1': [q('a', 1)] };
    const english = { '11': [q('r', 11)] };
    expect(questionMapOf({ questionResultVOMap: normal, englishQuestionResultVOMap: english })).toBe(normal);
    expect(questionMapOf({ questionResultVOMap: {}, englishQuestionResultVOMap: english })).toBe(english);
    expect(questionMapOf({ questionResultVOMap: { '1': [] }, englishQuestionResultVOMap: english })).toBe(english);
    expect(questionMapOf({ questionResultVOMap: null, englishQuestionResultVOMap: null })).toEqual({});
  });

  test('groups in type order, empty types left out, points summed without float noise', () => {
    const groups = groupsOf({ '13': [q('c', 13, 5)], '2': [q('m1', 2, 0.1), q('m2', 2, 0.2)], '4': [], '1': [q('s', 1, 3)] });
    expect(groups.map((g) => [g.type, g.questions.map((x) => x.id), g.points])).toEqual([
      [1, ['s'], 3],
      [2, ['m1', 'm2'], 0.3],
      [13, ['c'], 5],
    ]);
  });

  test('duplicates are removed by id across the paper, and by the bank id, keeping the first', () => {
    const groups = groupsOf({
      '1': [q('a', 1), q('a', 1, 9), q('b', 1, 2, { questions_id: 'X' })],
      '2': [q('a', 2), q('c', 2, 2, { questions_id: 'X' }), q('d', 2)],
    });
    expect(groups.map((g) => g.questions.map((x) => x.id))).toEqual([['a', 'b'], ['d']]);
    expect(groups[0]!.points).toBe(4);
  });

  // Rule: only the same id or the same bank id is a duplicate: different bank ids, or a bank id equal to
  // another question's own id, are different questions.
  test('different bank ids are different questions', () => {
    const groups = groupsOf({ '1': [q('a', 1, 2, { questions_id: 'X' }), q('b', 1, 2, { questions_id: 'Y' }), q('X', 1), q('c', 1)] });
    expect(groups.map((g) => g.questions.map((x) => x.id))).toEqual([['a', 'b', 'X', 'c']]);
  });

  test('places in paper order; a step past either end is null', () => {
    const groups = groupsOf({ '1': [q('a', 1), q('b', 1)], '3': [q('c', 3)] });
    expect(placesOf(groups)).toEqual([
      { group: 0, index: 0 },
      { group: 0, index: 1 },
      { group: 1, index: 0 },
    ]);
    expect(step(groups, { group: 0, index: 1 }, 1)).toEqual({ group: 1, index: 0 });
    expect(step(groups, { group: 1, index: 0 }, -1)).toEqual({ group: 0, index: 1 });
    expect(step(groups, { group: 0, index: 0 }, -1)).toBeNull();
    expect(step(groups, { group: 1, index: 0 }, 1)).toBeNull();
  });
});

describe('answered', () => {
  test('an answer is given with text or at least one chosen option', () => {
    expect(isGiven({ content: null, optionList: ['A'] })).toBe(true);
    expect(isGiven({ content: '电压', optionList: [] })).toBe(true);
    expect(isGiven({ content: '|  |', optionList: [] })).toBe(false);
    expect(isGiven({ content: '|欧姆', optionList: [] })).toBe(true);
    expect(isGiven({ content: '   ', optionList: [] })).toBe(false);
    expect(isGiven(undefined)).toBe(false);
    expect(isGiven({ content: null, optionList: [] })).toBe(false);
  });

  // Rule: only reading comprehension (11) and cloze (13) are answered through sub-questions.
  test.each([
    [1, false],
    [2, false],
    [3, false],
    [4, false],
    [6, false],
    [11, true],
    [13, true],
  ] as const)('hasSubQuestions(%i) = %s', (type, has) => {
    expect(hasSubQuestions(type)).toBe(has);
  });

  test('a cloze counts as answered once a sub-question is', () => {
    const cloze = q('c', 13, 4, { readQuestionList: [q('c1', 1), q('c2', 1)] });
    expect(isAnswered(cloze, new Map([['c2', { content: null, optionList: ['B'] }]]))).toBe(true);
    expect(isAnswered(cloze, new Map([['c', { content: null, optionList: ['B'] }]]))).toBe(false);
  });

  test('reading and cloze count as answered as soon as any sub-question is (card, counts and the submit prompt alike)', () => {
    const reading = q('r', 11, 4, { readQuestionList: [q('r1', 1), q('r2', 1)] });
    const none = new Map<string, { content: string | null; optionList: string[] }>([['r2', { content: ' | ', optionList: [] }]]);
    expect(isAnswered(reading, none)).toBe(false);
    const one = new Map([['r1', { content: null, optionList: ['A'] }]]);
    expect(isAnswered(reading, one)).toBe(true);
    const both = new Map([...one, ['r2', { content: null, optionList: ['B'] }]]);
    expect(isAnswered(reading, both)).toBe(true);
    expect(isAnswered(q('empty', 13), both)).toBe(false);
    const groups = groupsOf({ '1': [q('a', 1)], '11': [reading] });
    expect(countsOf(groups, one)).toEqual({ answered: 1, unanswered: 1, total: 2 });
    expect(countsOf(groups, new Map([...one, ['a', { content: null, optionList: ['C'] }]]))).toEqual({ answered: 2, unanswered: 0, total: 2 });
  });

  test('the places of answered questions and sub-questions, in paper order', () => {
    const reading = q('r', 11, 4, { readQuestionList: [q('r1', 1), q('r2', 3)] });
    const groups = groupsOf({ '11': [reading], '1': [q('a', 1), q('b', 1)], '3': [q('c', 3)] });
    expect(placesOfIds(groups, new Set(['r2', 'c', 'b']))).toEqual([
      { type: 1, n: 2, sub: null },
      { type: 3, n: 1, sub: null },
      { type: 11, n: 1, sub: 2 },
    ]);
    expect(placesOfIds(groups, new Set())).toEqual([]);
  });

  // Rule: sub-question places exist only under reading and cloze; sub-questions stored under another type are
  // not part of the paper.
  test('no sub-question places under other types', () => {
    const groups = groupsOf({ '1': [q('a', 1, 2, { readQuestionList: [q('x', 1)] })] });
    expect(placesOfIds(groups, new Set(['x']))).toEqual([]);
  });
});

describe('choosing and typing', () => {
  test('option letters come from the index', () => {
    expect([0, 1, 2, 25, 26, 27].map(optionLetter)).toEqual(['A', 'B', 'C', 'Z', 'AA', 'AB']);
  });

  test('single choice and true/false replace the choice; multiple toggles, in the options’ order', () => {
    const o = opts('A', 'B', 'C', 'D');
    expect(choose(1, o, ['A'], 'C')).toEqual(['C']);
    expect(choose(3, opts('1', '2'), ['1'], '2')).toEqual(['2']);
    expect(choose(2, o, ['C'], 'A')).toEqual(['A', 'C']);
    expect(choose(2, o, ['A', 'C'], 'A')).toEqual(['C']);
    expect(choose(2, o, ['C'], 'C')).toEqual([]);
  });

  test('fill-in: each blank trimmed, joined with |; a typed | cannot split a blank', () => {
    expect(joinBlanks([' 电压 ', '电流', ''])).toBe('电压|电流|');
    expect(joinBlanks(['a|b'])).toBe('a｜b');
    expect(blanksAnswer(['  ', ''])).toEqual({ content: '', optionList: [] });
    expect(blanksAnswer([' 欧姆 ', ''])).toEqual({ content: '欧姆|', optionList: [] });
    expect(splitBlanks('电压|电流', 3)).toEqual(['电压', '电流', '']);
    expect(splitBlanks(null, 2)).toEqual(['', '']);
  });

  test('the number of blanks: the paper’s count, else the markers in the stem, at least one', () => {
    expect(blankCount({ trunk: '电阻的单位是____，电流的单位是______。', blankCount: undefined })).toBe(2);
    expect(blankCount({ trunk: '没有标记', blankCount: undefined })).toBe(1);
    expect(blankCount({ trunk: '____', blankCount: 3 })).toBe(3);
  });

  // Rule: the paper's count is used only when it is a positive number (whole blanks); 0 or a negative count
  // falls back to the markers in the stem.
  test.each([
    [0, '____ 和 ____', 2],
    [0, '没有标记', 1],
    [-1, '____', 1],
    [2.7, '____', 2],
    [1, '____ 和 ____', 1],
  ])('blankCount %s with %s -> %i', (count, trunk, n) => {
    expect(blankCount({ trunk, blankCount: count })).toBe(n);
  });

  test('a short answer is kept trimmed; equal answers need no new sequence', () => {
    expect(textAnswer('  先断电 \n')).toEqual({ content: '先断电', optionList: [] });
    expect(sameAnswer({ content: null, optionList: ['A'] }, { content: '', optionList: ['A'] })).toBe(true);
    expect(sameAnswer({ content: null, optionList: ['A'] }, { content: null, optionList: ['B'] })).toBe(false);
    expect(sameAnswer(undefined, { content: null, optionList: [] })).toBe(true);
  });
});
