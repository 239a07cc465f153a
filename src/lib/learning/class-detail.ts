import { ACTIVITY_STATUS } from './attendance';
import { MUST_LEARN, TEACHING_CLASS_STATUS } from './codes';
import { attendanceStatus, isRequired } from './labels';

/**
 * Class detail: its tabs, sub-tabs and page sizes. Pure and browser-safe.
 */

/** Past activities page sizes and the default. */
export const PAST_PAGE_SIZES = [6, 9, 12] as const;
export const DEFAULT_PAST_PAGE_SIZE = 6;
/** Activity dynamics: page size and scroll interval. */
export const DYNAMIC_PAGE_SIZE = 30;
export const DYNAMIC_SCROLL_MS = 5000;

/** A page size the past list accepts: 6, 9 or 12; anything else (a typed query, a stale store) is 6. */
export function pastPageSize(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return (PAST_PAGE_SIZES as readonly unknown[]).includes(n) ? (n as number) : DEFAULT_PAST_PAGE_SIZE;
}

export type MainTab = 'today' | 'past';

/**
 * The main tabs: classStatus 2 (teaching over) shows only 'past' and opens on it; any other status
 * shows 'today' and 'past' and opens on 'today'.
 */
export function mainTabs(classStatus: number | null | undefined): { tabs: MainTab[]; initial: MainTab } {
  return classStatus === TEACHING_CLASS_STATUS.OVER ? { tabs: ['past'], initial: 'past' } : { tabs: ['today', 'past'], initial: 'today' };
}

export type TodayTab = 'all' | 'pending' | 'missed' | 'attended' | 'elective';

export interface TodayActivity {
  isRequired?: number | null;
  classActivityStatus?: number | null;
}

/**
 * Today's sub-tab of an activity list: all; pending = required with status 0; missed =
 * required with status 1; attended = status 2 (required; an elective's status is never shown, so
 * it lists under elective only); elective = not required.
 */
export function inTodayTab(activity: TodayActivity, tab: TodayTab): boolean {
  const required = isRequired(activity.isRequired);
  const status = attendanceStatus(activity.classActivityStatus);
  switch (tab) {
    case 'all':
      return true;
    case 'pending':
      return required && status === 'pending';
    case 'missed':
      return required && status === 'missed';
    case 'attended':
      return required && status === 'attended';
    case 'elective':
      return !required;
  }
}

export const TODAY_TABS: readonly TodayTab[] = ['all', 'pending', 'missed', 'attended', 'elective'];

/**
 * Counts of today's sub-tabs, the tab selected first (pending when a pending activity exists,
 * otherwise all) and whether the missed tab shows its dot (some missed activity).
 */
export function todayTabs(activities: readonly TodayActivity[]): { counts: Record<TodayTab, number>; initial: TodayTab; missedDot: boolean } {
  const counts = Object.fromEntries(TODAY_TABS.map((tab) => [tab, activities.filter((a) => inTodayTab(a, tab)).length])) as Record<TodayTab, number>;
  return { counts, initial: counts.pending > 0 ? 'pending' : 'all', missedDot: counts.missed > 0 };
}

export type PastTab = 'all' | 'missed' | 'attended' | 'elective';
export const PAST_TABS: readonly PastTab[] = ['all', 'missed', 'attended', 'elective'];

/** The filter the past activities page sends for a past sub-tab (model classActivityStatus / isRequired). */
export function pastFilter(tab: PastTab): { classActivityStatus?: 1 | 2; isRequired?: 0 | 1 } {
  switch (tab) {
    case 'all':
      return {};
    case 'missed':
      return { classActivityStatus: ACTIVITY_STATUS.missed, isRequired: MUST_LEARN.REQUIRED };
    case 'attended':
      return { classActivityStatus: ACTIVITY_STATUS.attended, isRequired: MUST_LEARN.REQUIRED };
    case 'elective':
      return { isRequired: MUST_LEARN.ELECTIVE };
  }
}
