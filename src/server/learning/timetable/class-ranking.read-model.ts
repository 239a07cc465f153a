import type { DB } from '../../db/database';
import { MUST_LEARN, ONLINE_TYPE, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { SIGN_IN } from '~/lib/learning/sign';
import { whereEqual } from '../../db/clauses';

/**
 * The timetable's class ranking: the class's required activities, and which of them each student finished, read from
 * the activities, lessons, sign-ins, submissions and study records together (two statements at once, not one per
 * domain). Every query names the school.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classActivities', 'classrooms', 'activityAttendance', 'lessonRecords', 'workAttempts'] as const;

/** A start-time range [from, to) of activities; absent ends are open. */
export interface StartRange {
  from?: number | undefined;
  to?: number | undefined;
}

/** The class's required activities starting in the range, with their times (to tell whose each is: activityExpected). */
function requiredActivities(db: DB, tenantId: string, classId: string, range: StartRange) {
  let q = db
    .selectFrom('classActivities as a')
    .$call(whereEqual({ 'a.tenantId': tenantId, 'a.classId': classId }))
    .where('a.isRequired', '=', MUST_LEARN.REQUIRED);
  if (range.from !== undefined) q = q.where('a.startAt', '>=', range.from);
  if (range.to !== undefined) q = q.where('a.startAt', '<', range.to);
  return q;
}

/**
 * The class's ranking as the timetable makes it (decision 125): its required activities starting in the range with
 * their times, and which student finished which of them (the students admitted, and which activities are each one's,
 * come from learning/activities' membershipsIn: decision 126). "Finished" is the rule of src/lib/learning/attendance.ts
 * (activityFinished), written in SQL: a face-to-face activity or one without a lesson by signing in, a homework or test
 * by a submitted attempt, another lesson by a finished study record.
 *
 * Only the pairs finished are read, each of the rule's three ways from the rows that finish it (the sign-ins of the
 * activities, the class's hand-ins of their lessons, the class's finished records of their lessons), and the caller
 * crosses the students with the activities. Reading every student with every activity, and joining each pair to its
 * sign-in, hand-in and record, took 354 ms of SQLite's time and 360,054 rows in a class of 20,003 with 18 required
 * activities, of which 12 were finished.
 *
 * tests/api/learning-timetable.test.ts compares the ranking with each student's own activity list on both engines.
 */
export async function classRanking(
  db: DB,
  tenantId: string,
  classId: string,
  range: StartRange,
): Promise<{ activities: { id: string; startAt: number; endAt: number }[]; finished: { classStudentId: string; activityId: string }[] }> {
  const [times, finished] = await Promise.all([
    requiredActivities(db, tenantId, classId, range).select(['a.id', 'a.startAt', 'a.endAt']).execute(),
    finishedPairsQuery(db, tenantId, classId, range).execute(),
  ]);
  return {
    activities: times.map((a) => ({ id: a.id, startAt: Number(a.startAt), endAt: Number(a.endAt) })),
    finished,
  };
}

/**
 * Which student finished which of the class's required activities in the range, each of the rule's three ways (see
 * classRanking). tests/api/enrolment-plan.test.ts reads its plan: each lesson's hand-ins and records from the lesson's
 * own index entries (decision 130).
 */
export function finishedPairsQuery(db: DB, tenantId: string, classId: string, range: StartRange) {
  const offline = ONLINE_TYPE.OFFLINE;
  const works = [...WORK_CLASSROOM_TYPES];
  const activities = requiredActivities(db, tenantId, classId, range).leftJoin('classrooms as r', (j) =>
    j.onRef('r.id', '=', 'a.classroomId').onRef('r.tenantId', '=', 'a.tenantId'),
  );
  const signedIn = activities
    .innerJoin('activityAttendance as si', (j) => j.onRef('si.activityId', '=', 'a.id').on('si.type', '=', SIGN_IN))
    .where((eb) => eb.or([eb('a.onlineType', '=', offline), eb('r.classroomType', 'is', null)]))
    .select(['si.classStudentId', 'a.id as activityId']);
  // The class's submitted attempts at the lesson, from the lesson's own index entries (work_attempts_lesson_idx,
  // decision 130): an attempt's class is its student's, which never changes.
  const handedIn = activities
    .innerJoin('workAttempts as wa', (j) =>
      j
        .onRef('wa.tenantId', '=', 'a.tenantId')
        .onRef('wa.classId', '=', 'a.classId')
        .onRef('wa.classroomId', '=', 'a.classroomId')
        .on('wa.submittedAt', 'is not', null),
    )
    .where('a.onlineType', '<>', offline)
    .where('r.classroomType', 'in', works)
    .select(['wa.classStudentId', 'a.id as activityId'])
    .groupBy(['wa.classStudentId', 'a.id']);
  // The class's finished records of the lesson, from its own index entries (lesson_records_lesson_idx, decision 130).
  const studied = activities
    .innerJoin('lessonRecords as lr', (j) =>
      j
        .onRef('lr.tenantId', '=', 'a.tenantId')
        .onRef('lr.classId', '=', 'a.classId')
        .onRef('lr.classroomId', '=', 'a.classroomId')
        .on('lr.finishedAt', 'is not', null),
    )
    .where('a.onlineType', '<>', offline)
    .where('r.classroomType', 'is not', null)
    .where('r.classroomType', 'not in', works)
    .select(['lr.classStudentId', 'a.id as activityId']);
  return signedIn.unionAll(handedIn).unionAll(studied);
}
