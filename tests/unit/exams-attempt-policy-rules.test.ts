import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ATTEMPT_STATUS,
  DEFAULT_POLICY,
  REVEAL,
  REVEAL_LIST,
  SCORE_RULES,
  SCORE_RULE_LIST,
  attemptsLeft,
  cappedDeadline,
  countedScore,
  isClosed,
  isHandedIn,
  nextAttemptNo,
  policyOf,
  reviewVisibility,
  startRefusal,
  stillAnswering,
  type AttemptPolicy,
  type Standing,
} from '~/lib/exams/attempt-policy';

/** The attempt policy's rules (src/lib/exams/attempt-policy.ts; decision 028) at every boundary. */

const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);
const GRACE = 30_000;
const base: AttemptPolicy = {
  maxAttempts: 3,
  scoreRule: SCORE_RULES.HIGHEST,
  marksShown: REVEAL.AFTER_SUBMIT,
  keysShown: REVEAL.AFTER_LAST_ATTEMPT,
  closesAt: null,
};
const at = (used: number, open = false, now = NOW): Standing => ({ used, open, now, graceMs: GRACE });

describe('statuses and the stored policy', () => {
  test('handed in: pending review and reviewed, not an attempt being answered', () => {
    expect([0, 1, 2, 3, -1].map(isHandedIn)).toEqual([false, true, true, false, false]);
    expect(ATTEMPT_STATUS).toEqual({ ANSWERING: 0, PENDING: 1, REVIEWED: 2 });
  });

  test('a stored policy is read as it is; unknown values fall back to the strictest meaning', () => {
    const row = { maxAttempts: 2, scoreRule: 'last', marksShown: 'after_close', keysShown: 'never', closesAt: '1795000000000' };
    expect(policyOf(row)).toEqual({ maxAttempts: 2, scoreRule: 'last', marksShown: 'after_close', keysShown: 'never', closesAt: 1_795_000_000_000 });
    expect(policyOf({ maxAttempts: null, scoreRule: 'best', marksShown: 'soon', keysShown: 'soon', closesAt: null })).toEqual({
      maxAttempts: null,
      scoreRule: 'highest',
      marksShown: 'never',
      keysShown: 'never',
      closesAt: null,
    });
    // Keys right after an attempt would feed the next one: they wait for the last attempt.
    expect(policyOf({ ...row, keysShown: 'after_submit' }).keysShown).toBe('after_last_attempt');
    expect(policyOf({ ...row, maxAttempts: 0 }).maxAttempts).toBe(1);
    expect(policyOf({ ...row, maxAttempts: 1.5 }).maxAttempts).toBe(1);
  });

  test('the default is a certifying test: one attempt, the keys once it is handed in', () => {
    expect(DEFAULT_POLICY).toEqual({ maxAttempts: 1, scoreRule: 'highest', marksShown: 'after_submit', keysShown: 'after_last_attempt', closesAt: null });
  });
});

describe('starting', () => {
  test('attempts left; unlimited is null', () => {
    expect(attemptsLeft(base, 0)).toBe(3);
    expect(attemptsLeft(base, 2)).toBe(1);
    expect(attemptsLeft(base, 3)).toBe(0);
    expect(attemptsLeft(base, 5)).toBe(0);
    expect(attemptsLeft({ maxAttempts: null }, 40)).toBeNull();
  });

  test('a new attempt starts while attempts are left and the work is open; closed from closesAt on', () => {
    expect(startRefusal(base, 2, NOW)).toBeNull();
    expect(startRefusal(base, 3, NOW)).toBe('noAttemptsLeft');
    expect(startRefusal({ ...base, maxAttempts: null }, 1000, NOW)).toBeNull();
    expect(startRefusal({ ...base, closesAt: NOW + 1 }, 0, NOW)).toBeNull();
    expect(startRefusal({ ...base, closesAt: NOW }, 0, NOW)).toBe('closed');
    expect(startRefusal({ ...base, closesAt: NOW }, 3, NOW)).toBe('closed');
    expect(isClosed({ closesAt: null }, NOW)).toBe(false);
    expect(isClosed({ closesAt: NOW - 1 }, NOW)).toBe(true);
  });

  test('attempt numbers: the next after the highest, never beyond the attempts allowed', () => {
    expect(nextAttemptNo(base, 0, NOW)).toBe(1);
    expect(nextAttemptNo(base, 2, NOW)).toBe(3);
    expect(nextAttemptNo(base, 3, NOW)).toBeNull();
    expect(nextAttemptNo({ ...base, closesAt: NOW }, 0, NOW)).toBeNull();
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }), fc.nat(30), (max, highest) => {
        const next = nextAttemptNo({ ...base, maxAttempts: max }, highest, NOW);
        if (next !== null) expect(max === null || next <= max).toBe(true);
        expect(next === null).toBe(max !== null && highest >= max);
      }),
    );
  });

  test('a deadline never after the close', () => {
    expect(cappedDeadline(NOW + 60_000, { closesAt: null })).toBe(NOW + 60_000);
    expect(cappedDeadline(null, { closesAt: null })).toBeNull();
    expect(cappedDeadline(null, { closesAt: NOW })).toBe(NOW);
    expect(cappedDeadline(NOW + 60_000, { closesAt: NOW + 30_000 })).toBe(NOW + 30_000);
    expect(cappedDeadline(NOW + 60_000, { closesAt: NOW + 90_000 })).toBe(NOW + 60_000);
  });
});

describe('what a review shows', () => {
  test('keys after the last attempt: hidden while another may start or one is open; unlimited ones wait for the close', () => {
    expect(reviewVisibility(base, at(1)).keys).toEqual({ shown: false, later: 'last_attempt', at: null });
    expect(reviewVisibility(base, at(3, true)).keys).toEqual({ shown: false, later: 'last_attempt', at: null });
    expect(reviewVisibility(base, at(3)).keys).toEqual({ shown: true });
    expect(reviewVisibility({ ...base, closesAt: NOW + 5 }, at(1)).keys).toEqual({ shown: false, later: 'last_attempt', at: NOW + 5 });
    // Closed: no other attempt can start, so the keys show.
    expect(reviewVisibility({ ...base, closesAt: NOW }, at(1)).keys).toEqual({ shown: true });
    expect(reviewVisibility({ ...base, maxAttempts: null }, at(9)).keys).toEqual({ shown: false, later: 'never', at: null });
    expect(reviewVisibility({ ...base, maxAttempts: null, closesAt: NOW + 5 }, at(9)).keys).toEqual({ shown: false, later: 'close', at: NOW + 5 });
  });

  // Rule (decision 052): marks after submit show the total at once while attempts are limited; each question's
  // right or wrong waits with the keys, as the total does with unlimited attempts (it would be an oracle).
  test('marks after submit: the total right away, each question’s mark only once no attempt can start', () => {
    const waits = { shown: false, later: 'last_attempt', at: null };
    expect(reviewVisibility(base, at(1))).toEqual({ marks: { shown: true }, questionMarks: waits, keys: waits });
    expect(reviewVisibility({ ...base, maxAttempts: null }, at(1, true)).marks).toEqual({ shown: false, later: 'never', at: null });
    const practice = { ...base, maxAttempts: null, closesAt: NOW + 5 };
    expect(reviewVisibility(practice, at(1)).marks).toEqual({ shown: false, later: 'close', at: NOW + 5 });
    expect(reviewVisibility(practice, at(1)).questionMarks).toEqual({ shown: false, later: 'close', at: NOW + 5 });
  });

  // Rule: keys the policy holds back stay held back for the policy's reason while the student may still answer:
  // never stays never, after the close stays after the close (not "after the last attempt").
  test.each([
    [REVEAL.NEVER, null, { shown: false, later: 'never', at: null }],
    [REVEAL.AFTER_CLOSE, NOW + 60_000, { shown: false, later: 'close', at: NOW + 60_000 }],
    [REVEAL.AFTER_CLOSE, null, { shown: false, later: 'never', at: null }],
  ] as const)('keys %s (close %s) while attempts remain', (keysShown, closesAt, keys) => {
    expect(reviewVisibility({ ...base, keysShown, closesAt }, at(1)).keys).toEqual(keys);
    expect(reviewVisibility({ ...base, keysShown, closesAt }, at(3, true)).keys).toEqual(keys);
  });

  test('keys after the close: only once the close and the save grace have passed, and no attempt is open', () => {
    const p = { ...base, keysShown: REVEAL.AFTER_CLOSE, closesAt: NOW };
    expect(reviewVisibility(p, at(3, false, NOW - 1)).keys).toEqual({ shown: false, later: 'close', at: NOW });
    expect(reviewVisibility(p, at(1, false, NOW + GRACE)).keys).toEqual({ shown: false, later: 'close', at: NOW });
    expect(reviewVisibility(p, at(1, false, NOW + GRACE + 1)).keys).toEqual({ shown: true });
    expect(reviewVisibility(p, at(1, true, NOW + GRACE + 1)).keys.shown).toBe(false);
    expect(reviewVisibility({ ...p, closesAt: null }, at(3)).keys).toEqual({ shown: false, later: 'never', at: null });
  });

  test('keys never; marks per their own option, and always with the keys', () => {
    const never = { shown: false, later: 'never', at: null };
    // Every attempt used: each question's mark shows with the total, the keys stay hidden.
    expect(reviewVisibility({ ...base, keysShown: REVEAL.NEVER }, at(3))).toEqual({ marks: { shown: true }, questionMarks: { shown: true }, keys: never });
    const hidden = { ...base, marksShown: REVEAL.NEVER };
    expect(reviewVisibility(hidden, at(1)).marks).toEqual({ shown: false, later: 'never', at: null });
    expect(reviewVisibility(hidden, at(3))).toEqual({ marks: { shown: true }, questionMarks: { shown: true }, keys: { shown: true } });
    const later = { ...base, marksShown: REVEAL.AFTER_LAST_ATTEMPT, keysShown: REVEAL.NEVER };
    expect(reviewVisibility(later, at(2)).marks).toEqual({ shown: false, later: 'last_attempt', at: null });
    expect(reviewVisibility(later, at(3)).marks).toEqual({ shown: true });
    const close = { ...base, marksShown: REVEAL.AFTER_CLOSE, keysShown: REVEAL.NEVER, closesAt: NOW };
    expect(reviewVisibility(close, at(1, false, NOW)).marks).toEqual({ shown: false, later: 'close', at: NOW });
    expect(reviewVisibility(close, at(1, false, NOW + GRACE + 1)).marks).toEqual({ shown: true });
  });

  test('whatever the policy and the standing, no key and no question’s mark shows while the student may still answer', () => {
    const policy = fc.record({
      maxAttempts: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      scoreRule: fc.constantFrom(...SCORE_RULE_LIST),
      marksShown: fc.constantFrom(...REVEAL_LIST),
      keysShown: fc.constantFrom(...REVEAL_LIST),
      closesAt: fc.option(fc.integer({ min: NOW - 120_000, max: NOW + 120_000 }), { nil: null }),
    });
    const standing = fc.record({
      used: fc.nat(6),
      open: fc.boolean(),
      now: fc.integer({ min: NOW - 200_000, max: NOW + 200_000 }),
      graceMs: fc.constant(GRACE),
    });
    fc.assert(
      fc.property(policy, standing, (p, s) => {
        const v = reviewVisibility(p, s);
        if (stillAnswering(p, s)) expect(v.keys.shown).toBe(false);
        if (v.keys.shown) expect(v.marks.shown).toBe(true);
        if (p.keysShown === REVEAL.NEVER) expect(v.keys.shown).toBe(false);
        // Each question's right or wrong: with the total, and only once the student cannot answer again (so always with the keys).
        expect(v.questionMarks.shown).toBe(v.marks.shown && !stillAnswering(p, s));
        if (v.keys.shown) expect(v.questionMarks.shown).toBe(true);
      }),
    );
  });
});

describe('which score counts', () => {
  const a = (attemptNo: number, status: number, score: number | null) => ({ attemptNo, status, score });
  const three = [a(2, 2, 70), a(1, 2, 30), a(3, 2, 0)];

  test('highest, last, first, average; attempts in any order', () => {
    expect(countedScore(SCORE_RULES.HIGHEST, three)).toEqual({ score: 70, pending: false, handedIn: true });
    expect(countedScore(SCORE_RULES.LAST, three)).toEqual({ score: 0, pending: false, handedIn: true });
    expect(countedScore(SCORE_RULES.FIRST, three)).toEqual({ score: 30, pending: false, handedIn: true });
    expect(countedScore(SCORE_RULES.AVERAGE, three)).toEqual({ score: 33.33, pending: false, handedIn: true });
  });

  test('nothing handed in: no score; an open attempt never counts', () => {
    for (const rule of SCORE_RULE_LIST) {
      expect(countedScore(rule, [])).toEqual({ score: null, pending: false, handedIn: false });
      expect(countedScore(rule, [a(1, 0, null)])).toEqual({ score: null, pending: false, handedIn: false });
    }
    expect(countedScore(SCORE_RULES.LAST, [a(1, 2, 40), a(2, 0, null)])).toEqual({ score: 40, pending: false, handedIn: true });
  });

  test('attempts waiting for marking: the counted one waits, the others count what is marked and say it may change', () => {
    const waiting = [a(1, 2, 50), a(2, 1, null)];
    expect(countedScore(SCORE_RULES.LAST, waiting)).toEqual({ score: null, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.FIRST, waiting)).toEqual({ score: 50, pending: false, handedIn: true });
    expect(countedScore(SCORE_RULES.HIGHEST, waiting)).toEqual({ score: 50, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.AVERAGE, waiting)).toEqual({ score: 50, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.HIGHEST, [a(1, 1, null)])).toEqual({ score: null, pending: true, handedIn: true });
  });

  // Rule: only a marked attempt's score counts: a score kept on an attempt still waiting for the teacher (the
  // objective part) is not its mark, and a reviewed attempt without a score is not marked yet.
  test('a provisional score never counts; a reviewed attempt without a score waits', () => {
    const provisional = [a(1, 2, 40), a(2, 1, 90)];
    expect(countedScore(SCORE_RULES.HIGHEST, provisional)).toEqual({ score: 40, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.AVERAGE, provisional)).toEqual({ score: 40, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.LAST, provisional)).toEqual({ score: null, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.FIRST, [a(1, 1, 90), a(2, 2, 40)])).toEqual({ score: null, pending: true, handedIn: true });
    const unscored = [a(1, 2, null)];
    for (const rule of SCORE_RULE_LIST) expect(countedScore(rule, unscored)).toEqual({ score: null, pending: true, handedIn: true });
    expect(countedScore(SCORE_RULES.HIGHEST, [a(1, 2, 60), a(2, 2, null)])).toEqual({ score: 60, pending: true, handedIn: true });
  });

  test('the counted score is one of the marked scores, or between them for the average', () => {
    const attempt = fc.record({ status: fc.constantFrom(0, 1, 2), score: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 8 }), fc.constantFrom(...SCORE_RULE_LIST), (list, rule) => {
        const attempts = list.map((x, i) => a(i + 1, x.status, x.status === 2 ? x.score : null));
        const marked = attempts.filter((x) => x.status === 2).map((x) => x.score!);
        const { score, handedIn } = countedScore(rule, attempts);
        expect(handedIn).toBe(attempts.some((x) => x.status >= 1));
        if (score === null) return;
        if (rule === SCORE_RULES.AVERAGE) {
          expect(score).toBeGreaterThanOrEqual(Math.min(...marked) - 0.005);
          expect(score).toBeLessThanOrEqual(Math.max(...marked) + 0.005);
        } else expect(marked).toContain(score);
        if (rule === SCORE_RULES.HIGHEST) expect(score).toBe(Math.max(...marked));
      }),
    );
  });
});
