import { AUDIT_TARGET } from '~/lib/staff/roles';
import { CATALOG_STATE, type CatalogState } from '~/lib/api/contracts/admin-catalog';

/**
 * Scheduled publishing of the catalogue, as pure rules. A draft row may be given a time; it stays
 * a draft (never public) until the server's job publishes it at that time. One job per row: a new
 * time moves it. Publishing by hand, taking down or deleting the row cancels the schedule, and a
 * job that finds the row no longer scheduled for its time does nothing. A published row is taken
 * down before it is scheduled (a live page never vanishes because of a schedule), and a time that
 * is not after now is refused: "publish now" says that.
 */

/** The job kind that publishes a scheduled catalogue row at its time. */
export const CATALOG_PUBLISH_JOB = 'catalog.publish';

/** The catalogue types that have a draft/published state, named as their audit targets. */
export const SCHEDULABLE = [
  AUDIT_TARGET.product,
  AUDIT_TARGET.productCategory,
  AUDIT_TARGET.question,
  AUDIT_TARGET.hotMajor,
  AUDIT_TARGET.banner,
  AUDIT_TARGET.coupon,
  AUDIT_TARGET.albumCategory,
  AUDIT_TARGET.material,
] as const;
export type SchedulableType = (typeof SCHEDULABLE)[number];

/** The column every schedulable catalogue table has (its owner's *.table.ts extends it). */
export interface SchedulableColumns {
  /** When the server publishes this draft (epoch ms), or null when it is not scheduled. */
  scheduledAt: number | null;
}

export function isSchedulable(value: unknown): value is SchedulableType {
  return typeof value === 'string' && (SCHEDULABLE as readonly string[]).includes(value);
}

/** The one job of a row: its kind's key. */
export function catalogJobKey(type: SchedulableType, id: string): string {
  return `${type}:${id}`;
}

export type ScheduleRefusal = 'publishedCannotSchedule' | 'timeNotFuture';

/** Whether a row in `state` may be scheduled for `at` at `now`. */
export function mayScheduleAt(state: CatalogState, at: number, now: number): ScheduleRefusal | null {
  if (state === CATALOG_STATE.PUBLISHED) return 'publishedCannotSchedule';
  return at > now ? null : 'timeNotFuture';
}

/**
 * The list filter as the stored columns read it: a draft is a draft row with no time, a
 * scheduled row is a draft row with a time, a published row is published.
 */
export function storedFilter(state: number | undefined): { published: boolean; scheduled: boolean | undefined } | undefined {
  if (state === undefined) return undefined;
  if (state === CATALOG_STATE.PUBLISHED) return { published: true, scheduled: undefined };
  return { published: false, scheduled: state === CATALOG_STATE.SCHEDULED };
}

/** The job's payload, checked: what it publishes and the time it was scheduled for. */
export function readPayload(payload: Record<string, unknown>): { type: SchedulableType; id: string; at: number } | null {
  const { type, id, at } = payload;
  if (!isSchedulable(type) || typeof id !== 'string' || typeof at !== 'number') return null;
  return { type, id, at };
}
