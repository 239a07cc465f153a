import type { Insertable, Selectable, WhereInterface } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { ATTEMPT_STATUS, HANDED_IN_STATUSES } from '~/lib/exams/attempt-policy';
import type { WorkDutyReport } from './attempts.table';
import { allLessons, inLessons, noLessons, whereEqual, type LessonFilter } from '../../db/clauses';
import { changedOne } from '../../db/rows';
import { prepared } from '../../db/prepared';

/**
 * All SQL of attempts (rows of work_attempts; HANDED_IN_STATUSES count as handed in, one rule for
 * the answering pages, the duties, the class page, the course page and marking) and of duty
 * reports. Every query names the school; a student's reads name the class student too. Writes
 * that must happen once are conditional: one open attempt per work and student (a partial unique
 * index), saves only while open and in time, one submission, marks over a locked row, one release.
 */

export type AttemptRow = Selectable<Database['workAttempts']>;

/** A statement on work_attempts (a read, an update), to narrow with the rules below through `$call`. */
type OnAttempts = WhereInterface<Database, 'workAttempts'>;

/** One attempt of the school. */
export const attempt =
  (tenantId: string, attemptId: string) =>
  <Q extends OnAttempts>(q: Q): Q =>
    q.where('tenantId', '=', tenantId).where('id', '=', attemptId) as Q;

/** One class student's attempts at one work. */
export const studentAtWork =
  (tenantId: string, workId: string, classStudentId: string) =>
  <Q extends OnAttempts>(q: Q): Q =>
    q.where('tenantId', '=', tenantId).where('workId', '=', workId).where('classStudentId', '=', classStudentId) as Q;

/** Handed in: pending review or reviewed (HANDED_IN_STATUSES). */
export const handedIn = <Q extends OnAttempts>(q: Q): Q => q.where('status', 'in', HANDED_IN_STATUSES) as Q;

/** The handed-in attempts of the students of one class. */
export const handedInOfClass =
  (tenantId: string, classId: string) =>
  <Q extends OnAttempts>(q: Q): Q =>
    handedIn(q.where('tenantId', '=', tenantId).where('classId', '=', classId) as Q);

/** An attempt at a work, not one made before works existed. */
const atWork = <Q extends OnAttempts>(q: Q): Q => q.where('workId', 'is not', null) as Q;

/** Still being answered. */
const open = <Q extends OnAttempts>(q: Q): Q => q.where('status', '=', ATTEMPT_STATUS.ANSWERING) as Q;

/** A class student's attempt at a work (not an attempt made before works existed), or undefined. */
const studentAttemptOf = prepared(3, (db: DB, tenantId: string, classStudentId: string, attemptId: string) =>
  db.selectFrom('workAttempts').selectAll().$call(attempt(tenantId, attemptId)).where('classStudentId', '=', classStudentId).$call(atWork),
);

export function findStudentAttempt(db: DB, tenantId: string, classStudentId: string, attemptId: string): Promise<AttemptRow | undefined> {
  // Every save and every answering call reads it: printed once (decision 071).
  return studentAttemptOf.first(db, tenantId, classStudentId, attemptId);
}

export function findAttempt(db: DB, tenantId: string, attemptId: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('workAttempts').selectAll().$call(attempt(tenantId, attemptId)).executeTakeFirst();
}

/** The student's attempt at the work still being answered, or undefined. */
export function findOpenAttempt(db: DB, tenantId: string, workId: string, classStudentId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('workAttempts')
    .selectAll()
    .$call(studentAtWork(tenantId, workId, classStudentId))
    .$call(open)
    .executeTakeFirst();
}

/** The student's attempts at a work, newest first (by attempt number). */
export function listAttempts(db: DB, tenantId: string, workId: string, classStudentId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('workAttempts')
    .selectAll()
    .$call(studentAtWork(tenantId, workId, classStudentId))
    .orderBy('attemptNo', 'desc')
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many attempts the student has started at the work, and the highest attempt number. */
export async function attemptNumbers(db: DB, tenantId: string, workId: string, classStudentId: string): Promise<{ count: number; highest: number }> {
  const row = await db
    .selectFrom('workAttempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('attemptNo').as('highest')])
    .$call(studentAtWork(tenantId, workId, classStudentId))
    .executeTakeFirst();
  return { count: row?.count ?? 0, highest: row?.highest ?? 0 };
}

/**
 * Opens an attempt with its number unless the number is taken or an attempt is already open for
 * the work and student: two unique keys decide a race (two starts at once take the same number and
 * one is kept; at most one attempt is open), so the attempts allowed are never exceeded.
 */
export async function insertOpenAttempt(db: DB, row: Insertable<Database['workAttempts']> & { attemptNo: number }): Promise<void> {
  await db
    .insertInto('workAttempts')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Takes the attempt for its one submission: true for the first caller only (the row is locked
 * until the transaction ends; a second submission waits, then finds it no longer open).
 */
export async function takeForSubmission(db: DB, tenantId: string, attemptId: string, now: number): Promise<boolean> {
  return changedOne(db.updateTable('workAttempts').set({ submittedAt: now }).$call(attempt(tenantId, attemptId)).$call(open));
}

export interface Submission {
  status: typeof ATTEMPT_STATUS.PENDING | typeof ATTEMPT_STATUS.REVIEWED;
  score: number | null;
  results: string;
  answeredCount: number;
  questionCount: number;
  submittedBy: 'student' | 'deadline';
  useTime?: number | null;
  bankPaper?: string | null;
}

/** Records the outcome of the submission taken by takeForSubmission (same transaction). */
export async function finishSubmission(db: DB, tenantId: string, attemptId: string, s: Submission): Promise<void> {
  await db
    .updateTable('workAttempts')
    .set({
      status: s.status,
      score: s.score,
      results: s.results,
      answeredCount: s.answeredCount,
      questionCount: s.questionCount,
      submittedBy: s.submittedBy,
      ...(s.useTime !== undefined ? { useTime: s.useTime } : {}),
      ...(s.bankPaper !== undefined ? { bankPaper: s.bankPaper } : {}),
    })
    .$call(attempt(tenantId, attemptId))
    .execute();
}

/** Open attempts of every school whose deadline is before `before` (the sweep), oldest deadline first. */
export function listOverdue(db: DB, before: number, limit: number): Promise<AttemptRow[]> {
  return db.selectFrom('workAttempts').selectAll().$call(open).where('deadlineAt', '<', before).$call(atWork).orderBy('deadlineAt').limit(limit).execute();
}

/** A submitted attempt of the student at a lesson of the class (a duty report needs one). */
export function findSubmittedAtLesson(db: DB, tenantId: string, classId: string, classStudentId: string, classroomId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('workAttempts')
    .selectAll()
    .$call(handedInOfClass(tenantId, classId))
    .$call(whereEqual({ classStudentId, classroomId }))
    .orderBy('submittedAt', 'desc')
    .executeTakeFirst();
}

/** Records a duty report once (the unique index makes a repeat, even a simultaneous one, a no-op). */
export async function insertDutyReport(db: DB, tenantId: string, row: Omit<WorkDutyReport, 'tenantId'>): Promise<void> {
  await db
    .insertInto('workDutyReports')
    .values({ ...row, tenantId })
    .onConflict((oc) => oc.columns(['activityId', 'classStudentId', 'classroomId', 'dutyType']).doNothing())
    .execute();
}

export function findDutyReport(
  db: DB,
  tenantId: string,
  activityId: string,
  classStudentId: string,
  classroomId: string,
  dutyType: string,
): Promise<WorkDutyReport | undefined> {
  return db.selectFrom('workDutyReports').selectAll().$call(whereEqual({ tenantId, activityId, classStudentId, classroomId, dutyType })).executeTakeFirst();
}

// ------------------------------------------------------------ the learner area's reads

const submittedAttempts = (db: DB, tenantId: string, classStudentId: string) =>
  db
    .selectFrom('workAttempts')
    .select(['id', 'classroomId', 'courseId', 'workType', 'startedAt', 'submittedAt', 'status', 'score'])
    .$call(whereEqual({ tenantId, classStudentId }))
    .$call(handedIn)
    .orderBy('submittedAt', 'desc');
// Every handed-in attempt of a student (the class page reads them on every first view): printed once (decision 071).
const allSubmittedAttempts = prepared(2, submittedAttempts);

/** The student's handed-in attempts (pending review or reviewed), of some lessons or of one course. */
export function listSubmittedAttempts(db: DB, tenantId: string, classStudentId: string, filter: LessonFilter) {
  if (noLessons(filter)) return Promise.resolve([]);
  if (allLessons(filter)) return allSubmittedAttempts.all(db, tenantId, classStudentId);
  return submittedAttempts(db, tenantId, classStudentId).$call(inLessons(filter)).execute();
}

/** The handed-in attempts of a class's students (class-wide figures: who handed in what, never their answers). */
const classHandedIn = (db: DB, tenantId: string, classId: string) => db.selectFrom('workAttempts').$call(handedInOfClass(tenantId, classId));

/**
 * Who of a class handed in which of some lessons of a course, as a statement for the finishers' count (decision 139;
 * tests/api/enrolment-plan.test.ts reads its plan). Not distinct: a student's attempts at a lesson are few, and the
 * count makes them distinct. Made distinct here, SQLite read the school's every attempt through the students' index
 * for its order, and PostgreSQL hashed a class of 20,000's 160,000 hand-ins past its memory (decision 131). Named by
 * the course as well as the lessons, so that the class's index by course answers it: it holds the attempt's status,
 * and only handed-in attempts are visited.
 */
export const classHandInsQuery = (db: DB, tenantId: string, classId: string, courseId: string, classroomIds: readonly string[]) =>
  classHandedIn(db, tenantId, classId).select(['classStudentId', 'classroomId']).where('courseId', '=', courseId).where('classroomId', 'in', classroomIds);

/**
 * Who of a class submitted work in some courses, as a statement for the participants' count to unite with the others
 * (duties.service.ts participantsOf, a course at a time): the course and the student of each attempt handed in, made
 * distinct by the union. With the student alone, SQLite read every class's hand-ins of the course through
 * work_attempts_course_idx, which gives the union its order (decision 136).
 */
export const courseSubmittersQuery = (db: DB, tenantId: string, classId: string, courseIds: readonly [string, ...string[]]) =>
  classHandedIn(db, tenantId, classId).select(['courseId', 'classStudentId']).where('courseId', 'in', courseIds);

// ------------------------------------------------------------ marking

/** A student's attempts in order, then by attempt number (the marking queue's order). */
const byStudentAndNumber = (a: AttemptRow, b: AttemptRow): number =>
  a.classStudentId < b.classStudentId ? -1 : a.classStudentId > b.classStudentId ? 1 : (a.attemptNo ?? 0) - (b.attemptNo ?? 0);

/**
 * The handed-in attempts (pending review or reviewed) of the works given, by student and attempt number. Read work by
 * work and put in order here: in one statement for all the works, ordered by the database, SQLite took the school's
 * index of attempts by student for the order and read every attempt of the school (13.9 ms for two works at 28,000
 * attempts, 0.15 ms a work after; decision 132).
 */
export async function listHandedInAtWorks(db: DB, tenantId: string, workIds: readonly string[]): Promise<AttemptRow[]> {
  const perWork = await Promise.all(
    [...new Set(workIds)].map((workId) =>
      db.selectFrom('workAttempts').selectAll().where('tenantId', '=', tenantId).where('workId', '=', workId).$call(handedIn).execute(),
    ),
  );
  return perWork.flat().sort(byStudentAndNumber);
}

/** Every attempt (any status) of the work, by attempt number. */
export function listWorkAttempts(db: DB, tenantId: string, workId: string): Promise<AttemptRow[]> {
  return db.selectFrom('workAttempts').selectAll().$call(whereEqual({ tenantId, workId })).orderBy('attemptNo').execute();
}

/** An attempt at a work (not one made before works existed) in a school, or undefined. */
export function findWorkAttempt(db: DB, tenantId: string, attemptId: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('workAttempts').selectAll().$call(attempt(tenantId, attemptId)).$call(atWork).executeTakeFirst();
}

/**
 * Takes the attempt's row for a marking write (a mark or the release) until the transaction ends,
 * so that the total written is computed from every mark: two marks of one attempt at once are
 * written one after the other. False: no such handed-in attempt.
 */
export async function lockForMarking(db: DB, tenantId: string, attemptId: string): Promise<boolean> {
  return changedOne(
    db
      .updateTable('workAttempts')
      .set((eb) => ({ results: eb.ref('results') }))
      .$call(attempt(tenantId, attemptId))
      .$call(handedIn),
  );
}

/** Releases a pending attempt once with its total: true for the first caller only. */
export async function releaseMarked(
  db: DB,
  tenantId: string,
  attemptId: string,
  r: { score: number; results: string; at: number; by: string },
): Promise<boolean> {
  return changedOne(
    db
      .updateTable('workAttempts')
      .set({ status: ATTEMPT_STATUS.REVIEWED, score: r.score, results: r.results, releasedAt: r.at, releasedBy: r.by })
      .$call(attempt(tenantId, attemptId))
      .where('status', '=', ATTEMPT_STATUS.PENDING),
  );
}

/** The per-question results of an attempt (and its score once released), after a mark changed. */
export async function rescore(db: DB, tenantId: string, attemptId: string, r: { results: string; score?: number }): Promise<void> {
  await db
    .updateTable('workAttempts')
    .set({ results: r.results, ...(r.score !== undefined ? { score: r.score } : {}) })
    .$call(attempt(tenantId, attemptId))
    .execute();
}

/** The attempts of some class enrolments (a student's, across classes), newest first, at most `limit`. */
export function listEnrolmentAttempts(db: DB, tenantId: string, classStudentIds: readonly string[], limit: number) {
  if (classStudentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('workAttempts')
    .select(['id', 'classId', 'classStudentId', 'workId', 'workType', 'status', 'score', 'startedAt', 'submittedAt', 'attemptNo'])
    .where('tenantId', '=', tenantId)
    .where('classStudentId', 'in', classStudentIds)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
