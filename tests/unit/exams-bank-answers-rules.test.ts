import { describe, expect, test } from 'vitest';
import type { Paper, Question } from '~/lib/api/contracts/exams';
import { bankAnswerOf, bankQuestionTypes, reviewedBankAnswer } from '~/server/exams/attempts/bank-answers.rules';

/** The external bank's answers as the review reads them (src/server/exams/attempts/bank-answers.rules.ts). */

describe('the bank’s answer text', () => {
  test('a choice’s keys, joined with commas, become the chosen options', () => {
    expect(bankAnswerOf(1, 'A')).toEqual({ content: null, optionList: ['A'] });
    expect(bankAnswerOf(2, 'B,A,D')).toEqual({ content: null, optionList: ['B', 'A', 'D'] });
    expect(bankAnswerOf(2, ' A ， C ,,A')).toEqual({ content: null, optionList: ['A', 'C'] });
    expect(bankAnswerOf(3, '1')).toEqual({ content: null, optionList: ['1'] });
    expect(bankAnswerOf(1, '')).toEqual({ content: null, optionList: [] });
  });

  test('any other type, or a question the paper does not have, keeps the text', () => {
    expect(bankAnswerOf(4, '预防|安全')).toEqual({ content: '预防|安全', optionList: [] });
    expect(bankAnswerOf(6, 'A,B')).toEqual({ content: 'A,B', optionList: [] });
    expect(bankAnswerOf(undefined, 'A')).toEqual({ content: 'A', optionList: [] });
  });

  test('an answer kept before choices were split reads as its options; one kept as options stays', () => {
    expect(reviewedBankAnswer(2, { content: 'A,B', optionList: [] })).toEqual({ content: null, optionList: ['A', 'B'] });
    expect(reviewedBankAnswer(1, { content: null, optionList: ['C'] })).toEqual({ content: null, optionList: ['C'] });
    expect(reviewedBankAnswer(4, { content: '预防', optionList: [] })).toEqual({ content: '预防', optionList: [] });
    expect(reviewedBankAnswer(1, { content: null, optionList: [] })).toEqual({ content: null, optionList: [] });
  });

  // Rule: only single choice, multiple choice and true/false (1, 2, 3) are split into keys; a kept text of any
  // other type, or of a question the paper does not have, is read as it was kept.
  test.each([
    [4, 'A,B'],
    [6, 'A,B'],
    [11, 'A,B'],
    [undefined, 'A,B'],
  ])('type %s keeps %s as text', (type, content) => {
    expect(reviewedBankAnswer(type, { content, optionList: [] })).toEqual({ content, optionList: [] });
  });

  test('the types of a reviewed bank paper, sub-questions included', () => {
    const q = (id: string, questionType: Question['questionType'], subs: Question[] = []): Question => ({
      id,
      questionType,
      questionUnitId: 'P',
      trunk: '',
      examPoint: 1,
      markStatus: null,
      questionContentVO: { content: null, optionList: [] },
      questionAnswerVO: null,
      readQuestionList: subs,
    });
    const map: Paper['questionResultVOMap'] = { '1': [q('a', 1)], '11': [q('r', 11, [q('r1', 2), q('r2', 4)])] };
    expect([...bankQuestionTypes(map)]).toEqual([
      ['a', 1],
      ['r', 11],
      ['r1', 2],
      ['r2', 4],
    ]);
  });

  // Rule: a type the paper has no list for is skipped, never an error.
  test('a missing list of a type is skipped', () => {
    const map = { '1': undefined, '2': [] } as unknown as Paper['questionResultVOMap'];
    expect([...bankQuestionTypes(map)]).toEqual([]);
  });
});
