// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. The rate limits' log written with fewer B-trees (decision 085): rate_log takes over from
 * rate_events. Every answer save and progress report inserts one row; into rate_events each insert
 * wrote five B-trees (the table, its text primary key, the user's, the address's and the time's
 * indexes) and looked the user up for its foreign key, and the clean-up removed rows one by one from
 * places all over the user's index.
 *
 * - id: a number the database gives (SQLite's rowid; PostgreSQL's identity), not a second index.
 * - period: the row's time divided by its kind's longest window (limits.rules.ts ratePeriod). One
 *   index, (kind, period, user_id, created_at), serves the user's count (this period and the one
 *   before, which hold the whole window) and the clean-up, which removes whole periods: a range at
 *   the front of the index, not rows scattered through it.
 * - No foreign key to users: a row counts for at most its kind's longest window and the clean-up
 *   removes it; a deleted user's rows count for nobody.
 * - The address's index holds only the rows that count against their address (over_share = 1, a
 *   partial index): a write within its account's share, nearly every write of an exam hall, adds
 *   nothing to it.
 *
 * rate_log starts empty: for the first window after the upgrade every user and address start from
 * nothing. rate_events stays: during a rolling upgrade the previous release still writes it
 * (docs/operations.md: a release only adds); the release after this one drops it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_log')
    .addColumn('id', pg ? 'bigint' : 'integer', (c) => (pg ? c.generatedAlwaysAsIdentity().primaryKey() : c.primaryKey()))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('over_share', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_log_period_idx').on('rate_log').columns(['kind', 'period', 'user_id', 'created_at']).execute();
  await db.schema
    .createIndex('rate_log_over_share_idx')
    .on('rate_log')
    .columns(['ip', 'kind', 'created_at'])
    .where(sql.ref('over_share'), '=', sql.lit(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_log').execute();
}
