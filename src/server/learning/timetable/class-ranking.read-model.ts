import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/database';
import { MUST_LEARN, ONLINE_TYPE, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { SIGN_IN } from '~/lib/learning/sign';
import { whereEqual } from '../../db/clauses';

/**
 * The timetable's class ranking: the class's required activities, and which of them each student finished, read from
 * the activities, lessons, sign-ins, submissions and study records together (one statement, not one per domain).
 * Every query names the school.
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

/** A class's ranking's reads (classRanking): its activities in order, and what each student finished of them. */
export interface ClassRankingRows {
  /** The class's required activities starting in the range, with their times (to tell whose each is). */
  activities: { id: string; startAt: number; endAt: number }[];
  /** Each student who finished any of them, and which: places in `activities`, each once. */
  finished: Map<string, number[]>;
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
 * One statement answers both, so they are of one moment: a row for each activity, numbered in the order of their ids,
 * then a row for each student with the numbers of the activities they finished. A class of 20,001 sent 260,086 pairs,
 * whose copy from the worker thread (decision 137) and objects held the server's thread 210–330 ms; it sends 20,000
 * short lists (decision 138).
 *
 * tests/api/learning-timetable.test.ts compares the ranking with each student's own activity list on both engines.
 */
export async function classRanking(db: DB, tenantId: string, classId: string, range: StartRange): Promise<ClassRankingRows> {
  const rows = await classRankingQuery(db, tenantId, classId, range).execute();
  const activities: ClassRankingRows['activities'] = [];
  const finished = new Map<string, number[]>();
  for (const r of rows) {
    if (r.classStudentId === null) activities[Number(r.k)] = { id: r.activityId!, startAt: Number(r.startAt), endAt: Number(r.endAt) };
    else finished.set(r.classStudentId, numbersOf(r.finished!));
  }
  return { activities, finished };
}

/**
 * The numbers of a list the database joined with commas ("0,3,12"), read digit by digit: no string is made for each
 * number. For a class of 20,000 lists of 17–18 numbers this took 2.4 ms, `split(',').map(Number)` 10–28 ms.
 */
function numbersOf(list: string): number[] {
  const numbers: number[] = [];
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const digit = list.charCodeAt(i) - ZERO;
    if (digit >= 0 && digit <= 9) n = n * 10 + digit;
    else {
      numbers.push(n);
      n = 0;
    }
  }
  if (list.length) numbers.push(n);
  return numbers;
}
const ZERO = '0'.charCodeAt(0);

/** The statement of classRanking: the activities numbered, then each student's finished numbers joined by commas. */
export function classRankingQuery(db: DB, tenantId: string, classId: string, range: StartRange) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const numbered = requiredActivities(db, tenantId, classId, range).select((eb) => [
    'a.id',
    'a.startAt',
    'a.endAt',
    sql<number>`${eb.fn.agg('row_number').over((o) => o.orderBy('a.id'))} - 1`.as('k'),
  ]);
  const joined = pg ? sql<string>`string_agg(distinct cast(${sql.ref('n.k')} as text), ',')` : sql<string>`group_concat(distinct ${sql.ref('n.k')})`;
  return db
    .with('n', () => numbered)
    .with('done', () => finishedPairsQuery(db, tenantId, classId, range))
    .selectFrom('n')
    .select([
      sql<string | null>`null`.as('classStudentId'),
      'n.k',
      sql<string | null>`${sql.ref('n.id')}`.as('activityId'),
      'n.startAt',
      'n.endAt',
      sql<string | null>`null`.as('finished'),
    ])
    .unionAll((qb) =>
      qb
        .selectFrom('done')
        .innerJoin('n', 'n.id', 'done.activityId')
        .select([
          'done.classStudentId',
          sql<number>`null`.as('k'),
          sql<string | null>`null`.as('activityId'),
          sql<number>`null`.as('startAt'),
          sql<number>`null`.as('endAt'),
          joined.as('finished'),
        ])
        .groupBy('done.classStudentId'),
    );
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
