import { describe, expect, test } from 'vitest';
import { SAVE_GRACE_MS, deadlineOf, isOverdue, overdueDeadlineBefore, remainingSeconds, totalSecondsOf } from '~/server/exams/attempts/deadline.rules';

/** The server's deadline (src/server/exams/attempts/deadline.rules.ts) at every boundary. */

const START = Date.UTC(2026, 10, 22, 2, 0, 0);
const DEADLINE = START + 30 * 60_000;
const open = { status: 0, deadlineAt: DEADLINE };

describe('deadline and countdown', () => {
  test('the deadline is unitTime minutes after the start; none without a limit', () => {
    expect(deadlineOf(START, 30)).toBe(DEADLINE);
    expect(deadlineOf(START, null)).toBeNull();
    expect(deadlineOf(START, 0)).toBeNull();
    expect(totalSecondsOf(30)).toBe(1800);
    expect(totalSecondsOf(null)).toBeNull();
  });

  // Rule: only a positive number of minutes is a limit; 0, a negative number or none is no limit.
  test.each([
    [1, START + 60_000, 60],
    [0.5, START + 30_000, 30],
    [0, null, null],
    [-5, null, null],
    [null, null, null],
  ])('unitTime %s: deadline %s, %s seconds', (unitTime, deadline, seconds) => {
    expect(deadlineOf(START, unitTime)).toBe(deadline);
    expect(totalSecondsOf(unitTime)).toBe(seconds);
  });

  test('remaining seconds by the server clock, rounded up, never negative; 0 once submitted', () => {
    expect(remainingSeconds(open, START)).toBe(1800);
    expect(remainingSeconds(open, START + 1)).toBe(1800);
    expect(remainingSeconds(open, DEADLINE - 1000)).toBe(1);
    expect(remainingSeconds(open, DEADLINE - 999)).toBe(1);
    expect(remainingSeconds(open, DEADLINE)).toBe(0);
    expect(remainingSeconds(open, DEADLINE + 60_000)).toBe(0);
    expect(remainingSeconds({ status: 1, deadlineAt: DEADLINE }, START)).toBe(0);
    expect(remainingSeconds({ status: 0, deadlineAt: null }, START)).toBeNull();
  });
});

describe('saves and overdue attempts', () => {
  test('an attempt is overdue once the deadline plus the grace has passed (tests/api/exams-answers.test.ts holds the SQL to it)', () => {
    expect(SAVE_GRACE_MS).toBe(30_000);
    expect(isOverdue(open, DEADLINE)).toBe(false);
    expect(isOverdue(open, DEADLINE + 29_000)).toBe(false);
    expect(isOverdue(open, DEADLINE + SAVE_GRACE_MS)).toBe(false);
    expect(isOverdue(open, DEADLINE + SAVE_GRACE_MS + 1)).toBe(true);
  });

  test('a submitted attempt is never overdue; no limit is never overdue', () => {
    for (const status of [1, 2]) {
      expect(isOverdue({ status, deadlineAt: DEADLINE }, DEADLINE + 3_600_000)).toBe(false);
    }
    expect(isOverdue({ status: 0, deadlineAt: null }, DEADLINE + 3_600_000)).toBe(false);
  });

  test('the sweep query agrees with isOverdue', () => {
    const now = DEADLINE + SAVE_GRACE_MS + 1;
    expect(DEADLINE < overdueDeadlineBefore(now)).toBe(isOverdue(open, now));
    expect(DEADLINE < overdueDeadlineBefore(now - 1)).toBe(isOverdue(open, now - 1));
  });
});
