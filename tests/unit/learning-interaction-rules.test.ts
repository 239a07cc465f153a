import { describe, expect, test } from 'vitest';
import { TEXT_LIMIT, counterText, likeAfter, textLength, textProblem, hasLikeButton } from '~/lib/learning/interaction';

describe('the interaction panel’s text rules', () => {
  test('the limit is 100 characters, counted as a reader counts them', () => {
    expect(TEXT_LIMIT).toBe(100);
    expect(textLength('')).toBe(0);
    expect(textLength('电')).toBe(1);
    expect(textLength('😀a')).toBe(2);
  });

  test('required: empty and blank are refused; 1 and 100 pass; 101 is too long', () => {
    expect(textProblem('', true)).toBe('required');
    expect(textProblem('   ', true)).toBe('required');
    expect(textProblem('', false)).toBeNull();
    expect(textProblem('问', true)).toBeNull();
    expect(textProblem('问'.repeat(100), true)).toBeNull();
    expect(textProblem('问'.repeat(101), true)).toBe('tooLong');
    expect(textProblem('😀'.repeat(100), false)).toBeNull();
    expect(textProblem('😀'.repeat(101), false)).toBe('tooLong');
    // The ends are trimmed before counting.
    expect(textProblem(`  ${'问'.repeat(100)}  `, true)).toBeNull();
  });

  test('a text of only zero-width or other invisible characters is blank (issue 27)', () => {
    for (const blank of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u3000', '\u00A0', '\u200B \u200D\n\t']) {
      expect(textProblem(blank, true)).toBe('required');
    }
    expect(textProblem('\u200B问\u200B', true)).toBeNull();
    expect(textProblem('👨\u200D👩', true)).toBeNull();
  });

  test('the counter reads n/100', () => {
    expect(counterText('')).toBe('0/100');
    expect(counterText('问'.repeat(100))).toBe('100/100');
    expect(counterText('问'.repeat(101))).toBe('101/100');
  });

  test('a like moves the total only when the state changes, never below 0', () => {
    expect(likeAfter({ isLike: false, likeTotal: 2 }, true)).toEqual({ isLike: true, likeTotal: 3 });
    expect(likeAfter({ isLike: true, likeTotal: 3 }, true)).toEqual({ isLike: true, likeTotal: 3 });
    expect(likeAfter({ isLike: true, likeTotal: 3 }, false)).toEqual({ isLike: false, likeTotal: 2 });
    expect(likeAfter({ isLike: true, likeTotal: 0 }, false)).toEqual({ isLike: false, likeTotal: 0 });
  });
});

describe('hasLikeButton: a like button for content that is not a video', () => {
  test.each([
    [1, 'video', false],
    [10, 'live', false],
    [19, 'live (other kind)', false],
    [2, 'audio', true],
    [3, 'article', true],
    [4, 'document', true],
    [5, 'archive', true],
    [8, 'images', true],
    [11, 'face-to-face', true],
    [20, 'icon-only type', true],
  ])('type %i (%s): %s', (type, _name, like) => {
    expect(hasLikeButton(type)).toBe(like);
  });
});
