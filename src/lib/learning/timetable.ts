import { DAY } from '../time/cst';
import { COLOR_STATUS, groupByStartDate } from './calendar';
import { progressPercent } from './progress';
import type { DutyCount } from './targets';

/**
 * Timetable rules that are not calendar geometry: the query range, the colour of a day, the class
 * ranking and the target bars.
 * Pure and browser-safe; the server and the island both use them.
 */

/** The longest range the activity list and the duty count answer (a month view is 31 days). */
export const MAX_RANGE_DAYS = 100;

export type RangeProblem = 'inverted' | 'tooLong';

/**
 * What is wrong with a query range of epoch ms, both ends included, or null: an end before its
 * start, or more than MAX_RANGE_DAYS days from start to end.
 */
export function rangeProblem(start: number, end: number): RangeProblem | null {
  if (!(end >= start)) return 'inverted';
  if (end - start > MAX_RANGE_DAYS * DAY) return 'tooLong';
  return null;
}

export interface DayActivity {
  startAt: number;
  /** 1 required, else elective. */
  isRequired: number;
  finished: boolean;
}

export interface DayOption<T> {
  /** 'YYYY-MM-DD', China Standard Time. */
  dateKey: string;
  /** 1 unfinished, 2 finished. */
  colorStatus: 1 | 2;
  items: T[];
}

/**
 * The optionData of the timetable: activities grouped by their China Standard Time start day, in
 * date order. A day is finished (colorStatus 2) when every required activity of it is finished; a
 * day of electives only has nothing required left, so it is finished too.
 */
export function dayOptions<T extends DayActivity>(activities: readonly T[]): DayOption<T>[] {
  return groupByStartDate(activities, (a) => a.startAt).map((g) => ({
    dateKey: g.date,
    colorStatus: g.items.every((a) => a.isRequired !== 1 || a.finished) ? COLOR_STATUS.finished : COLOR_STATUS.unfinished,
    items: g.items,
  }));
}

export interface RankScore {
  /** The class student id. */
  id: string;
  /** The share of their required activities they finished (finishedShare). */
  score: number;
}

/**
 * A student's ranking score: the share of the required activities that are theirs (from their
 * enrolment, in their period; decision 051) that they finished, 0 when none is theirs yet. A share
 * rather than a count, so a student who joined late is not ranked below classmates for activities
 * held before they joined, which they could never make up.
 */
export function finishedShare(finished: number, expected: number): number {
  return expected > 0 ? Math.min(finished, expected) / expected : 0;
}

export interface ClassRank {
  /** 1-based place; 0 when the student is not among the ranked (not admitted). */
  rankIndex: number;
  rankTotal: number;
}

const scoreOf = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * A student's place in the class (the timetable's rankIndex / rankTotal): higher scores first,
 * and students with equal scores share the better place ("1, 2, 2, 4"): the place is one more
 * than the number of students with a strictly higher score. A score that is not a positive number
 * counts as 0. The total is every ranked student.
 */
export function classRank(scores: readonly RankScore[], id: string): ClassRank {
  const mine = scores.find((s) => s.id === id);
  if (!mine) return { rankIndex: 0, rankTotal: scores.length };
  const score = scoreOf(mine.score);
  return { rankIndex: 1 + scores.filter((s) => scoreOf(s.score) > score).length, rankTotal: scores.length };
}

/** A class's scores made ready to answer many students' places (the timetable keeps one a while; decision 125). */
export interface Ranking {
  /** classRank(scores, id), without reading every score again. */
  place(id: string): ClassRank;
}

/**
 * classRank for any student of `scores`, each in O(log n): every score once in order, and each student's own. A class
 * of 20,000 took 0.75 ms a place read the other way. The first score of an id is its own, as classRank finds it.
 */
export function rankingOf(scores: readonly RankScore[]): Ranking {
  const own = new Map<string, number>();
  const ordered = new Float64Array(scores.length);
  scores.forEach((s, i) => {
    const score = scoreOf(s.score);
    if (!own.has(s.id)) own.set(s.id, score);
    ordered[i] = score;
  });
  ordered.sort();
  return {
    place(id) {
      const score = own.get(id);
      if (score === undefined) return { rankIndex: 0, rankTotal: scores.length };
      // The first score above this one: those from it on are the higher ones.
      let low = 0;
      let high = ordered.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (ordered[middle]! <= score) low = middle + 1;
        else high = middle;
      }
      return { rankIndex: 1 + ordered.length - low, rankTotal: scores.length };
    },
  };
}

export type TargetBarKey = 'requiredClassrooms' | 'videoStudy' | 'homeworkTest';

export interface TargetBar {
  key: TargetBarKey;
  done: number;
  total: number;
  /** Minutes of study time, or a number of items. */
  unit: 'minutes' | 'items';
  /** done / total as a capped percentage. */
  percent: number;
}

const whole = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The progress bars of the target block: required classrooms (finished sign-ins of the
 * required activities), video study (the study-time duty in minutes when the class has one, else
 * the video-progress duty in videos) and homework and tests together. A bar shows only when its
 * total is not zero.
 */
export function targetBars(duty: DutyCount | null | undefined): TargetBar[] {
  if (!duty) return [];
  const map = duty.resultMap ?? {};
  const pair = (key: string) => ({ total: whole(map[key]?.totalNum), done: whole(map[key]?.finishNum) });
  const bars: TargetBar[] = [];
  const add = (key: TargetBarKey, unit: TargetBar['unit'], p: { total: number; done: number }) => {
    if (p.total > 0) bars.push({ key, unit, total: p.total, done: p.done, percent: progressPercent(p.done, p.total) });
  };
  add('requiredClassrooms', 'items', { total: whole(duty.requiredActivityNum), done: whole(duty.finishSignActivityNum) });
  const studyTime = pair('ONLINE_VIDEO_TEACHING_STUDY_TIMES');
  if (studyTime.total > 0) add('videoStudy', 'minutes', studyTime);
  else add('videoStudy', 'items', pair('VIDEO_PROGRESS'));
  const homework = pair('ONLINE_HOMEWORK_SUBMIT');
  const test = pair('ONLINE_TEST_SUBMIT');
  add('homeworkTest', 'items', { total: homework.total + test.total, done: homework.done + test.done });
  return bars;
}
