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

/**
 * The newest `perActivity` dynamics of each of some of the class's activities, newest first within each, with who did
 * each: the class page shows a few of each of today's activities. Each activity's are read from its own index
 * (class_dynamics_activity_idx, decision 129) up to the limit, not every dynamic of the activities (a class-wide
 * activity has one a classmate); one statement, printed once per number of activities (decision 071).
 */
export function latestOfActivitiesQuery(db: DB, tenantId: string, classId: string, perActivity: number, activityIds: readonly string[]) {
  const [first, ...rest] = activityIds.map((activityId) =>
    db
      .selectFrom(
        dynamicRows(db.selectFrom('classDynamics as d').$call(whereEqual({ 'd.tenantId': tenantId, 'd.classId': classId, 'd.activityId': activityId })))
          .limit(perActivity)
          .as('x'),
      )
      .selectAll(),
  );
  return rest
    .reduce((all, one) => all.unionAll(one), first!)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
}
const latestOfActivities = preparedIn(4, latestOfActivitiesQuery);

/** The newest `perActivity` dynamics of each of some of the class's activities, newest first, with who did each. */
export function listLatestActivityDynamics(db: DB, tenantId: string, classId: string, activityIds: readonly string[], perActivity: number) {
  if (!activityIds.length) return Promise.resolve([]);
  return latestOfActivities.all(db, tenantId, classId, perActivity, activityIds);
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
