import type { DB } from '../../db/database';
import { prepared } from '../../db/prepared';
import { whereEqual } from '../../db/clauses';

/**
 * All SQL of class activities and class dynamics that names only their own tables. Every query
 * names the school. A student's view of activities (joined with lessons, sign-ins, study records
 * and submissions) is student-activities.read-model.ts; dynamics with their authors are
 * dynamics.read-model.ts.
 */

/** The count of a class student's own dynamics of one type, read from their own index entries (decision 129). */
export function studentDynamicsCount(db: DB, tenantId: string, classId: string, classStudentId: string, type: number) {
  return db
    .selectFrom('classDynamics')
    .$call(whereEqual({ tenantId, classId, classStudentId, type }))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}
const studentDynamicsCounted = prepared(4, studentDynamicsCount);

/** How many dynamics of one type the class student has in the class (the questions they asked: type 2). */
export async function countStudentDynamics(db: DB, tenantId: string, classId: string, classStudentId: string, type: number): Promise<number> {
  const row = await studentDynamicsCounted.first(db, tenantId, classId, classStudentId, type);
  return Number(row?.n ?? 0);
}

/** Adds one dynamic of the class (a student asked, published a note…). */
export async function insertDynamic(
  db: DB,
  tenantId: string,
  row: { id: string; classId: string; activityId: string | null; classStudentId: string; type: number; content: string | null; createdAt: number },
): Promise<void> {
  await db
    .insertInto('classDynamics')
    .values({ ...row, tenantId })
    .execute();
}
