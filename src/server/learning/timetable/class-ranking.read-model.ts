import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { MUST_LEARN, ONLINE_TYPE, SERVICE_STATUS, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { SIGN_IN } from '~/lib/learning/sign';
import { classSubmissions } from '../activities/activities.service';
import { whereEqual } from '../../db/clauses';

/**
 * The timetable's class ranking: how many required activities each student of the class finished,
 * in one query over the activities, lessons, sign-ins, submissions and study records (the
 * timetable is a hot path: one round trip, not one per domain). Every query names the school.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'classActivities', 'classrooms', 'activityAttendance', 'lessonRecords'] as const;

/** A start-time range [from, to) of activities; absent ends are open. */
export interface StartRange {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Each admitted student of the class (serviceStatus other than pending admission) with each required
 * activity starting in the range (its times, to tell whether it is theirs: activityExpected) and
 * whether they finished it, in one query (a student without any such activity has one row with
 * no activity). "Finished" is the rule of
 * src/lib/learning/attendance.ts (activityFinished), written in SQL: a face-to-face activity or
 * one without a lesson by signing in, a homework or test by a submitted attempt, another lesson by
 * a finished study record.
 *
 * Flat joins, not EXISTS subqueries correlated with the student: on PostgreSQL
 * 15 that form (planned as hashed subplans inside a per-student subquery) counted one student's
 * sign-ins and records for another, while SQLite was right (tests/api/learning-timetable.test.ts
 * compares the counts with each student's own activity list on both engines). Each join finds at most
 * one row per activity and student: sign-ins and study records are unique per student and
 * lesson or activity, and submitted attempts are grouped first.
 */
export async function finishedRequiredCounts(
  db: DB,
  tenantId: string,
  classId: string,
  range: StartRange,
): Promise<{ id: string; activityId: string | null; startAt: number; endAt: number; finished: boolean }[]> {
  const submitted = classSubmissions(db, tenantId, classId).select(['classStudentId', 'classroomId']).groupBy(['classStudentId', 'classroomId']).as('wa');
  const offline = sql.lit(ONLINE_TYPE.OFFLINE);
  const works = sql.join(WORK_CLASSROOM_TYPES.map((type) => sql.lit(type)));
  const finished = sql<boolean>`(
    ((a.online_type = ${offline} or r.classroom_type is null) and si.id is not null)
    or (a.online_type <> ${offline} and r.classroom_type in (${works}) and wa.classroom_id is not null)
    or (a.online_type <> ${offline} and r.classroom_type is not null and r.classroom_type not in (${works}) and lr.id is not null)
  )`;
  const rows = await db
    .selectFrom('classStudents as cs')
    .leftJoin('classActivities as a', (j) => {
      let on = j.onRef('a.tenantId', '=', 'cs.tenantId').onRef('a.classId', '=', 'cs.classId').on('a.isRequired', '=', MUST_LEARN.REQUIRED);
      if (range.from !== undefined) on = on.on('a.startAt', '>=', range.from);
      if (range.to !== undefined) on = on.on('a.startAt', '<', range.to);
      return on;
    })
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'))
    .leftJoin('activityAttendance as si', (j) => j.onRef('si.activityId', '=', 'a.id').onRef('si.classStudentId', '=', 'cs.id').on('si.type', '=', SIGN_IN))
    .leftJoin(submitted, (j) => j.onRef('wa.classStudentId', '=', 'cs.id').onRef('wa.classroomId', '=', 'a.classroomId'))
    .leftJoin('lessonRecords as lr', (j) =>
      j
        .onRef('lr.tenantId', '=', 'cs.tenantId')
        .onRef('lr.classStudentId', '=', 'cs.id')
        .onRef('lr.classroomId', '=', 'a.classroomId')
        .on('lr.finishedAt', 'is not', null),
    )
    .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.classId': classId }))
    .where('cs.serviceStatus', '<>', SERVICE_STATUS.PENDING_ADMISSION)
    .select(['cs.id', 'a.id as activityId', 'a.startAt', 'a.endAt', sql<number>`case when ${finished} then 1 else 0 end`.as('finished')])
    .orderBy('cs.id')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    activityId: r.activityId ?? null,
    startAt: Number(r.startAt ?? 0),
    endAt: Number(r.endAt ?? 0),
    finished: Number(r.finished) === 1,
  }));
}
