// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. staff_password_resets: one-time links an administrator makes for a colleague who forgot
 * their password. Like an invitation's link, only the SHA-256 of its token is kept (token_hash);
 * used_at is set once, by the conditional write that sets the new password; revoked_at when a newer
 * link for the same account replaces it. created_by_id is the administrator (their name is kept as
 * it was, as the audit log does).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_password_resets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_password_resets_account_idx').on('staff_password_resets').columns(['tenant_id', 'account_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_password_resets').execute();
}
