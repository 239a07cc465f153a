// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A sign-in or sign-out set by a teacher (decision 044): the staff account that set it
 * (null: the student signed themselves). The reason and the before/after live in the audit log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_attendance').addColumn('corrected_by', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_attendance').dropColumn('corrected_by').execute();
}
