// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Kept answers name their writer and count their revisions (issue 19; decision 027), and
 * answers that arrive after an attempt stopped taking answers are kept apart, marked late.
 *
 * - work_answers.revision: 1 for the first answer of a question, one more for every change the
 *   server accepts. A save names the revision it was based on; one based on an older revision,
 *   from another tab or device, is answered with the kept answer instead of replacing it.
 * - work_answers.client_id: the tab (or device) that wrote the answer; `seq` is that writer's
 *   sequence number. Rows written before this migration belong to the writer '' (a page loaded
 *   before it, which sends no client id), so such a page keeps the rule it had: its higher
 *   sequence wins over its own lower one.
 * - work_late_answers: one per attempt and question, the last late answer that arrived. Never
 *   scored and never read by scoring; shown with the attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('work_answers')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('work_answers')
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('work_late_answers')
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull().references('work_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    // JSON [key]
    .addColumn('option_keys', 'text', (c) => c.notNull().defaultTo('[]'))
    // the device's clock (kept, never trusted for time)
    .addColumn('answered_at', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_late_answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_late_answers').ifExists().execute();
  await db.schema.alterTable('work_answers').dropColumn('client_id').execute();
  await db.schema.alterTable('work_answers').dropColumn('revision').execute();
}
