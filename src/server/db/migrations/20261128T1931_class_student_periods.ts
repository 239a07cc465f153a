// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The periods a student was in before their current one (decision 051): a move between
 * periods of a class closes the stint they leave (until the move) and opens one in the period
 * they join. A student never moved has no rows: their one stint is their enrolment in their
 * current period (class_students.created_at, period_id). Attendance counts an activity for a
 * student only while they were in the class, in a period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class_student_periods')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_student_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_id', 'varchar(32)')
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('until_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_student_periods_student_idx').on('class_student_periods').columns(['tenant_id', 'class_id', 'class_student_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('class_student_periods_student_idx').ifExists().execute();
  await db.schema.dropTable('class_student_periods').ifExists().execute();
}
