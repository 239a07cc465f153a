import type { DB } from '../../db/database';
import type { CalendarFeed } from './timetable.table';
import { whereEqual } from '../../db/clauses';

/**
 * All SQL of the timetable's own table, the calendar feeds: every query names the school and the
 * class student. The class ranking is class-ranking.read-model.ts; a feed found by its token's
 * hash, with its enrolment and class, is calendar-feed.read-model.ts.
 */

/** The class student's live feed, or undefined. */
export function findLiveFeed(db: DB, tenantId: string, classStudentId: string): Promise<CalendarFeed | undefined> {
  return db.selectFrom('calendarFeeds').selectAll().$call(whereEqual({ tenantId, classStudentId })).where('revokedAt', 'is', null).executeTakeFirst();
}

/** Adds a live feed unless the student already has one (the partial unique index decides a race). */
export async function insertFeed(db: DB, row: Omit<CalendarFeed, 'revokedAt'>): Promise<void> {
  await db
    .insertInto('calendarFeeds')
    .values({ ...row, revokedAt: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Retires the class student's live feed: its address stops working at once. */
export async function revokeFeeds(db: DB, tenantId: string, classStudentId: string, now: number): Promise<void> {
  await db.updateTable('calendarFeeds').set({ revokedAt: now }).$call(whereEqual({ tenantId, classStudentId })).where('revokedAt', 'is', null).execute();
}
