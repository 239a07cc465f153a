// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. engagement_actions: one row per comment, reply, like or unlike a user made, kept an
 * hour, so the per-user and per-address limits (src/server/engagement/engagement.rules.ts) are
 * counted in the database at the request clock and several instances agree. Rows of the comments
 * and likes themselves cannot serve: deleting a comment or taking a like back removes its row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('engagement_actions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    // 'COMMENT' (comments and replies) or 'LIKE' (likes and unlikes)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('engagement_actions_user_idx').on('engagement_actions').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('engagement_actions_ip_idx').on('engagement_actions').columns(['ip', 'kind', 'created_at']).execute();
  await db.schema.createIndex('engagement_actions_created_idx').on('engagement_actions').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('engagement_actions').ifExists().execute();
}
