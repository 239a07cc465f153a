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
});
