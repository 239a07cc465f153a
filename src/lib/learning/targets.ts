/**
 * Target states of the learner area (the course's badge, the timetable's period). Pure and browser-safe; the clock is passed in
 * as epoch ms, window bounds are epoch ms (parse stored times with parseDateTime of ~/lib/time/cst).
 */

/** The four states a timetable period or a course can be in; the islands translate them. */
export type TargetState = 'notStarted' | 'inProgress' | 'overdue' | 'completed';

/** One duty: a target (a count, or a duration in ms) and how much of it is done. */
export interface Duty {
  target: number | null | undefined;
  done: number | null | undefined;
}

/**
 * The duties of a course (as the class's course list and the duty statistics give them): face-to-face
 * teaching sessions, study duration, homework and tests. Missing duties count as zero targets.
 */
export interface CourseDuties {
  faceTeaching?: Duty;
  studyDuration?: Duty;
  homework?: Duty;
  test?: Duty;
}

const finite = (n: number | null | undefined): n is number => Number.isFinite(n);
const positive = (n: number | null | undefined): n is number => finite(n) && n > 0;

/** A duty counts only when its target is non-zero: a zero target asks nothing of the student. */
export function dutyCounts(duty: Duty | undefined): boolean {
  return !!duty && positive(duty.target);
}

/** A counting duty is met when what is done reaches its target. */
export function dutyMet(duty: Duty): boolean {
  if (!positive(duty.target)) return true;
  return finite(duty.done) && duty.done >= duty.target;
}

/** The duties that count (non-zero target), in the order face teaching, duration, homework, test. */
export function countingDuties(duties: CourseDuties): Duty[] {
  return [duties.faceTeaching, duties.studyDuration, duties.homework, duties.test].filter(dutyCounts) as Duty[];
}

export interface CourseTargetInput {
  now: number;
  /** Start of the course's learning window (learnStartTime), epoch ms; null or NaN when not set. */
  learnStart: number | null | undefined;
  /** End of the learning window (learnEndTime), epoch ms; null or NaN when not set. */
  learnEnd: number | null | undefined;
  duties: CourseDuties;
}

/**
 * Course target state, or null when no badge shows.
 *
 * - No duty has a non-zero target: null (the badge appears only if some target is non-zero).
 * - Before the learning window (now < learnStart): 'notStarted', even if the duties happen to be met.
 * - Inside the window (learnStart <= now <= learnEnd, both ends included): 'completed' when every
 *   counting duty is met, else 'inProgress'.
 * - After the window (now > learnEnd): 'completed' when face-teaching, duration and homework/test
 *   duties are all met, else 'overdue' (overdue, not learned).
 *
 * "Complete shows when all duties are met in either of the last two periods" is read as: of the
 * three periods before / inside / after the window, 'completed' is possible in the last two
 * (inside and after), never before the window opens.
 *
 * A window without a start has started; a window without an end never closes (the course stays
 * 'inProgress' until met). Duties with a zero, negative or missing target are ignored.
 */
export function courseTargetState({ now, learnStart, learnEnd, duties }: CourseTargetInput): TargetState | null {
  const counting = countingDuties(duties);
  if (counting.length === 0) return null;
  if (finite(learnStart) && now < learnStart) return 'notStarted';
  const met = counting.every(dutyMet);
  if (met) return 'completed';
  return finite(learnEnd) && now > learnEnd ? 'overdue' : 'inProgress';
}

export interface TimetableTargetInput {
  now: number;
  /** The period shown (the week or month), epoch ms; in the All view, the class's start and end. */
  periodStart: number | null | undefined;
  periodEnd: number | null | undefined;
  /** How many required items of the period are unfinished (see unfinishedCount). */
  unfinished: number;
}

/**
 * Timetable target state:
 * - unfinished items and now after the period end (the class end in the All view): 'overdue';
 * - unfinished items and now within the period (both ends included): 'inProgress';
 * - no unfinished item: 'completed';
 * - otherwise (unfinished items, period not yet begun): 'notStarted'.
 * A period without an end never becomes overdue; one without a start has begun.
 */
export function timetableTargetState({ now, periodStart, periodEnd, unfinished }: TimetableTargetInput): TargetState {
  if (!(unfinished > 0)) return 'completed';
  if (finite(periodEnd) && now > periodEnd) return 'overdue';
  if (!finite(periodStart) || now >= periodStart) return 'inProgress';
  return 'notStarted';
}

/** A totalNum / finishNum pair of the duty count's resultMap. */
export interface CountPair {
  totalNum?: number | null;
  finishNum?: number | null;
}

/** The timetable's duty count. */
export interface DutyCount {
  requiredActivityNum?: number | null;
  finishSignActivityNum?: number | null;
  resultMap?: Record<string, CountPair | null | undefined> | null;
}

const count = (n: number | null | undefined) => (finite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * How many items of a duty count are still unfinished: required activities not signed, plus, for
 * each resultMap entry, totalNum - finishNum (never below 0 for one entry, so extra work on one
 * duty does not hide another that is missing).
 */
export function unfinishedCount(duty: DutyCount | null | undefined): number {
  if (!duty) return 0;
  let n = Math.max(0, count(duty.requiredActivityNum) - count(duty.finishSignActivityNum));
  for (const pair of Object.values(duty.resultMap ?? {})) {
    if (pair) n += Math.max(0, count(pair.totalNum) - count(pair.finishNum));
  }
  return n;
}
