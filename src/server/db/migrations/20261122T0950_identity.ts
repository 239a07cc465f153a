// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Users are global (one person, one mobile) and bound to tenants; tokens are stored
 * hashed, bound to one tenant, and expire or are revoked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(64)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(256)')
    .addColumn('nick_name', 'varchar(64)')
    .addColumn('real_name', 'varchar(64)')
    .addColumn('avatar', 'varchar(512)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_tenants')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_tenants_pk', ['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('application_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_tokens', 'user_tenants', 'users']) await db.schema.dropTable(table).ifExists().execute();
}
