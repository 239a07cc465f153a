// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A teacher's marks of handed-in homework and tests (decision 047): one row per attempt
 * and question (a question without sub-questions, or a sub-question), with the score, an optional
 * comment, who marked it and when, and a revision that counts the accepted changes, so that a
 * second teacher saving over a mark they have not seen is refused instead of overwriting it.
 * The attempt keeps its total in work_attempts.score; released_at says when a teacher released it
 * to the student (null: released by the automatic scoring, or not yet).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('work_marks')
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('question_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('marked_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('marked_by_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('work_marks_pk', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('work_marks_tenant_idx').on('work_marks').columns(['tenant_id', 'attempt_id']).execute();
  await db.schema.alterTable('work_attempts').addColumn('released_at', 'bigint').execute();
  await db.schema.alterTable('work_attempts').addColumn('released_by', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('work_attempts').dropColumn('released_by').execute();
  await db.schema.alterTable('work_attempts').dropColumn('released_at').execute();
  await db.schema.dropIndex('work_marks_tenant_idx').ifExists().execute();
  await db.schema.dropTable('work_marks').ifExists().execute();
}
