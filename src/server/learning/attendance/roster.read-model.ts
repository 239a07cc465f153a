import type { DB } from '../../db/database';
import { SERVICE_STATUS } from '~/lib/learning/codes';
import { firstSubmissions } from '../activities/activities.service';
import { whereEqual } from '../../db/clauses';

/**
 * The staff's attendance sheet of one activity: every student it expects with their names and
 * what decides their attendance besides the signs, in one query. Every query names the school and
 * the class (the service has checked the class is in the staff member's scope and the activity is
 * the class's).
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'users', 'classActivities', 'classrooms', 'lessonRecords'] as const;

/**
 * The students an activity expects: every student of the class except those still pending
 * admission (as the learner's class ranking counts them), by name, with what
 * decides their attendance besides the signs: their record of the activity's lesson and their first
 * submission of it.
 */
export function classRoster(db: DB, tenantId: string, classId: string, activityId: string) {
  return db
    .selectFrom('classStudents as cs')
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .innerJoin('classActivities as a', (j) => j.onRef('a.tenantId', '=', 'cs.tenantId').onRef('a.classId', '=', 'cs.classId').on('a.id', '=', activityId))
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
    .leftJoin('lessonRecords as lr', (j) =>
      j.onRef('lr.tenantId', '=', 'a.tenantId').onRef('lr.classStudentId', '=', 'cs.id').onRef('lr.classroomId', '=', 'a.classroomId'),
    )
    .leftJoin(firstSubmissions(db, tenantId, classId), (j) => j.onRef('wa.classStudentId', '=', 'cs.id').onRef('wa.classroomId', '=', 'a.classroomId'))
    .select(['cs.id', 'u.realName', 'u.nickName', 'u.mobile', 'r.classroomType', 'lr.finishedAt as lessonFinishedAt', 'wa.firstSubmittedAt as workSubmittedAt'])
    .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.classId': classId }))
    .where('cs.serviceStatus', '<>', SERVICE_STATUS.PENDING_ADMISSION)
    .orderBy('u.realName', 'asc')
    .orderBy('cs.id', 'asc')
    .execute();
}
export type RosterRow = Awaited<ReturnType<typeof classRoster>>[number];
