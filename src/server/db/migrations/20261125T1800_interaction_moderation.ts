// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Teachers answer and moderate the classroom panel (decision 045):
 * - an answer names the staff account that wrote it (null for the seeded ones) and when it was
 *   last edited, so only its author (or an administrator) edits it;
 * - a student's note or comment can be hidden by a teacher: when and why (null: shown). A hidden
 *   one is left out of everyone's panel but its author's, who sees it marked hidden.
 * - the teachers' inbox lists a school's (or a class's) questions newest first.
 * One column per ALTER TABLE: SQLite adds only one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('classroom_question_answers').addColumn('account_id', 'varchar(32)').execute();
  await db.schema.alterTable('classroom_question_answers').addColumn('updated_at', 'bigint').execute();
  for (const table of ['classroom_notes', 'classroom_comments']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'varchar(200)').execute();
  }
  await db.schema.createIndex('classroom_questions_inbox_idx').on('classroom_questions').columns(['tenant_id', 'class_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('classroom_questions_inbox_idx').ifExists().execute();
  for (const table of ['classroom_notes', 'classroom_comments']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
  await db.schema.alterTable('classroom_question_answers').dropColumn('updated_at').execute();
  await db.schema.alterTable('classroom_question_answers').dropColumn('account_id').execute();
}
