import { newId } from '~/server/ids';
import { bindUserToTenant } from '~/server/identity/identity.service';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import type { TestServer } from './server';
import { loginAs, type TestUser } from './users';

/** One enrolment of a test student: the class and their class student id (the learner calls' studentId). */
export interface Enrolment {
  classId: string;
  studentId: string;
}

/**
 * A new student (a new user with a token) enrolled in some of a school's seeded classes, named by
 * their seed keys ('A', 'B', …), with no study record of their own: tests of study progress start
 * here, so none depends on what another test studied.
 */
export async function newStudentIn(
  server: TestServer,
  tenantId: string,
  classKeys: readonly string[],
  options: { joinedAt?: number } = {},
): Promise<{ user: TestUser; in: Record<string, Enrolment> }> {
  const user = await loginAs(server, tenantId);
  const db = server.runtime.db;
  const now = server.clock.value;
  // When the student joined: activities that ended before it are not theirs (decision 051).
  const joinedAt = options.joinedAt ?? now;
  const schoolStudentId = await bindUserToTenant(db, tenantId, user.userId, now);
  const enrolments: Record<string, Enrolment> = {};
  for (const key of classKeys) {
    const name = LEARNING_CLASSES[tenantId]!.find((c) => c.key === key)!.name;
    const cls = await db.selectFrom('teachingClasses').select('id').where('tenantId', '=', tenantId).where('name', '=', name).executeTakeFirstOrThrow();
    const id = newId(now);
    await db
      .insertInto('classStudents')
      .values({
        id,
        tenantId,
        classId: cls.id,
        userId: user.userId,
        schoolStudentId,
        periodId: null,
        serviceStatus: 2,
        enrolStateAt: null,
        visitCount: 0,
        statusAt: joinedAt,
        evaluateStatus: 0,
        createdAt: joinedAt,
      })
      .execute();
    enrolments[key] = { classId: cls.id, studentId: id };
  }
  return { user, in: enrolments };
}
