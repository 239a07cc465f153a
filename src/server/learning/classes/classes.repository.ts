import { sql } from 'kysely';
import { prepared, preparedIn } from '../../db/prepared';
import type { DB } from '../../db/database';
import { pageFrom, type PageWindow } from '../../db/paging';
import { whereEqual } from '../../db/clauses';
import { ofSchool } from '../../db/rows';
import { SERVICE_STATUS } from '~/lib/learning/codes';

/**
 * All SQL of classes, periods and enrolments. Every function takes the school (tenant id) first
 * and, for a student's data, the student's user id: a row is found only through the student's own
 * enrolment. The one exception is listClassesInEverySchool, the partner edition's ignore-tenant
 * list, which still answers only the user's own enrolments.
 */

/** An enrolment's own columns (class_students): what every learner call about a class checks, and the class page reads. */
const ENROLMENT_COLUMNS = [
  'cs.id as studentId',
  'cs.tenantId',
  'cs.classId',
  'cs.userId',
  'cs.schoolStudentId',
  'cs.serviceStatus',
  'cs.enrolStateAt',
  'cs.visitCount',
  'cs.statusAt',
  'cs.evaluateStatus',
  'cs.createdAt',
] as const;

/** An enrolment with its class and period, as the class cards, the class detail and a card's click read it. */
function enrolments(db: DB) {
  return db
    .selectFrom('classStudents as cs')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'cs.classId').onRef('tc.tenantId', '=', 'cs.tenantId'))
    .leftJoin('classPeriods as p', (j) => j.onRef('p.id', '=', 'cs.periodId').onRef('p.tenantId', '=', 'cs.tenantId'))
    .select(ENROLMENT_COLUMNS)
    .select([
      'tc.name as className',
      'tc.productName',
      'tc.teachingClassStatus',
      'tc.trainingStartAt',
      'tc.trainingEndAt',
      'tc.teacherName',
      'tc.learningGoal',
      'tc.experience',
      'tc.expectedOpenAt',
      'tc.teachingPlanCreatedAt',
      'p.name as periodName',
      'p.startAt as periodStartAt',
      'p.endAt as periodEndAt',
    ]);
}

/**
 * Enrolments with their class's numbers of students (what the class cards and the class detail show): everyone signed
 * up and those admitted, as the database keeps them (class_totals, decision 124), not counted over the class.
 */
function enrolmentsWithTotals(db: DB) {
  return enrolments(db).leftJoin('classTotals as ct', 'ct.classId', 'cs.classId').select(['ct.signUpTotal', 'ct.admittedTotal as classStudentTotal']);
}

/**
 * An enrolment as every learner call about a class checks it: its own row, nothing of its class joined and no counts
 * over the class (an answer save and a progress report begin with it). The row alone says the class exists: a class is
 * deleted only while it has no students (deleteEmptyClass), and class_students.class_id references teaching_classes.
 */
const ownEnrolments = (db: DB) => db.selectFrom('classStudents as cs').select(ENROLMENT_COLUMNS);
export type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof ownEnrolments>['executeTakeFirstOrThrow']>>;
/** An enrolment with its class and period (a class card's click reads the class's status). */
export type EnrolmentWithClass = Awaited<ReturnType<ReturnType<typeof enrolments>['executeTakeFirstOrThrow']>>;
export type EnrolmentWithTotals = Awaited<ReturnType<ReturnType<typeof enrolmentsWithTotals>['executeTakeFirstOrThrow']>>;

/** The user's classes in one school, newest enrolment first. */
export function listClasses(db: DB, tenantId: string, userId: string): Promise<EnrolmentWithTotals[]> {
  return enrolmentsWithTotals(db)
    .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.userId': userId }))
    .orderBy('cs.createdAt', 'desc')
    .orderBy('cs.id', 'desc')
    .execute();
}

/** The partner edition's ignore-tenant variant: the user's classes in every school. */
export function listClassesInEverySchool(db: DB, userId: string): Promise<EnrolmentWithTotals[]> {
  return enrolmentsWithTotals(db).where('cs.userId', '=', userId).orderBy('cs.createdAt', 'desc').orderBy('cs.id', 'desc').execute();
}

/**
 * One enrolment is looked up by its key, the class and the user (class_students_class_user_uq), and its school is
 * checked on the row it answers, not in the statement (decision 121). With the school in the statement, PostgreSQL may
 * take the index of a class's students in order (tenant_id, class_id, created_at) and read the whole class for one
 * row: it did, in an exam hall of 20,000 students of one class, 546 buffers and 2–3 ms a save, when the table had no
 * statistics yet. Without it, the only indexes that narrow the statement begin with the class and the user, or the
 * user: a handful of rows whatever the statistics say. A class belongs to one school, so the answers are the same.
 */
const byKey = (classId: string, userId: string) => whereEqual({ 'cs.classId': classId, 'cs.userId': userId });

/** The statement of findEnrolment (tests/api/enrolment-plan.test.ts reads its plan). */
export const enrolmentByKey = (db: DB, classId: string, userId: string) => ownEnrolments(db).$call(byKey(classId, userId));

/** The user's enrolment in one class of the school, or undefined (not enrolled, no such class, another school's). */
const enrolmentOf = prepared(2, enrolmentByKey);

export async function findEnrolment(db: DB, tenantId: string, userId: string, classId: string): Promise<EnrolmentRow | undefined> {
  return ofSchool(await enrolmentOf.first(db, classId, userId), tenantId);
}

/** The same enrolment with its class and period. */
export async function findEnrolmentWithClass(db: DB, tenantId: string, userId: string, classId: string): Promise<EnrolmentWithClass | undefined> {
  return ofSchool(await enrolments(db).$call(byKey(classId, userId)).executeTakeFirst(), tenantId);
}

const enrolmentWithTotalsOf = prepared(2, (db: DB, classId: string, userId: string) => enrolmentsWithTotals(db).$call(byKey(classId, userId)));

/** The same enrolment with its class's numbers of students (the class detail). */
export async function findEnrolmentWithTotals(db: DB, tenantId: string, userId: string, classId: string): Promise<EnrolmentWithTotals | undefined> {
  return ofSchool(await enrolmentWithTotalsOf.first(db, classId, userId), tenantId);
}

/** One page of the periods of the classes the user is enrolled in, of one period type; latest start first. */
export function pagePeriods(db: DB, tenantId: string, userId: string, classPeriodType: number, w: PageWindow) {
  const filtered = db
    .selectFrom('classPeriods as p')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'p.classId').onRef('tc.tenantId', '=', 'p.tenantId'))
    .$call(whereEqual({ 'p.tenantId': tenantId, 'p.classPeriodType': classPeriodType }))
    .where('p.classId', 'in', (eb) =>
      eb
        .selectFrom('classStudents as cs')
        .select('cs.classId')
        .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.userId': userId })),
    );
  const rows = filtered
    .select(['p.id', 'p.classId', 'tc.name as className', 'p.name', 'p.classPeriodType', 'p.startAt', 'p.endAt'])
    // nulls sort alike on both engines
    .orderBy(sql`coalesce(p.start_at, 0)`, w.order)
    .orderBy('p.id', w.order);
  return pageFrom(w, rows, filtered);
}

/** Records that the student opened the class; the first time is kept (idempotent). */
export function markEnrolState(db: DB, tenantId: string, userId: string, studentId: string, now: number) {
  return db
    .updateTable('classStudents')
    .set({ enrolStateAt: now })
    .$call(whereEqual({ tenantId, userId, id: studentId }))
    .where('enrolStateAt', 'is', null)
    .execute();
}

/** Adds one visit in one statement and answers the new count (correct under concurrent visits). */
const visitAdded = prepared(3, (db: DB, tenantId: string, userId: string, studentId: string) =>
  db
    .updateTable('classStudents')
    .set((eb) => ({ visitCount: eb('visitCount', '+', 1) }))
    .$call(whereEqual({ tenantId, userId, id: studentId }))
    .returning('visitCount'),
);

export async function increaseVisit(db: DB, tenantId: string, userId: string, studentId: string): Promise<number | undefined> {
  const row = await visitAdded.first(db, tenantId, userId, studentId);
  return row ? Number(row.visitCount) : undefined;
}

/** The period history of a class's students (moved students only), with each period's dates, oldest first. */
function periodStints(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classStudentPeriods as h')
    .leftJoin('classPeriods as p', (j) => j.onRef('p.id', '=', 'h.periodId').onRef('p.tenantId', '=', 'h.tenantId'))
    .select(['h.classStudentId', 'h.fromAt', 'h.untilAt', 'p.startAt', 'p.endAt'])
    .$call(whereEqual({ 'h.tenantId': tenantId, 'h.classId': classId }))
    .orderBy('h.fromAt');
}
// The class page's first view reads a student's periods and enrolment: printed once per length of the list (decision 071).
const periodStintsOf = preparedIn(3, (db: DB, tenantId: string, classId: string, classStudentIds: readonly string[]) =>
  periodStints(db, tenantId, classId).where('h.classStudentId', 'in', classStudentIds),
);
const classPeriodStints = prepared(2, periodStints);

/**
 * Which of a class's students: every one, those admitted (a service status other than pending admission), or the ones
 * named by their ids.
 */
export type ClassStudents = 'all' | 'admitted' | readonly string[];

/**
 * The period history of a class's students, or of the ones named. The whole class's is read by the class: named, the
 * 20,000 ids of a large class made a statement of their own on every call (decision 126).
 */
export function listPeriodStints(db: DB, tenantId: string, classId: string, students: ClassStudents) {
  if (typeof students === 'string') return classPeriodStints.all(db, tenantId, classId);
  if (!students.length) return Promise.resolve([]);
  return periodStintsOf.all(db, tenantId, classId, students);
}

/** Students with their enrolment time and current period's dates (filtered by the callers). */
function studentsWithPeriods(db: DB) {
  return db
    .selectFrom('classStudents as cs')
    .leftJoin('classPeriods as p', (j) => j.onRef('p.id', '=', 'cs.periodId').onRef('p.tenantId', '=', 'cs.tenantId'))
    .select(['cs.id', 'cs.createdAt', 'p.startAt', 'p.endAt', 'cs.periodId']);
}

function enrolmentRows(db: DB, tenantId: string, classId: string) {
  return studentsWithPeriods(db).$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.classId': classId }));
}

/**
 * Some students of a class by their ids alone, their school and class compared on the rows (decision 123): with the
 * school and class in the statement, PostgreSQL's generic plan took the index of the class's students in order and
 * read the whole class for each one asked for (20,002 rows and 495 buffers for one student of a class of 20,000).
 */
export const enrolmentsByIds = (db: DB, classStudentIds: readonly string[]) =>
  studentsWithPeriods(db).select(['cs.tenantId', 'cs.classId']).where('cs.id', 'in', classStudentIds);
const someEnrolmentsOf = preparedIn(1, enrolmentsByIds);

/** A class's students (every one, the admitted or the ones named) with their enrolment time and current period's dates. */
export async function listEnrolments(db: DB, tenantId: string, classId: string, students: ClassStudents = 'all') {
  if (students === 'all') return enrolmentRows(db, tenantId, classId).execute();
  if (students === 'admitted') return enrolmentRows(db, tenantId, classId).where('cs.serviceStatus', '<>', SERVICE_STATUS.PENDING_ADMISSION).execute();
  if (!students.length) return [];
  return (await someEnrolmentsOf.all(db, students)).filter((r) => r.tenantId === tenantId && r.classId === classId);
}
