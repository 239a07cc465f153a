import type { WhereInterface } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ClassActivityTable } from './activities.table';
import { pageFrom, type PageWindow } from '../../db/paging';
import { MUST_LEARN } from '~/lib/learning/codes';
import { whereEqual } from '../../db/clauses';

/**
 * The staff side's reads of class activities, each with its lesson's and course's names in the
 * same query (the list pages and edits series). Every query names the school and the class (the
 * service has checked the class is in the staff member's scope), so an id of another class or
 * school matches nothing.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classrooms', 'courses'] as const;

export interface StaffActivityFilter {
  /** Start-time range [from, to). */
  from?: number | undefined;
  to?: number | undefined;
  onlineType?: number | undefined;
  isRequired?: number | undefined;
}

/**
 * Narrows a statement on the class's activities (`a`) to those starting in [from, to) and, when
 * asked, to the required (1) or the elective ones (every other value), as the staff and the
 * student lists filter.
 */
export const startingRequired =
  (f: { from?: number | undefined; to?: number | undefined; isRequired?: number | undefined }) =>
  <Q extends WhereInterface<Database & { a: ClassActivityTable }, 'a'>>(q: Q): Q => {
    let narrowed = q;
    if (f.from !== undefined) narrowed = narrowed.where('a.startAt', '>=', f.from) as Q;
    if (f.to !== undefined) narrowed = narrowed.where('a.startAt', '<', f.to) as Q;
    if (f.isRequired === MUST_LEARN.REQUIRED) narrowed = narrowed.where('a.isRequired', '=', MUST_LEARN.REQUIRED) as Q;
    if (f.isRequired === MUST_LEARN.ELECTIVE) narrowed = narrowed.where('a.isRequired', '<>', MUST_LEARN.REQUIRED) as Q;
    return narrowed;
  };

function activities(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classActivities as a')
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
    .leftJoin('courses as c', (j) => j.onRef('c.id', '=', 'a.courseId').onRef('c.tenantId', '=', 'a.tenantId'))
    .$call(whereEqual({ 'a.tenantId': tenantId, 'a.classId': classId }));
}

/** An activity's (`a`) time and place and the attendance it asks (sign in, sign out, online), as the staff's and the students' lists show them. */
export const SCHEDULE_COLUMNS = ['a.startAt', 'a.endAt', 'a.position', 'a.address', 'a.signIn', 'a.signOut', 'a.onlineAttendance'] as const;

const COLUMNS = [
  'a.id',
  'a.name',
  'a.courseId',
  'c.name as courseName',
  'a.classroomId',
  'r.name as classroomName',
  'a.onlineType',
  'a.isRequired',
  ...SCHEDULE_COLUMNS,
  'a.seriesId',
  'a.bizType',
] as const;

/** A page of the class's activities, earliest first. */
export function pageActivities(db: DB, tenantId: string, classId: string, f: StaffActivityFilter, w: PageWindow) {
  let filtered = activities(db, tenantId, classId).$call(startingRequired(f));
  if (f.onlineType !== undefined) filtered = filtered.where('a.onlineType', '=', f.onlineType);
  return pageFrom(w, filtered.select(COLUMNS).orderBy('a.startAt', 'asc').orderBy('a.id', 'asc'), filtered);
}

export function findActivity(db: DB, tenantId: string, classId: string, id: string) {
  return activities(db, tenantId, classId).select(COLUMNS).where('a.id', '=', id).executeTakeFirst();
}
export type StaffActivityRow = NonNullable<Awaited<ReturnType<typeof findActivity>>>;

/** The occurrences of a series starting at or after `fromStartAt`, earliest first. */
export function seriesFrom(db: DB, tenantId: string, classId: string, seriesId: string, fromStartAt: number) {
  return activities(db, tenantId, classId)
    .select(COLUMNS)
    .where('a.seriesId', '=', seriesId)
    .where('a.startAt', '>=', fromStartAt)
    .orderBy('a.startAt', 'asc')
    .orderBy('a.id', 'asc')
    .execute();
}
