import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { changedAny, changedRows } from '../../db/rows';
import { whereEqual } from '../../db/clauses';
import type { ClassPeriodTable, ClassTeacherTable, TeachingClassTable } from './classes.table';

/**
 * All SQL of the staff side of classes over classes' own tables (the student list, with the
 * students' names and their study records, is staff-students.read-model.ts). Every function takes the school first; a class, period or
 * enrolment is found only within it. A teacher's scope is the classes they have a class_teachers
 * row for (`accountId` given); administrators pass none and reach every class of the school.
 */

export interface ClassFilter {
  name?: string | undefined;
  teachingClassStatus?: number | undefined;
  experience?: number | undefined;
  /** Only classes this account teaches (a teacher's list). */
  accountId?: string | undefined;
}

/** The school's classes (`tc`). */
const classesOf = (db: DB, tenantId: string) => db.selectFrom('teachingClasses as tc').where('tc.tenantId', '=', tenantId);

/**
 * Each class with how many students and periods it has. The periods are counted with the school named, so that their
 * index by school and class answers it; without it SQLite read the periods of every school for each class (decision
 * 132). The students' unique key begins with the class.
 */
const withFigures = (classes: ReturnType<typeof classesOf>) =>
  classes
    .selectAll('tc')
    .select((eb) => [
      eb.selectFrom('classStudents as cs').whereRef('cs.classId', '=', 'tc.id').select(eb.fn.countAll<number>().as('n')).as('studentCount'),
      eb
        .selectFrom('classPeriods as p')
        .whereRef('p.tenantId', '=', 'tc.tenantId')
        .whereRef('p.classId', '=', 'tc.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('periodCount'),
    ]);

export function pageClasses(db: DB, tenantId: string, f: ClassFilter, w: PageWindow) {
  let filtered = classesOf(db, tenantId);
  if (f.name) filtered = filtered.where('tc.name', 'like', containing(f.name));
  if (f.teachingClassStatus !== undefined) filtered = filtered.where('tc.teachingClassStatus', '=', f.teachingClassStatus);
  if (f.experience !== undefined) filtered = filtered.where('tc.experience', '=', f.experience);
  if (f.accountId) filtered = filtered.where('tc.id', 'in', classesTaughtBy(db, tenantId, f.accountId));
  return pageFrom(w, withFigures(filtered).orderBy('tc.createdAt', 'desc').orderBy('tc.id', 'desc'), filtered);
}

export function findClass(db: DB, tenantId: string, id: string) {
  return withFigures(classesOf(db, tenantId).where('tc.id', '=', id)).executeTakeFirst();
}
export type ClassRow = NonNullable<Awaited<ReturnType<typeof findClass>>>;

export function findClassByName(db: DB, tenantId: string, name: string) {
  return db.selectFrom('teachingClasses').select('id').$call(whereEqual({ tenantId, name })).executeTakeFirst();
}

/** The account's link to the class (its role there), or undefined. */
export function findLink(db: DB, tenantId: string, classId: string, accountId: string) {
  return db.selectFrom('classTeachers').select(['role']).$call(whereEqual({ tenantId, classId, accountId })).executeTakeFirst();
}

/**
 * The ids of the classes the account teaches, as a subquery for another domain's statement (a
 * teacher's courses are those of their classes): the filter stays one statement.
 */
export const classesTaughtBy = (db: DB, tenantId: string, accountId: string) =>
  db
    .selectFrom('classTeachers as ct')
    .select('ct.classId')
    .$call(whereEqual({ 'ct.tenantId': tenantId, 'ct.accountId': accountId }));

/** The users enrolled in any class the account teaches, as a subquery for the identity domain's student list (one statement). */
export const studentsTaughtBy = (db: DB, tenantId: string, accountId: string) =>
  db
    .selectFrom('classStudents as cs')
    .select('cs.userId')
    .where('cs.tenantId', '=', tenantId)
    .where('cs.classId', 'in', classesTaughtBy(db, tenantId, accountId));

/** How many classes each user is enrolled in (only the classes `accountId` teaches, when given): one query for a page of students. */
export async function classCountsOf(db: DB, tenantId: string, userIds: readonly string[], accountId?: string): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  let q = db
    .selectFrom('classStudents as cs')
    .select(['cs.userId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cs.tenantId', '=', tenantId)
    .where('cs.userId', 'in', userIds);
  if (accountId) q = q.where('cs.classId', 'in', classesTaughtBy(db, tenantId, accountId));
  const rows = await q.groupBy('cs.userId').execute();
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** A user's enrolments in the school with their classes (only the classes `accountId` teaches, when given), newest first. */
export function enrolmentsOfUser(db: DB, tenantId: string, userId: string, accountId?: string) {
  let q = db
    .selectFrom('classStudents as cs')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'cs.classId').onRef('tc.tenantId', '=', 'cs.tenantId'))
    .select(['cs.id', 'cs.classId', 'cs.serviceStatus', 'cs.evaluateStatus', 'cs.createdAt', 'tc.name as className', 'tc.teachingClassStatus'])
    .where('cs.tenantId', '=', tenantId)
    .where('cs.userId', '=', userId);
  if (accountId) q = q.where('cs.classId', 'in', classesTaughtBy(db, tenantId, accountId));
  return q.orderBy('cs.createdAt', 'desc').orderBy('cs.id', 'desc').execute();
}

/** The ids of the classes the account teaches. */
export async function classIdsOf(db: DB, tenantId: string, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('classTeachers').select('classId').$call(whereEqual({ tenantId, accountId })).execute();
  return rows.map((r) => r.classId);
}

/** The class's teacher links (the accounts' names come from the staff accounts' service). */
export function teachersOf(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classTeachers as ct')
    .select(['ct.accountId', 'ct.role'])
    .$call(whereEqual({ 'ct.tenantId': tenantId, 'ct.classId': classId }))
    .orderBy('ct.createdAt', 'asc')
    .orderBy('ct.id', 'asc')
    .execute();
}

export async function replaceTeachers(db: DB, tenantId: string, classId: string, rows: Insertable<ClassTeacherTable>[]): Promise<void> {
  await db.deleteFrom('classTeachers').$call(whereEqual({ tenantId, classId })).execute();
  if (rows.length) await db.insertInto('classTeachers').values(rows).execute();
}

/** Links an account to a class unless it is linked already (the development seed). */
export function insertTeacherIfNew(db: DB, row: Insertable<ClassTeacherTable>) {
  return db
    .insertInto('classTeachers')
    .values(row)
    .onConflict((oc) => oc.columns(['classId', 'accountId']).doNothing())
    .execute();
}

export function insertClass(db: DB, row: Insertable<TeachingClassTable>) {
  return db.insertInto('teachingClasses').values(row).execute();
}

export async function updateClass(db: DB, tenantId: string, id: string, changes: Updateable<TeachingClassTable>): Promise<boolean> {
  return changedAny(db.updateTable('teachingClasses').set(changes).$call(whereEqual({ tenantId, id })));
}

/** Marks the class over unless it is over already; false when it was (or is gone). */
export async function endClass(db: DB, tenantId: string, id: string, over: number): Promise<boolean> {
  return changedAny(
    db.updateTable('teachingClasses').set({ teachingClassStatus: over }).$call(whereEqual({ tenantId, id })).where('teachingClassStatus', '<>', over),
  );
}

/** Moves every student of the class whose status is one of `from` to `to`; answers how many. */
export async function moveServiceStatuses(db: DB, tenantId: string, classId: string, from: readonly number[], to: number, now: number): Promise<number> {
  if (!from.length) return 0;
  const r = await db
    .updateTable('classStudents')
    .set({ serviceStatus: to, statusAt: now })
    .$call(whereEqual({ tenantId, classId }))
    .where('serviceStatus', 'in', from as number[])
    .executeTakeFirst();
  return changedRows(r);
}

/** Deletes the class only while it has no students (checked in the same statement); false otherwise. */
export async function deleteEmptyClass(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('teachingClasses')
      .$call(whereEqual({ tenantId, id }))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('classStudents as cs').select('cs.id').whereRef('cs.classId', '=', 'teachingClasses.id')))),
  );
}

export async function countStudents(db: DB, tenantId: string, classId: string, periodId?: string): Promise<number> {
  let q = db
    .selectFrom('classStudents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$call(whereEqual({ tenantId, classId }));
  if (periodId) q = q.where('periodId', '=', periodId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

// ---------------------------------------------------------------- periods

export function listPeriods(db: DB, tenantId: string, classId: string) {
  return db
    .selectFrom('classPeriods as p')
    .selectAll('p')
    .select((eb) => eb.selectFrom('classStudents as cs').whereRef('cs.periodId', '=', 'p.id').select(eb.fn.countAll<number>().as('n')).as('studentCount'))
    .$call(whereEqual({ 'p.tenantId': tenantId, 'p.classId': classId }))
    .orderBy(sql`coalesce(p.start_at, 0)`, 'asc')
    .orderBy('p.createdAt', 'asc')
    .orderBy('p.id', 'asc')
    .execute();
}

export function findPeriod(db: DB, tenantId: string, classId: string, id: string) {
  return db.selectFrom('classPeriods').selectAll().$call(whereEqual({ tenantId, classId, id })).executeTakeFirst();
}

export function insertPeriod(db: DB, row: Insertable<ClassPeriodTable>) {
  return db.insertInto('classPeriods').values(row).execute();
}

export function updatePeriod(db: DB, tenantId: string, classId: string, id: string, changes: Updateable<ClassPeriodTable>) {
  return db.updateTable('classPeriods').set(changes).$call(whereEqual({ tenantId, classId, id })).execute();
}

/** Deletes the period only while no student is in it (same statement); false otherwise. */
export async function deleteEmptyPeriod(db: DB, tenantId: string, classId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('classPeriods')
      .$call(whereEqual({ tenantId, classId, id }))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('classStudents as cs').select('cs.id').whereRef('cs.periodId', '=', 'classPeriods.id')))),
  );
}

// ---------------------------------------------------------------- students

/** Every student of a class: their enrolment and user (a class notice's recipients). */
export function studentUsersOf(db: DB, tenantId: string, classId: string) {
  return db.selectFrom('classStudents').select(['id', 'userId']).$call(whereEqual({ tenantId, classId })).orderBy('id').execute();
}

export function findStudentByUser(db: DB, tenantId: string, classId: string, userId: string) {
  return db.selectFrom('classStudents').select(['id']).$call(whereEqual({ tenantId, classId, userId })).executeTakeFirst();
}

/** Enrols the user unless they are in the class already (the unique class+user key decides under concurrency); true when added. */
export async function insertStudentIfNew(
  db: DB,
  row: { id: string; tenantId: string; classId: string; userId: string; schoolStudentId: string; periodId: string | null; serviceStatus: number; now: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('classStudents')
    .values({
      id: row.id,
      tenantId: row.tenantId,
      classId: row.classId,
      userId: row.userId,
      schoolStudentId: row.schoolStudentId,
      periodId: row.periodId,
      serviceStatus: row.serviceStatus,
      enrolStateAt: null,
      visitCount: 0,
      statusAt: row.now,
      evaluateStatus: 0,
      createdAt: row.now,
    })
    .onConflict((oc) => oc.columns(['classId', 'userId']).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function setServiceStatus(db: DB, tenantId: string, classId: string, id: string, status: number, now: number): Promise<boolean> {
  return changedAny(db.updateTable('classStudents').set({ serviceStatus: status, statusAt: now }).$call(whereEqual({ tenantId, classId, id })));
}

/** Moves the student to another period only if they are still in `from` (what the screen showed). */
export async function movePeriod(db: DB, tenantId: string, classId: string, id: string, from: string | null, to: string): Promise<boolean> {
  return changedAny(
    db
      .updateTable('classStudents')
      .set({ periodId: to })
      .$call(whereEqual({ tenantId, classId, id }))
      .where('periodId', from === null ? 'is' : '=', from),
  );
}

/**
 * Records a move in the student's period history (decision 051): the stint they leave ends now
 * (made from their enrolment when they were never moved before), and one in the new period starts.
 */
export async function recordPeriodMove(
  db: DB,
  row: { tenantId: string; classId: string; classStudentId: string; enrolledAt: number; from: string | null; to: string; now: number; newId: () => string },
): Promise<void> {
  const { tenantId, classId, classStudentId, now } = row;
  const closed = await db
    .updateTable('classStudentPeriods')
    .set({ untilAt: now })
    .$call(whereEqual({ tenantId, classId, classStudentId }))
    .where('untilAt', 'is', null)
    .executeTakeFirst();
  const stints: { periodId: string | null; fromAt: number; untilAt: number | null }[] = [{ periodId: row.to, fromAt: now, untilAt: null }];
  if (changedRows(closed) === 0) stints.unshift({ periodId: row.from, fromAt: row.enrolledAt, untilAt: now });
  await db
    .insertInto('classStudentPeriods')
    .values(stints.map((x) => ({ id: row.newId(), tenantId, classId, classStudentId, ...x, createdAt: now })))
    .execute();
}

export async function deleteStudent(db: DB, tenantId: string, classId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('classStudentPeriods')
    .$call(whereEqual({ tenantId, classId, classStudentId: id }))
    .execute();
  return changedAny(db.deleteFrom('classStudents').$call(whereEqual({ tenantId, classId, id })));
}

// ---------------------------------------------------------------- enrolling from elsewhere

/**
 * The school's classes still taking students (not over), newest first, with their periods: all of
 * them, or only those `headAccountId` is head teacher of (a teacher manages only those).
 */
export async function classesTakingStudents(db: DB, tenantId: string, over: number, head?: { accountId: string; role: string }) {
  let q = classesOf(db, tenantId).select(['tc.id', 'tc.name']).where('tc.teachingClassStatus', '!=', over);
  if (head) {
    q = q.where('tc.id', 'in', (eb) =>
      eb
        .selectFrom('classTeachers as ct')
        .select('ct.classId')
        .$call(whereEqual({ 'ct.tenantId': tenantId, 'ct.accountId': head.accountId, 'ct.role': head.role })),
    );
  }
  const classes = await q.orderBy('tc.createdAt', 'desc').orderBy('tc.id', 'desc').execute();
  if (classes.length === 0) return [];
  const periods = await db
    .selectFrom('classPeriods')
    .select(['id', 'classId', 'name'])
    .where('tenantId', '=', tenantId)
    .where(
      'classId',
      'in',
      classes.map((c) => c.id),
    )
    .orderBy(sql`coalesce(start_at, 0)`, 'asc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return classes.map((c) => ({ ...c, periods: periods.filter((p) => p.classId === c.id).map((p) => ({ id: p.id, name: p.name })) }));
}
