import type { DB } from '../../src/server/db/database';
import { newId } from '../../src/server/ids';

/**
 * Puts a user of a school into a class as a student in service (as the seed enrols classmates),
 * unless they are enrolled already. For tests that change a student's records (attempts, answers):
 * each makes its own student, so none depends on another's leftovers or on how often it ran.
 * Answers the class student id.
 */
export async function enrolInClass(
  db: DB,
  input: {
    tenantId: string;
    classId: string;
    userId: string;
    now: number /** When they joined (default now): earlier activities are not theirs. */;
    joinedAt?: number;
  },
): Promise<string> {
  const existing = await db
    .selectFrom('classStudents')
    .select('id')
    .where('tenantId', '=', input.tenantId)
    .where('classId', '=', input.classId)
    .where('userId', '=', input.userId)
    .executeTakeFirst();
  if (existing) return existing.id;
  const binding = await db
    .selectFrom('userTenants')
    .select('studentId')
    .where('tenantId', '=', input.tenantId)
    .where('userId', '=', input.userId)
    .executeTakeFirstOrThrow();
  // The class's period, as its other students have it.
  const mate = await db
    .selectFrom('classStudents')
    .select('periodId')
    .where('tenantId', '=', input.tenantId)
    .where('classId', '=', input.classId)
    .executeTakeFirst();
  const id = newId(input.now);
  await db
    .insertInto('classStudents')
    .values({
      id,
      tenantId: input.tenantId,
      classId: input.classId,
      userId: input.userId,
      schoolStudentId: binding.studentId,
      periodId: mate?.periodId ?? null,
      serviceStatus: 2,
      enrolStateAt: null,
      visitCount: 0,
      statusAt: input.joinedAt ?? input.now,
      evaluateStatus: 0,
      createdAt: input.joinedAt ?? input.now,
    })
    .execute();
  return id;
}

/** The last of the 1365… numbers this process handed out: they start at random and go up, so none repeats in a run. */
let lastMobile = Math.floor(Math.random() * 1e7);

/**
 * A mobile number no seeded user has (1365…) and none this process gave before: a new student for one test. Drawn at
 * random each time, two of a property test's hundreds of users met users.mobile's unique key now and then.
 */
export const newMobile = (): string => {
  lastMobile = (lastMobile + 1) % 1e7;
  return `1365${String(lastMobile).padStart(7, '0')}`;
};
