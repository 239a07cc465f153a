import { openDatabase } from '../../../src/server/db/database';
import { startOfCstDay } from '../../../src/lib/time/cst';
import { E2E_DB_FILE } from './env';

/**
 * Today's required online activity of the class that has not ended and signs students in on entry
 * (an article lesson in the seed), with the student's sign-in for it removed so the entry signs
 * them in again. The tests that use it call `clearAttendance` afterwards, for the other project's
 * run over the same database.
 */
export async function todaysAutoSignInActivity(classId: string, studentId: string): Promise<{ id: string; name: string }> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const now = Date.now();
    const today = await db
      .selectFrom('classActivities as a')
      .innerJoin('classrooms as r', 'r.id', 'a.classroomId')
      .select(['a.id', 'a.name'])
      .where('a.classId', '=', classId)
      .where('a.onlineType', '=', 1)
      .where('a.isRequired', '=', 1)
      .where('a.onlineAttendance', '=', 1)
      .where('a.startAt', '>=', startOfCstDay(now))
      .where('a.endAt', '>', now)
      .where('r.classroomType', 'in', [1, 2, 3, 4, 8])
      .orderBy('a.startAt')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('activityAttendance').where('activityId', '=', today.id).where('classStudentId', '=', studentId).execute();
    return today;
  } finally {
    await db.destroy();
  }
}
