import type { DB } from '../../db/database';
import { pageFrom, type PageWindow } from '../../db/paging';
import { MUST_LEARN } from '~/lib/learning/codes';

/**
 * The staff side's reads of class activities, each with its lesson's and course's names in the
 * same query (the list pages and edits series). Every query names the school and the class (the
 * service has checked the class is in the staff member's scope), so an id of another class or
 * school matches nothing.
 */
export const READS = ['classrooms', 'courses'] as const;

export interface StaffActivityFilter {
  /** Start-time range [from, to). */
  from?: number | undefined;
  to?: number | undefined;
  onlineType?: number | undefined;
  isRequired?: number | undefined;
}

function activities(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classActivities as a')
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
    .leftJoin('courses as c', (j) => j.onRef('c.id', '=', 'a.courseId').onRef('c.tenantId', '=', 'a.tenantId'))
    .where('a.tenantId', '=', tenantId)
    .where('a.classId', '=', classId);
}

const COLUMNS = [
  'a.id',
  'a.name',
  'a.courseId',
  'c.name as courseName',
  'a.classroomId',
  'r.name as classroomName',
  'a.onlineType',
  'a.isRequired',
  'a.startAt',
  'a.endAt',
  'a.position',
  'a.address',
  'a.signIn',
  'a.signOut',
  'a.onlineAttendance',
  'a.seriesId',
  'a.bizType',
] as const;

/** A page of the class's activities, earliest first. */
export function pageActivities(db: DB, tenantId: string, classId: string, f: StaffActivityFilter, w: PageWindow) {
  let filtered = activities(db, tenantId, classId);
  if (f.from !== undefined) filtered = filtered.where('a.startAt', '>=', f.from);
  if (f.to !== undefined) filtered = filtered.where('a.startAt', '<', f.to);
  if (f.onlineType !== undefined) filtered = filtered.where('a.onlineType', '=', f.onlineType);
  if (f.isRequired === MUST_LEARN.REQUIRED) filtered = filtered.where('a.isRequired', '=', MUST_LEARN.REQUIRED);
  if (f.isRequired === MUST_LEARN.ELECTIVE) filtered = filtered.where('a.isRequired', '<>', MUST_LEARN.REQUIRED);
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
