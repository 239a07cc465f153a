import type { DB } from '../../db/database';
import type { ClassActivityTable } from './activities.table';
import { whereEqual } from '../../db/clauses';
import { changedOne, changedRows } from '../../db/rows';

/**
 * The writes of the staff side of class activities (its reads, with each activity's lesson and
 * course names, are staff-activities.read-model.ts). Every query names the school and the class
 * (the service has checked the class is in the staff member's scope), so an id of another class or
 * school matches nothing.
 */

export type ActivityFields = Omit<ClassActivityTable, 'id' | 'tenantId' | 'classId' | 'createdAt' | 'seriesId'>;

export async function insertActivities(
  db: DB,
  tenantId: string,
  classId: string,
  rows: readonly (ActivityFields & { id: string; seriesId: string | null; createdAt: number })[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('classActivities')
    .values(rows.map((r) => ({ ...r, tenantId, classId })))
    .execute();
}

/** Changes one activity of the class; false when it is gone. */
export async function updateActivity(db: DB, tenantId: string, classId: string, id: string, fields: Partial<ActivityFields>): Promise<boolean> {
  return changedOne(db.updateTable('classActivities').set(fields).$call(whereEqual({ tenantId, classId, id })));
}

/** Deletes activities of the class (their sign-ins go with them); answers how many were deleted. */
export async function deleteActivities(db: DB, tenantId: string, classId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await db.deleteFrom('classActivities').$call(whereEqual({ tenantId, classId })).where('id', 'in', ids).executeTakeFirst();
  return changedRows(r);
}
