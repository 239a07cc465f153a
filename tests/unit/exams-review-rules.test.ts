import { describe, expect, test } from 'vitest';
import type { QuestionResult, QuestionType } from '~/lib/api/contracts/exams';
import { dutyTime } from '~/lib/exams/duty';
import type { PaperQuestion } from '~/lib/exams/paper';
import { answerText, blanksText, lettersOf, markOf, optionsOf, trueFalseLabel } from '~/lib/exams/review';

/** The review screen's rules (src/lib/exams/review.ts) and the duty report's time (src/lib/exams/duty.ts). */

const q = (id: string, questionType: QuestionType, subs: PaperQuestion[] = []): PaperQuestion => ({
  id,
  questionType,
  trunk: '',
  examPoint: 2,
  questionContentVO: { content: null, optionList: [] },
  readQuestionList: subs,
});
const results = (...r: [string, boolean | null][]) =>
  new Map<string, QuestionResult>(r.map(([questionId, correct]) => [questionId, { questionId, correct, score: null }]));

describe('how an answer or a key reads (issue 27: a late true/false answer read "：1")', () => {
  const withOptions = (questionType: QuestionType, keys: string[]): PaperQuestion => ({
    ...q('x', questionType),
    questionContentVO: { content: null, optionList: keys.map((key) => ({ key, value: `<p>${key}</p>` })) },
  });

  test('true/false: key 1 is 正确, key 2 is 错误, with or without the paper’s options', () => {
    expect(answerText(q('t', 3), { optionList: ['1'], content: null })).toBe('正确');
    expect(answerText(q('t', 3), { optionList: ['2'], content: null })).toBe('错误');
    expect(answerText(withOptions(3, ['1', '2']), { optionList: ['2'], content: null })).toBe('错误');
    expect(trueFalseLabel('9')).toBe('9');
  });

  test('choices read as their letters, fill-in as its blanks, a short answer as written', () => {
    expect(answerText(withOptions(1, ['k1', 'k2', 'k3']), { optionList: ['k3'], content: null })).toBe('C');
    expect(answerText(withOptions(2, ['k1', 'k2', 'k3']), { optionList: ['k3', 'k1'], content: null })).toBe('A、C');
    expect(answerText(q('f', 4), { optionList: [], content: '36|' })).toBe('36；—');
    expect(answerText(q('s', 6), { optionList: [], content: '先断电' })).toBe('先断电');
    expect(answerText(q('s', 6), { optionList: [], content: null })).toBe('');
  });

  test('a true/false key holding both options shows both, apart', () => {
    expect(answerText(q('t', 3), { optionList: ['1', '2'], content: null })).toBe('正确、错误');
  });

  test('only fill-in answers are split into blanks: a short answer with a "|" reads as written', () => {
    expect(answerText(q('s', 6), { optionList: [], content: '先断电|再验电' })).toBe('先断电|再验电');
  });
});

describe('the options a question shows', () => {
  const withList = (questionType: QuestionType, optionList: { key: string; value: string }[]) => ({
    questionType,
    questionContentVO: { content: null, optionList },
  });

  test('a true/false question whose paper gives no options shows 正确 (key 1) and 错误 (key 2)', () => {
    expect(optionsOf(q('t', 3))).toEqual([
      { key: '1', value: '正确' },
      { key: '2', value: '错误' },
    ]);
  });

  test('a true/false option the paper left unlabelled reads as its key; the paper’s own labels stay', () => {
    const given = withList(3, [
      { key: '1', value: '' },
      { key: '2', value: '<p>错</p>' },
    ]);
    expect(optionsOf(given)).toEqual([
      { key: '1', value: '正确' },
      { key: '2', value: '<p>错</p>' },
    ]);
  });

  test('other questions show the paper’s options as they are: none stays none, an unlabelled one stays unlabelled', () => {
    expect(optionsOf(q('c', 1))).toEqual([]);
    const options = [
      { key: '1', value: '' },
      { key: '2', value: '<p>B</p>' },
    ];
    expect(optionsOf(withList(1, options))).toEqual(options);
    expect(optionsOf(withList(2, options))).toEqual(options);
  });
});

describe('review', () => {
  test('letters of the chosen keys in the options’ order; an unknown key as it is', () => {
    const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, value: key }));
    expect(lettersOf(options, ['C', 'A'])).toEqual(['A', 'C']);
    expect(
      lettersOf(
        [
          { key: '1', value: '对' },
          { key: '2', value: '错' },
        ],
        ['2'],
      ),
    ).toEqual(['B']);
    expect(lettersOf(options, ['Z'])).toEqual(['Z']);
  });

  test('a question’s mark; reading and cloze from their sub-questions', () => {
    expect(markOf(q('a', 1), results(['a', true]))).toBe('right');
    expect(markOf(q('a', 1), results(['a', false]))).toBe('wrong');
    expect(markOf(q('a', 6), results(['a', null]))).toBe('pending');
    expect(markOf(q('a', 1), results())).toBe('pending');
    const reading = q('r', 11, [q('r1', 1), q('r2', 1)]);
    expect(markOf(reading, results(['r1', true], ['r2', true]))).toBe('right');
    expect(markOf(reading, results(['r1', true], ['r2', false]))).toBe('wrong');
    expect(markOf(reading, results(['r1', true]))).toBe('pending');
    expect(markOf(reading, results(['r', false]))).toBe('wrong');
  });

  // Rule: while a sub-question has no result, the question's own result decides when it has one (right or
  // wrong); without one it is pending.
  test.each([
    {
      given: [
        ['r', true],
        ['r1', true],
      ],
      mark: 'right',
    },
    {
      given: [
        ['r', false],
        ['r1', true],
        ['r2', null],
      ],
      mark: 'wrong',
    },
    {
      given: [
        ['r', null],
        ['r1', true],
      ],
      mark: 'pending',
    },
  ] as { given: [string, boolean | null][]; mark: string }[])('$given -> $mark', ({ given, mark }) => {
    expect(markOf(q('r', 13, [q('r1', 1), q('r2', 1)]), results(...given))).toBe(mark);
  });

  test('fill-in blanks as shown, an empty one as a dash', () => {
    expect(blanksText('电压| ')).toEqual(['电压', '—']);
    expect(blanksText(null)).toEqual(['—']);
  });

  test('the duty report’s currentTime is YYYY-MM-DD HH:mm:ss', () => {
    expect(dutyTime(new Date(2026, 10, 23, 9, 5, 7))).toBe('2026-11-23 09:05:07');
  });
});
