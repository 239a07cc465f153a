import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { insertedOne } from '../../db/rows';

/**
 * All SQL of attendance over its own table. Every query names the school and the class student.
 * The lessons attended through activities are attended-lessons.read-model.ts.
 */

/** The student's sign-in and sign-out of one activity. */
export async function findSigns(db: DB, tenantId: string, activityId: string, classStudentId: string): Promise<{ type: number; signedAt: number }[]> {
  const rows = await db.selectFrom('activityAttendance').select(['type', 'signedAt']).$call(whereEqual({ tenantId, activityId, classStudentId })).execute();
  return rows.map((r) => ({ type: Number(r.type), signedAt: Number(r.signedAt) }));
}

/**
 * Records one sign; false when that sign of the activity and class student already exists (the
 * unique index on activity, class student and type decides, also between two requests at the
 * same moment on SQLite or PostgreSQL).
 */
export async function insertSign(
  db: DB,
  tenantId: string,
  row: { id: string; classId: string; activityId: string; classStudentId: string; type: number; signedAt: number; lat: number | null; lon: number | null },
): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('activityAttendance')
      .values({ ...row, tenantId, createdAt: row.signedAt })
      .onConflict((oc) => oc.columns(['activityId', 'classStudentId', 'type']).doNothing()),
  );
}
