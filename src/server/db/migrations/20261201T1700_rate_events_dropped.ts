// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. rate_events dropped: the rate limits' log moved to rate_log in 20261130T2100 (decision 085), and that
 * release no longer writes rate_events, so during a rolling upgrade from it nothing uses the table. Its rows counted
 * for at most a day and were never carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_events').ifExists().execute();
}

/** The table as 20261129T1700 left it, empty: the previous release writes it again from its first request. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('over_share', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('rate_events_user_idx').on('rate_events').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('rate_events_ip_share_idx').on('rate_events').columns(['ip', 'kind', 'over_share', 'created_at']).execute();
  await db.schema.createIndex('rate_events_created_idx').on('rate_events').column('created_at').execute();
}
