// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Login, registration and single sign-on.
 *
 * users.password_hash already exists (20261122T0950_identity); this adds when it was last set, so
 * an operator can see stale passwords. login_failures counts failed logins per account and per IP
 * address (the password throttle; counted in the database so several instances agree).
 * sso_nonces makes every single-sign-on token usable once. invitation_codes are a school's
 * enterprise invitation codes; invitation_joins records who joined through which code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_updated_at', 'bigint').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The account as typed (mobile or username, lower-cased); null for a code login.
    .addColumn('account', 'varchar(64)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['account', 'created_at']).execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('sso_nonces')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_nonces_expires_idx').on('sso_nonces').column('expires_at').execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('code', 'varchar(6)', (c) => c.notNull().unique())
    .addColumn('enterprise_name', 'varchar(64)', (c) => c.notNull())
    // 1 active, 0 disabled
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'bigint')
    .addColumn('max_uses', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitation_joins')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitation_id', 'varchar(32)', (c) => c.notNull().references('invitation_codes.id').onDelete('cascade'))
    .addColumn('enterprise_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invitation_joins_pk', ['tenant_id', 'user_id', 'invitation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invitation_joins', 'invitation_codes', 'sso_nonces', 'login_failures']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('users').dropColumn('password_updated_at').execute();
}
