import { inTodayTab, type TodayActivity } from './class-detail';
import { courseNature, isRequired } from './labels';
import { completionRate } from './progress';
import { DAY, startOfCstDay } from '../time/cst';

/**
 * The class page's figures: the student card's completion
 * rate, the sums of past activities, what "today" and "past" mean, and when the classroom
 * highlights card shows. Pure and browser-safe; the server decides the numbers with these, the
 * island shows them.
 */

/** Today's China Standard Time day as a start-time range [from, to). */
export function todayRange(now: number): { from: number; to: number } {
  const from = startOfCstDay(now);
  return { from, to: from + DAY };
}

/** Whether an activity starting at `startAt` is in the range (from inclusive, to exclusive), as the database's filter decides it. */
export function startsWithin(startAt: number, range: { from: number; to: number }): boolean {
  return startAt >= range.from && startAt < range.to;
}

/** Past activities: those that started before today's China Standard Time day. */
export function pastBefore(now: number): number {
  return startOfCstDay(now);
}

export interface RatedActivity {
  /** 1 required, anything else elective. */
  isRequired: number | null | undefined;
  finished: boolean;
}

/**
 * The completion rate of the student card (completed activities divided by assessed activities):
 * the class's required activities are the ones assessed (an elective is not),
 * so the rate is finished required ÷ required, as a percentage capped at 100 with at most two
 * decimals. No required activity gives 0: nothing to complete is not a completion.
 */
export function finishActivityRate(activities: readonly RatedActivity[]): number {
  const assessed = activities.filter((a) => isRequired(a.isRequired));
  return completionRate(assessed.filter((a) => a.finished).length, assessed.length);
}

export interface PastSums {
  totalNum: number;
  /** Required and missed. */
  absenceNum: number;
  /** Required and attended. */
  attendanceNum: number;
  /** Not required. */
  electiveNum: number;
}

/**
 * The sums of the past tab's sub-tabs (全部 / 缺勤 / 已出勤 / 选修), counted with the same rule that
 * files an activity under a sub-tab (class-detail.ts), so each sum is the length of its list.
 */
export function pastSums(activities: readonly TodayActivity[]): PastSums {
  const count = (tab: 'missed' | 'attended' | 'elective') => activities.filter((a) => inTodayTab(a, tab)).length;
  return { totalNum: activities.length, absenceNum: count('missed'), attendanceNum: count('attended'), electiveNum: count('elective') };
}

/**
 * The classroom highlights card shows only when the class has an offline course: a
 * face-to-face course or a mixed one, which has face-to-face lessons too.
 */
export function hasOfflineCourse(courses: readonly { courseNature: number | null | undefined }[]): boolean {
  return courses.some((c) => courseNature(c.courseNature) !== 'online');
}

/** The dynamic shown after `index` when the list scrolls on (back to the first after the last). */
export function nextDynamic(index: number, length: number): number {
  if (!Number.isInteger(length) || length <= 1) return 0;
  return Number.isInteger(index) && index >= 0 && index < length - 1 ? index + 1 : 0;
}
