import { describe, expect, test } from 'vitest';
import { blankMatches, matchBlanks, normaliseBlank } from '~/server/exams/attempts/fill-in.rules';

/** Fill-in matching (src/server/exams/attempts/fill-in.rules.ts) on answers students really type. */

describe('what differs only in how it was typed is the same answer', () => {
  test.each([
    ['full-width letters and digits', 'Ｉ＝Ｕ／Ｒ', 'I=U/R'],
    ['full-width digits with a unit', '２２０Ｖ', '220V'],
    ['case', 'ac', 'AC'],
    ['surrounding spaces (also the ideographic space)', '\u3000 串联 ', '串联'],
    ['runs of spaces between words', 'alternating   current', 'alternating current'],
    ['a space typed between Chinese characters', '串 联', '串联'],
    ['a space between Chinese and Latin', '220 伏', '220伏'],
    ['Chinese full stop at the end', '串联。', '串联'],
    ['Chinese comma inside', '电压、电流', '电压,电流'],
    ['full-width comma (NFKC)', '电压，电流', '电压,电流'],
    ['Chinese quotation marks', '“火线”', '"火线"'],
    ['Chinese single quotation marks', '‘零线’', "'零线'"],
    ['em dash for a hyphen', '220—380', '220-380'],
    ['full-width hyphen (NFKC)', '220－380', '220-380'],
    ['middle dots in a name', '基尔霍夫・定律', '基尔霍夫·定律'],
    ['bullet as a middle dot', '欧姆•定律', '欧姆·定律'],
    ['full-width parentheses (NFKC)', '（Ω）', '(Ω)'],
    ['book title marks', '《电工手册》', '<电工手册>'],
    ['full-width question mark at the end', '对？', '对'],
    ['full-width percent', '５０％', '50%'],
  ])('%s: %s = %s', (_, given, expected) => {
    expect(blankMatches(given, expected)).toBe(true);
  });
});

describe('every typographic variant of a mark is the mark itself', () => {
  // Rule: a Chinese or typographic form of a punctuation mark (typed by an input method or pasted from a
  // document) is the same answer as its ASCII form; inside the answer, not only at its end.
  test.each([
    ['。', '.'],
    ['｡', '.'],
    ['、', ','],
    ['“', '"'],
    ['”', '"'],
    ['„', '"'],
    ['「', '"'],
    ['」', '"'],
    ['『', '"'],
    ['』', '"'],
    ['‘', "'"],
    ['’', "'"],
    ['—', '-'],
    ['–', '-'],
    ['―', '-'],
    ['‐', '-'],
    ['‑', '-'],
    ['−', '-'],
    ['─', '-'],
    ['・', '·'],
    ['•', '·'],
    ['‧', '·'],
    ['∙', '·'],
    ['《', '<'],
    ['》', '>'],
    ['〈', '<'],
    ['〉', '>'],
    ['【', '['],
    ['】', ']'],
    ['〔', '('],
    ['〕', ')'],
    ['〜', '~'],
  ])('电%s流 = 电%s流', (typed, ascii) => {
    expect(blankMatches(`电${typed}流`, `电${ascii}流`)).toBe(true);
    expect(blankMatches(`220${typed}380`, `220${ascii}380`)).toBe(true);
  });

  // Rule: the middle dot of a name is kept, not dropped: 基尔霍夫·定律 is not 基尔霍夫定律.
  test('a middle dot is a character of the answer', () => {
    expect(blankMatches('基尔霍夫·定律', '基尔霍夫定律')).toBe(false);
  });
});

describe('spaces, case and trailing punctuation', () => {
  // Rule: a space next to a Chinese character is ignored on either side of it, whatever follows.
  test.each([
    ['a space after Chinese before Latin', '电压 U', '电压U'],
    ['a space after Chinese before a digit', '约 220', '约220'],
    ['a space after Chinese before a mark', '串联 (R)', '串联(R)'],
  ])('%s: %s = %s', (_, given, expected) => {
    expect(blankMatches(given, expected)).toBe(true);
  });

  // Rule: leading spaces are ignored for Latin answers as for Chinese ones.
  test.each([
    [' ac', 'AC'],
    ['\u3000AC', 'ac'],
    ['\tU/R', 'U/R'],
  ])('%j = %s', (given, expected) => {
    expect(blankMatches(given, expected)).toBe(true);
  });

  // Rule: any run of trailing sentence punctuation goes, and so does a space before it.
  test.each([
    ['对？！', '对'],
    ['串联。。', '串联'],
    ['AC .', 'ac'],
    ['220V 。', '220V'],
    ['alternating current ...', 'alternating current'],
  ])('%s = %s', (given, expected) => {
    expect(blankMatches(given, expected)).toBe(true);
  });

  // Rule: the compared form is lower case, single-spaced, without surrounding spaces.
  test.each([
    ['Alternating  Current ', 'alternating current'],
    ['  ＡＣ２２０Ｖ', 'ac220v'],
    ['U/R。', 'u/r'],
  ])('normaliseBlank(%j) = %j', (text, form) => {
    expect(normaliseBlank(text)).toBe(form);
  });
});

describe('a different answer stays different', () => {
  test.each([
    ['another word', '并联', '串联'],
    ['another number', '380V', '220V'],
    ['a missing unit', '220', '220V'],
    ['a different symbol', 'U*R', 'U/R'],
    ['traditional vs simplified is a different character', '串聯', '串联'],
    ['an extra character', '串联电路', '串联'],
    ['a decimal point is not trailing punctuation inside a number', '2.5', '25'],
    // Spaces are folded, never deleted: between two Latin words a space is part of the answer.
    ['a space between words', 'a b', 'ab'],
    ['words run together', 'alternatingcurrent', 'alternating current'],
    ['a space between digits', '2 20', '220'],
  ])('%s: %s ≠ %s', (_, given, expected) => {
    expect(blankMatches(given, expected)).toBe(false);
  });

  test('an empty or blank answer is never right, even against an empty key', () => {
    expect(blankMatches('', '')).toBe(false);
    expect(blankMatches('   ', '串联')).toBe(false);
    expect(blankMatches(null, '串联')).toBe(false);
    expect(blankMatches(undefined, '')).toBe(false);
  });

  test('a blank of punctuation only keeps it', () => {
    expect(normaliseBlank('。')).toBe('.');
    expect(blankMatches('。', '.')).toBe(true);
    expect(blankMatches('，', '.')).toBe(false);
  });
});

describe('matchBlanks', () => {
  test('per blank, in order; missing blanks are wrong', () => {
    expect(matchBlanks('U/R|安培', 'U/R|安培')).toEqual({ right: 2, of: 2 });
    expect(matchBlanks('Ｕ／Ｒ|伏特', 'U/R|安培')).toEqual({ right: 1, of: 2 });
    expect(matchBlanks('安培|U/R', 'U/R|安培')).toEqual({ right: 0, of: 2 });
    expect(matchBlanks('U/R', 'U/R|安培')).toEqual({ right: 1, of: 2 });
    expect(matchBlanks(null, 'U/R|安培')).toEqual({ right: 0, of: 2 });
    expect(matchBlanks('a|b|c', 'a')).toEqual({ right: 1, of: 1 });
  });

  // Rule: a question without a key has one blank, and nothing is right against it, not even no answer.
  test('no key: one blank, never right', () => {
    expect(matchBlanks(null, null)).toEqual({ right: 0, of: 1 });
    expect(matchBlanks(undefined, undefined)).toEqual({ right: 0, of: 1 });
    expect(matchBlanks('串联', null)).toEqual({ right: 0, of: 1 });
  });
});
