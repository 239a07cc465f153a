import { CompiledQuery, sql } from 'kysely';
import { expect, test } from 'vitest';
import { enrolmentByKey, findEnrolment } from '~/server/learning/classes/classes.repository';
import { DEMO, HUAXIA, ON_POSTGRES, useTestServer } from '../setup/server';

/**
 * Every learner call about a class (an answer save, a progress report) begins by reading the caller's enrolment. The
 * read must reach its row through an index that begins with the user or with the class and the user, never through
 * the index of a class's students in order (tenant_id, class_id, created_at), which reads the whole class: in an exam
 * hall of 20,000 students of one class that was 546 buffers and 2–3 ms of PostgreSQL's time a save (decision 121).
 * PostgreSQL keeps one plan for a statement prepared by name (decision 118) whatever values it is sent, so its
 * generic plan is the one read here; SQLite's plan is read with the values.
 */
const server = useTestServer();

/** Indexes of class_students whose first column the statement fixes apart from the school: the user, or the class and the user. */
const BY_USER = /class_students_(class_user_uq|user_idx)/;
const WHOLE_CLASS = /class_students_class_created_idx/;

async function planOf(query: CompiledQuery): Promise<string> {
  const db = server().runtime.db;
  if (!ON_POSTGRES) {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return plan.rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (c) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(c);
    try {
      await c.executeQuery(CompiledQuery.raw(`prepare enrolment_plan as ${query.sql}`));
      try {
        const values = sql.join(query.parameters.map((p) => sql.lit(String(p))));
        const plan = await sql<{ 'QUERY PLAN': string }>`explain execute enrolment_plan(${values})`.execute(c);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        // Only this statement: the portal's own statements prepared on this connection stay (decision 118).
        await sql`deallocate enrolment_plan`.execute(c);
      }
    } finally {
      await sql`reset plan_cache_mode`.execute(c);
    }
  });
}

test("a learner's enrolment is read through the user's index, and only the school's own is answered", async () => {
  const db = server().runtime.db;
  const own = await db.selectFrom('classStudents').select(['classId', 'userId', 'id']).where('tenantId', '=', DEMO.id).executeTakeFirstOrThrow();

  const plan = await planOf(enrolmentByKey(db, own.classId, own.userId).compile());
  expect(plan).toMatch(BY_USER);
  expect(plan).not.toMatch(WHOLE_CLASS);

  // The school is checked on the row: the same class and user asked for in another school answer nothing.
  expect((await findEnrolment(db, DEMO.id, own.userId, own.classId))?.studentId).toBe(own.id);
  expect(await findEnrolment(db, HUAXIA.id, own.userId, own.classId)).toBeUndefined();
  expect(await findEnrolment(db, DEMO.id, own.userId, `${own.classId}x`)).toBeUndefined();
});
