import { describe, expect, test } from 'vitest';
import { rankOf } from '~/lib/learning/rank';

describe('rankOf: rank and defeat rate from rankIndex / rankTotal', () => {
  test.each([
    ['first of 5', 1, 5, 100],
    ['second of 5', 2, 5, 75],
    ['middle of 5', 3, 5, 50],
    ['last of 5', 5, 5, 0],
    ['first of 2', 1, 2, 100],
    ['last of 2', 2, 2, 0],
    ['second of 4 (two decimals)', 2, 4, 66.67],
    ['second of 31', 2, 31, 96.67],
  ])('%s -> %s%%', (_label, index, total, rate) => {
    expect(rankOf(index, total)).toEqual({ rank: index, total, defeatRate: rate });
  });

  test('alone in the class: ranked, but no defeat rate', () => {
    expect(rankOf(1, 1)).toEqual({ rank: 1, total: 1, defeatRate: null });
  });

  test('nobody ranked (rankTotal 0 or missing): no rank', () => {
    expect(rankOf(0, 0)).toBeNull();
    expect(rankOf(1, 0)).toBeNull();
    expect(rankOf(null, null)).toBeNull();
    expect(rankOf(undefined, 5)).toBeNull();
  });

  test('an index outside 1..rankTotal or not a whole number: no rank', () => {
    expect(rankOf(0, 5)).toBeNull();
    expect(rankOf(6, 5)).toBeNull();
    expect(rankOf(-1, 5)).toBeNull();
    expect(rankOf(1.5, 5)).toBeNull();
    expect(rankOf(1, Number.NaN)).toBeNull();
  });

  // Rule: a rankTotal below 1 ranks nobody, whatever the index says.
  test.each([
    [0, -1],
    [-1, -1],
    [1, -3],
    [1, 2.5],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])('rankIndex %s of %s: no rank', (index, total) => {
    expect(rankOf(index, total)).toBeNull();
  });
});
