import type { DB } from '../../db/database';
import { whereEqual } from '../../db/clauses';
import { changedAny } from '../../db/rows';

/**
 * The signs of the staff side of attendance (the roster an activity expects is roster.read-model.ts).
 * Every query names the school and the class (the service has checked the class is in the staff
 * member's scope and the activity is the class's).
 */

/** Every sign of one activity. */
export function signsOfActivity(db: DB, tenantId: string, classId: string, activityId: string) {
  return db
    .selectFrom('activityAttendance')
    .select(['id', 'classStudentId', 'type', 'signedAt', 'correctedBy'])
    .$call(whereEqual({ tenantId, classId, activityId }))
    .execute();
}

/** Sets a sign at a time, by a teacher (replacing the student's own, or adding one); one row per activity, student and type. */
export async function setSign(
  db: DB,
  tenantId: string,
  row: { id: string; classId: string; activityId: string; classStudentId: string; type: number; signedAt: number; correctedBy: string; now: number },
): Promise<void> {
  await db
    .insertInto('activityAttendance')
    .values({
      id: row.id,
      tenantId,
      classId: row.classId,
      activityId: row.activityId,
      classStudentId: row.classStudentId,
      type: row.type,
      signedAt: row.signedAt,
      lat: null,
      lon: null,
      createdAt: row.now,
      correctedBy: row.correctedBy,
    })
    .onConflict((oc) =>
      oc.columns(['activityId', 'classStudentId', 'type']).doUpdateSet({ signedAt: row.signedAt, correctedBy: row.correctedBy, lat: null, lon: null }),
    )
    .execute();
}

/** Removes a sign; false when there was none. */
export async function removeSign(db: DB, tenantId: string, classId: string, activityId: string, classStudentId: string, type: number): Promise<boolean> {
  return changedAny(db.deleteFrom('activityAttendance').$call(whereEqual({ tenantId, classId, activityId, classStudentId, type })));
}
