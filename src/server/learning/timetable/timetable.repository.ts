import type { DB } from '../../db/database';
import type { CalendarFeed } from './timetable.table';

/**
 * All SQL of the timetable: the class ranking and the calendar feeds. Every query names the
 * school; a feed is read for one class student, or found by its token's hash (the feed address
 * carries no school or user, so the caller compares the found feed's school with the request's).
 */

/** A start-time range [from, to) of activities; absent ends are open. */
export interface StartRange {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Each admitted student of the class (serviceStatus other than -1) with the number of required
 * activities starting in the range that they finished, in one query. "Finished" is the rule of
 * src/lib/learning/attendance.ts (activityFinished), written in SQL: a face-to-face activity or
 * one without a lesson by signing in, a homework or test by a submitted attempt, another lesson by
 * a finished study record.
 */
export async function finishedRequiredCounts(db: DB, tenantId: string, classId: string, range: StartRange): Promise<{ id: string; finished: number }[]> {
  const rows = await db
    .selectFrom('classStudents as cs')
    .where('cs.tenantId', '=', tenantId)
    .where('cs.classId', '=', classId)
    .where('cs.serviceStatus', '<>', -1)
    .select('cs.id')
    .select((eb) => {
      let activities = eb
        .selectFrom('classActivities as a')
        .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
        .whereRef('a.tenantId', '=', 'cs.tenantId')
        .whereRef('a.classId', '=', 'cs.classId')
        .where('a.isRequired', '=', 1);
      if (range.from !== undefined) activities = activities.where('a.startAt', '>=', range.from);
      if (range.to !== undefined) activities = activities.where('a.startAt', '<', range.to);
      return activities
        .where((w) => {
          const signedIn = w.exists(
            w
              .selectFrom('activityAttendance as si')
              .select('si.id')
              .whereRef('si.activityId', '=', 'a.id')
              .whereRef('si.classStudentId', '=', 'cs.id')
              .where('si.type', '=', 1),
          );
          const submitted = w.exists(
            w
              .selectFrom('workAttempts as wa')
              .select('wa.id')
              .whereRef('wa.tenantId', '=', 'a.tenantId')
              .whereRef('wa.classStudentId', '=', 'cs.id')
              .whereRef('wa.classroomId', '=', 'a.classroomId')
              .where('wa.submittedAt', 'is not', null),
          );
          const studied = w.exists(
            w
              .selectFrom('lessonRecords as lr')
              .select('lr.id')
              .whereRef('lr.tenantId', '=', 'a.tenantId')
              .whereRef('lr.classStudentId', '=', 'cs.id')
              .whereRef('lr.classroomId', '=', 'a.classroomId')
              .where('lr.finishedAt', 'is not', null),
          );
          const offline = w('a.onlineType', '=', 2);
          const noLesson = w('r.classroomType', 'is', null);
          const work = w('r.classroomType', 'in', [6, 7]);
          return w.or([
            w.and([w.or([offline, noLesson]), signedIn]),
            w.and([w.not(offline), work, submitted]),
            w.and([w.not(offline), w.not(noLesson), w.not(work), studied]),
          ]);
        })
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('finished');
    })
    .orderBy('cs.id')
    .execute();
  return rows.map((r) => ({ id: r.id, finished: Number(r.finished ?? 0) }));
}

/** The class student's live feed, or undefined. */
export function findLiveFeed(db: DB, tenantId: string, classStudentId: string): Promise<CalendarFeed | undefined> {
  return db
    .selectFrom('calendarFeeds')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
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
  await db
    .updateTable('calendarFeeds')
    .set({ revokedAt: now })
    .where('tenantId', '=', tenantId)
    .where('classStudentId', '=', classStudentId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** A live feed by its token's hash, with the enrolment and class it belongs to, or undefined. */
export function findLiveFeedByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('calendarFeeds as f')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'f.classStudentId').onRef('cs.tenantId', '=', 'f.tenantId'))
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'cs.classId').onRef('tc.tenantId', '=', 'cs.tenantId'))
    .select(['f.id', 'f.nonce', 'f.tenantId', 'f.classStudentId', 'cs.classId', 'cs.userId', 'tc.name as className'])
    .where('f.tokenHash', '=', tokenHash)
    .where('f.revokedAt', 'is', null)
    .executeTakeFirst();
}
