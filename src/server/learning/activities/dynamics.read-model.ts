import type { DB } from '../../db/database';
import { pageFrom, type PageWindow } from '../../db/paging';
import { whereEqual } from '../../db/clauses';
import { preparedIn } from '../../db/prepared';

/**
 * The class's dynamics with who did each (the enrolment's user's names and avatar), in one query:
 * the class page lists them on every visit. Every query names the school and the class.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'users'] as const;

// Today's activities' dynamics, on the class page's first view: printed once per number of activities (decision 071).
const activityDynamicsOf = preparedIn(3, (db: DB, tenantId: string, classId: string, activityIds: readonly string[]) =>
  dynamicRows(
    db
      .selectFrom('classDynamics as d')
      .$call(whereEqual({ 'd.tenantId': tenantId, 'd.classId': classId }))
      .where('d.activityId', 'in', activityIds),
  ),
);

/** The dynamics of some of the class's activities, newest first, with who did it. */
export function listActivityDynamics(db: DB, tenantId: string, classId: string, activityIds: readonly string[]) {
  if (!activityIds.length) return Promise.resolve([]);
  return activityDynamicsOf.all(db, tenantId, classId, activityIds);
}

type DynamicsFrom = ReturnType<typeof dynamicsOfClass>;
const dynamicsOfClass = (db: DB) => db.selectFrom('classDynamics as d');

export type DynamicRow = Awaited<ReturnType<ReturnType<typeof dynamicRows>['execute']>>[number];

/** Dynamics (already filtered) with who did each, newest first. */
function dynamicRows(filtered: DynamicsFrom) {
  return filtered
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'd.classStudentId').onRef('cs.tenantId', '=', 'd.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .select(['d.id', 'd.activityId', 'd.type', 'd.content', 'd.createdAt', 'u.realName', 'u.nickName', 'u.avatar'])
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc');
}

/** The class's dynamics, newest first, optionally of one activity, with who did it. */
export function pageDynamics(db: DB, tenantId: string, classId: string, activityId: string | undefined, w: PageWindow) {
  let filtered = db.selectFrom('classDynamics as d').$call(whereEqual({ 'd.tenantId': tenantId, 'd.classId': classId }));
  if (activityId) filtered = filtered.where('d.activityId', '=', activityId);
  return pageFrom(w, dynamicRows(filtered), filtered);
}
