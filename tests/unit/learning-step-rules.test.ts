import { describe, expect, test } from 'vitest';
import { stepFrom } from '~/lib/learning/step';

describe('stepFrom (previous/next in the online classroom)', () => {
  const list = ['a', 'b', 'c'];

  test('inside the list: the neighbour either way', () => {
    expect(stepFrom(list, 1, -1)).toEqual({ kind: 'item', item: 'a' });
    expect(stepFrom(list, 1, 1)).toEqual({ kind: 'item', item: 'c' });
    expect(stepFrom(list, 0, 1)).toEqual({ kind: 'item', item: 'b' });
    expect(stepFrom(list, 2, -1)).toEqual({ kind: 'item', item: 'b' });
  });

  test('previous at the first item is the first; next at the last is the last', () => {
    expect(stepFrom(list, 0, -1)).toEqual({ kind: 'first' });
    expect(stepFrom(list, 2, 1)).toEqual({ kind: 'last' });
  });

  test('a single item is both ends', () => {
    expect(stepFrom(['x'], 0, -1)).toEqual({ kind: 'first' });
    expect(stepFrom(['x'], 0, 1)).toEqual({ kind: 'last' });
  });

  test('an empty list, or a current item not in the list, answers the end the step heads for', () => {
    expect(stepFrom([], 0, -1)).toEqual({ kind: 'first' });
    expect(stepFrom([], 0, 1)).toEqual({ kind: 'last' });
    expect(stepFrom(list, -1, 1)).toEqual({ kind: 'last' });
    expect(stepFrom(list, -1, -1)).toEqual({ kind: 'first' });
    expect(stepFrom(list, 3, -1)).toEqual({ kind: 'first' });
    expect(stepFrom(list, 1.5, 1)).toEqual({ kind: 'last' });
  });
});
