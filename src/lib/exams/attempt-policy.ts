/**
 * A work's attempt policy and the rules every screen and call derive from it (decision 028): how
 * many attempts a student has, which of their scores counts, and when a review may show their
 * marks and the right answers with the explanations. Pure and browser-safe: the server decides
 * with these rules, the screens only show what the server answered; the learner area counts a
 * work as handed in with the same statuses.
 *
 * The rule that protects the keys: a review never shows right answers or explanations while the
 * student can still start another attempt or is still answering one. Otherwise a student submits
 * an empty paper, reads every key in its review and scores full marks on the next attempt.
 */

import { isOneOf, valuesOf, type ValueOf } from '../value-set';

/** An attempt's status, as work_attempts stores it. */
export const ATTEMPT_STATUS = {
  /** Being answered. */
  ANSWERING: 0,
  /** Submitted, waiting for a teacher's marking (manually graded work or a short answer). */
  PENDING: 1,
  /** Submitted and marked (by the server's scoring, the teacher or the external bank). */
  REVIEWED: 2,
} as const;

/** The statuses of an attempt that was handed in: what the duties, the class page and the course page count. */
export const HANDED_IN_STATUSES: readonly number[] = [ATTEMPT_STATUS.PENDING, ATTEMPT_STATUS.REVIEWED];

/** The attempt was handed in (submitted by the student or by the deadline), marked or not. */
export const isHandedIn = (status: number): boolean => HANDED_IN_STATUSES.includes(status);

/** Which of a student's scores counts for the work (Moodle's grading methods). */
export const SCORE_RULES = {
  /** The best marked attempt (practice until it is right; Moodle's default). */
  HIGHEST: 'highest',
  /** The most recent handed-in attempt (each attempt replaces the one before). */
  LAST: 'last',
  /** The first handed-in attempt (later attempts are practice only). */
  FIRST: 'first',
  /** The mean of the marked attempts. */
  AVERAGE: 'average',
} as const;
export type ScoreRule = ValueOf<typeof SCORE_RULES>;
export const SCORE_RULE_LIST = valuesOf(SCORE_RULES);

/** When a review shows something (the marks, or the right answers and explanations), modelled on Moodle's review options. */
export const REVEAL = {
  /** As soon as the attempt is marked (marks only: the keys are never shown this early). */
  AFTER_SUBMIT: 'after_submit',
  /** Once the student cannot start another attempt: all attempts used, or the work closed. */
  AFTER_LAST_ATTEMPT: 'after_last_attempt',
  /** Once the work has closed for everyone (its close time plus the save grace has passed). */
  AFTER_CLOSE: 'after_close',
  NEVER: 'never',
} as const;
export type Reveal = ValueOf<typeof REVEAL>;
export const REVEAL_LIST = valuesOf(REVEAL);
/** When the keys may be shown: never right after an attempt, which would hand them to the next one. */
export const KEY_REVEAL_LIST: readonly Reveal[] = [REVEAL.AFTER_LAST_ATTEMPT, REVEAL.AFTER_CLOSE, REVEAL.NEVER];

/** A work's attempt policy, stored with the work. */
export interface AttemptPolicy {
  /** Attempts a student may start; null: unlimited (practice). */
  maxAttempts: number | null;
  scoreRule: ScoreRule;
  /** When the review shows the student's marks (score, right or wrong per question). */
  marksShown: Reveal;
  /** When the review shows the right answers and the explanations. */
  keysShown: Reveal;
  /** When the work closes (epoch ms): no attempt starts after it and open attempts end with it; null: never. */
  closesAt: number | null;
}

/** The policy of a work made without one: a certifying test (one attempt, keys once it is handed in). */
export const DEFAULT_POLICY: AttemptPolicy = {
  maxAttempts: 1,
  scoreRule: SCORE_RULES.HIGHEST,
  marksShown: REVEAL.AFTER_SUBMIT,
  keysShown: REVEAL.AFTER_LAST_ATTEMPT,
  closesAt: null,
};

/** A stored policy, read defensively: an unknown value falls back to the strictest meaning. */
export function policyOf(row: {
  maxAttempts: number | null;
  scoreRule: string;
  marksShown: string;
  keysShown: string;
  closesAt: number | string | null;
}): AttemptPolicy {
  const max = row.maxAttempts === null ? null : Number(row.maxAttempts);
  // Keys right after an attempt would hand them to the next one: that means after the last attempt.
  const keysShown = row.keysShown === REVEAL.AFTER_SUBMIT ? REVEAL.AFTER_LAST_ATTEMPT : row.keysShown;
  const keys = isOneOf(KEY_REVEAL_LIST, keysShown) ? keysShown : REVEAL.NEVER;
  return {
    maxAttempts: max === null ? null : Number.isInteger(max) && max > 0 ? max : 1,
    scoreRule: isOneOf(SCORE_RULE_LIST, row.scoreRule) ? row.scoreRule : SCORE_RULES.HIGHEST,
    marksShown: isOneOf(REVEAL_LIST, row.marksShown) ? row.marksShown : REVEAL.NEVER,
    keysShown: keys,
    closesAt: row.closesAt === null ? null : Number(row.closesAt),
  };
}

/** The work has closed: no attempt starts from `closesAt` on. */
export const isClosed = (p: Pick<AttemptPolicy, 'closesAt'>, now: number): boolean => p.closesAt !== null && now >= p.closesAt;

/** Attempts left after `used` (started, open or handed in); null: unlimited. */
export function attemptsLeft(p: Pick<AttemptPolicy, 'maxAttempts'>, used: number): number | null {
  return p.maxAttempts === null ? null : Math.max(0, p.maxAttempts - used);
}

/** Why a new attempt cannot start, or null when it can. */
export type StartRefusal = 'closed' | 'noAttemptsLeft';
export function startRefusal(p: AttemptPolicy, used: number, now: number): StartRefusal | null {
  if (isClosed(p, now)) return 'closed';
  if (p.maxAttempts !== null && used >= p.maxAttempts) return 'noAttemptsLeft';
  return null;
}

/** The number of the next attempt, when one may start: attempts are numbered 1, 2, … and never beyond maxAttempts. */
export function nextAttemptNo(p: AttemptPolicy, highestNo: number, now: number): number | null {
  return startRefusal(p, highestNo, now) === null ? highestNo + 1 : null;
}

/**
 * The deadline of an attempt started at `startedAt`: its time limit's (`limitDeadline`, null
 * without a limit), and never after the work closes, so every attempt has ended once the work has.
 */
export function cappedDeadline(limitDeadline: number | null, p: Pick<AttemptPolicy, 'closesAt'>): number | null {
  if (p.closesAt === null) return limitDeadline;
  return limitDeadline === null ? p.closesAt : Math.min(limitDeadline, p.closesAt);
}

/** A student's standing at a work, as the reveal rules read it. */
export interface Standing {
  /** Attempts started (open or handed in). */
  used: number;
  /** An attempt is being answered (not yet overdue). */
  open: boolean;
  now: number;
  /** How long after its deadline an attempt still takes answers (the server's save grace). */
  graceMs: number;
}

/** The student may still answer: an attempt is open, or another may start. */
export const stillAnswering = (p: AttemptPolicy, s: Standing): boolean => s.open || startRefusal(p, s.used, s.now) === null;

/** Every attempt of every student has ended: the work closed, and the save grace after it has passed. */
const closedForEveryone = (p: AttemptPolicy, s: Standing): boolean => p.closesAt !== null && s.now > p.closesAt + s.graceMs;

/** Shown now, or when it will be: after the student's last attempt, at the close (`at`), or never. */
export type Visibility = { shown: true } | { shown: false; later: 'last_attempt' | 'close' | 'never'; at: number | null };

const SHOWN: Visibility = { shown: true };
const never: Visibility = { shown: false, later: 'never', at: null };

function visibility(when: Reveal, p: AttemptPolicy, s: Standing): Visibility {
  switch (when) {
    case REVEAL.AFTER_SUBMIT:
      return SHOWN;
    case REVEAL.AFTER_LAST_ATTEMPT:
      if (!stillAnswering(p, s)) return SHOWN;
      // Unlimited attempts have no last one: only the close ends them.
      if (p.maxAttempts === null) return p.closesAt === null ? never : { shown: false, later: 'close', at: p.closesAt };
      return { shown: false, later: 'last_attempt', at: p.closesAt };
    case REVEAL.AFTER_CLOSE:
      if (closedForEveryone(p, s) && !s.open) return SHOWN;
      return p.closesAt === null ? never : { shown: false, later: 'close', at: p.closesAt };
    default:
      return never;
  }
}

/** What a review, a result or a standing may show of a student's handed-in attempts now (decisions 028 and 052). */
export interface ReviewVisibilities {
  /** The attempt's total score (and the score that counts). */
  marks: Visibility;
  /** Each question's right or wrong, points and comment: never while the student may still answer. */
  questionMarks: Visibility;
  /** The right answers, option flags and explanations. */
  keys: Visibility;
}

/**
 * What a review of a handed-in, marked attempt may show (decision 052). The keys: per the policy,
 * and never while the student is still answering (an open attempt, or another one may start).
 * Each question's right or wrong: with the keys, or with the total once the student cannot answer
 * again; a ✓/✗ per choice or true/false question is its key after a few attempts. The total: per the policy, and always once the keys are shown;
 * with unlimited attempts a total after each attempt is an oracle (change one answer, resubmit,
 * compare), so it then waits as the keys do, until no attempt can start.
 */
export function reviewVisibility(p: AttemptPolicy, s: Standing): ReviewVisibilities {
  let keys = visibility(p.keysShown, p, s);
  if (keys.shown && stillAnswering(p, s)) keys = visibility(REVEAL.AFTER_LAST_ATTEMPT, p, s);
  let marks = keys.shown ? SHOWN : visibility(p.marksShown, p, s);
  if (marks.shown && p.maxAttempts === null && stillAnswering(p, s)) marks = visibility(REVEAL.AFTER_LAST_ATTEMPT, p, s);
  // Shown keys imply shown marks and no further attempt, so "with the total, once no attempt can start" covers them.
  const questionMarks = marks.shown ? visibility(REVEAL.AFTER_LAST_ATTEMPT, p, s) : marks;
  return { marks, questionMarks, keys };
}

/** One attempt as the counted score reads it. */
export interface ScoredAttempt {
  /** 1, 2, … in the order they started. */
  attemptNo: number;
  status: number;
  /** The marked score (status REVIEWED), else null. */
  score: number | null;
}

export interface CountedScore {
  /** The score that counts; null: none yet (nothing marked, or the counted attempt waits for marking). */
  score: number | null;
  /** Handed in but not yet marked attempts could still change it. */
  pending: boolean;
  /** At least one attempt was handed in: the work is done for the duties. */
  handedIn: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The score that counts for the work under the rule, from the student's attempts (any order). */
export function countedScore(rule: ScoreRule, attempts: readonly ScoredAttempt[]): CountedScore {
  const handed = attempts.filter((a) => isHandedIn(a.status)).sort((a, b) => a.attemptNo - b.attemptNo);
  const marked = handed.filter((a) => a.status === ATTEMPT_STATUS.REVIEWED && a.score !== null);
  const waiting = handed.some((a) => a.status !== ATTEMPT_STATUS.REVIEWED || a.score === null);
  const handedIn = handed.length > 0;
  const one = (a: ScoredAttempt | undefined): CountedScore => ({
    score: a && a.status === ATTEMPT_STATUS.REVIEWED ? a.score : null,
    pending: !!a && (a.status !== ATTEMPT_STATUS.REVIEWED || a.score === null),
    handedIn,
  });
  switch (rule) {
    case SCORE_RULES.FIRST:
      return one(handed[0]);
    case SCORE_RULES.LAST:
      return one(handed[handed.length - 1]);
    case SCORE_RULES.AVERAGE:
      return { score: marked.length ? round2(marked.reduce((sum, a) => sum + a.score!, 0) / marked.length) : null, pending: waiting, handedIn };
    default:
      return { score: marked.length ? Math.max(...marked.map((a) => a.score!)) : null, pending: waiting, handedIn };
  }
}
