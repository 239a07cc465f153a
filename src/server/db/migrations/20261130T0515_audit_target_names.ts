// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. What an audit entry was about, in words, as it was called when the action was written
 * (a certificate's holder and title, a class's name, a marked student's name): the log still names
 * the thing after it is renamed or deleted (null: entries written before, or nothing to name). The
 * log is filtered by the kind of thing, newest first, as it is by person and by action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_audit_log').addColumn('target_name', 'varchar(80)').execute();
  await db.schema.createIndex('staff_audit_log_target_idx').on('staff_audit_log').columns(['tenant_id', 'target_type', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_audit_log_target_idx').execute();
  await db.schema.alterTable('staff_audit_log').dropColumn('target_name').execute();
}
