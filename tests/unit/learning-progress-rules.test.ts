import { describe, expect, test } from 'vitest';
import { capPercent, completionRate, percentText, progressPercent } from '~/lib/learning/progress';
import { lessonProgress } from '~/lib/learning/lesson';

describe('capPercent: 0..100, two decimals at most', () => {
  test.each([
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [0.004, 0],
    [0.005, 0.01],
    [1.005, 1.01],
    [33.333333, 33.33],
    [66.666666, 66.67],
    [99.994, 99.99],
    [99.995, 100],
    [100, 100],
    [100.01, 100],
    [250, 100],
  ])('%s -> %s', (value, expected) => {
    expect(capPercent(value)).toBe(expected);
  });

  test('null and undefined are 0', () => {
    expect(capPercent(null)).toBe(0);
    expect(capPercent(undefined)).toBe(0);
  });
});

describe('completionRate: finish / total as a capped percentage', () => {
  test.each([
    [0, 3, 0],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 8, 12.5],
    [3, 3, 100],
    [4, 3, 100],
    [1, 1, 100],
  ])('%i of %i -> %s', (finish, total, rate) => {
    expect(completionRate(finish, total)).toBe(rate);
  });

  test('a total of 0 (or missing, negative, not a number) is 0, not 100 or NaN', () => {
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(5, 0)).toBe(0);
    expect(completionRate(1, -2)).toBe(0);
    expect(completionRate(1, null)).toBe(0);
    expect(completionRate(1, Number.NaN)).toBe(0);
    expect(completionRate(null, 4)).toBe(0);
  });

  // Rule: a rate exists only for a positive total and a positive finish; every other pair is 0, in
  // particular a negative finish over a negative total is not the 50% its ratio would give.
  test.each([
    [-1, -2],
    [-3, 0],
    [1, Number.POSITIVE_INFINITY],
    [1, Number.NEGATIVE_INFINITY],
    [1, undefined],
    [-1, 3],
    [Number.NaN, 3],
    [Number.POSITIVE_INFINITY, 3],
    [undefined, 3],
  ])('%s of %s -> 0', (finish, total) => {
    expect(completionRate(finish, total)).toBe(0);
  });

  test('the smallest positive total and finish already give a rate', () => {
    expect(completionRate(0.5, 1)).toBe(50);
    expect(completionRate(1, 0.5)).toBe(100);
    expect(completionRate(0.001, 1)).toBe(0.1);
  });

  test('the text drops trailing zeros and never passes 100', () => {
    expect(percentText(completionRate(1, 3))).toBe('33.33');
    expect(percentText(completionRate(1, 8))).toBe('12.5');
    expect(percentText(completionRate(1, 2))).toBe('50');
    expect(percentText(completionRate(7, 3))).toBe('100');
    expect(percentText(null)).toBe('0');
  });

  test('progress bars use the same rule; a zero target is an empty bar', () => {
    expect(progressPercent(30, 60)).toBe(50);
    expect(progressPercent(90, 60)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe('lessonProgress: not started, position and percent, learned to 100%', () => {
  test('no percent and no position: not started', () => {
    expect(lessonProgress({})).toEqual({ kind: 'notStarted' });
    expect(lessonProgress({ learnProcess: 0, lastStudyTime: 0 })).toEqual({ kind: 'notStarted' });
    expect(lessonProgress({ learnProcess: null, lastStudyTime: null })).toEqual({ kind: 'notStarted' });
    expect(lessonProgress({ learnProcess: 'x', lastStudyTime: -10 })).toEqual({ kind: 'notStarted' });
  });

  test('some progress: the last position and the percent', () => {
    expect(lessonProgress({ learnProcess: 42.567, lastStudyTime: 125_000 })).toEqual({ kind: 'inProgress', positionMs: 125_000, percent: 42.57 });
    expect(lessonProgress({ learnProcess: '12.5', lastStudyTime: '3000' })).toEqual({ kind: 'inProgress', positionMs: 3000, percent: 12.5 });
  });

  test('a position without a percent, or a tiny percent, is in progress at 0%', () => {
    expect(lessonProgress({ learnProcess: 0, lastStudyTime: 1 })).toEqual({ kind: 'inProgress', positionMs: 1, percent: 0 });
    expect(lessonProgress({ learnProcess: 0.001 })).toEqual({ kind: 'inProgress', positionMs: 0, percent: 0 });
  });

  test('at 100, above 100, or rounding to 100: learned to 100%', () => {
    expect(lessonProgress({ learnProcess: 99.99, lastStudyTime: 10 })).toEqual({ kind: 'inProgress', positionMs: 10, percent: 99.99 });
    expect(lessonProgress({ learnProcess: 99.995, lastStudyTime: 10 })).toEqual({ kind: 'finished', percent: 100 });
    expect(lessonProgress({ learnProcess: 100 })).toEqual({ kind: 'finished', percent: 100 });
    expect(lessonProgress({ learnProcess: 180, lastStudyTime: 10 })).toEqual({ kind: 'finished', percent: 100 });
  });
});
