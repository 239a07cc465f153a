// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const COLUMNS = ['kind', 'user_id', 'ip', 'created_at', 'over_share'] as const;

/**
 * Frozen. The rate limits' log written with fewer B-trees (decision 085). Every answer save and
 * progress report inserts one row; before, each insert wrote five B-trees (the table, its text
 * primary key, the user's, the address's and the time's indexes) and looked the user up for its
 * foreign key, and rows were kept an hour whatever their kind.
 *
 * - id: a number the database gives (SQLite's rowid; PostgreSQL's identity), not a second index.
 * - No foreign key to users: a row counts for at most its kind's longest window and the clean-up
 *   removes it; a deleted user's rows count for nobody.
 * - The address's index holds only the rows that count against their address (over_share = 1, a
 *   partial index): a write within its account's share, nearly every write of an exam hall, adds
 *   nothing to it.
 * - The clean-up's index is (kind, created_at): each kind is kept only as long as its own windows.
 *
 * The rows logged so far are copied (they may still count for up to an hour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_events_lean')
    .addColumn('id', pg ? 'bigint' : 'integer', (c) => (pg ? c.generatedAlwaysAsIdentity().primaryKey() : c.primaryKey()))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('over_share', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('rate_events_lean')
    .columns([...COLUMNS])
    .expression(
      db
        .selectFrom('rate_events')
        .select([...COLUMNS])
        .orderBy('created_at'),
    )
    .execute();
  await db.schema.dropTable('rate_events').execute();
  await db.schema.alterTable('rate_events_lean').renameTo('rate_events').execute();
  await db.schema.createIndex('rate_events_user_idx').on('rate_events').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema
    .createIndex('rate_events_over_share_idx')
    .on('rate_events')
    .columns(['ip', 'kind', 'created_at'])
    .where(sql.ref('over_share'), '=', sql.lit(1))
    .execute();
  await db.schema.createIndex('rate_events_kind_created_idx').on('rate_events').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_events_wide')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('over_share', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The old ids were text (the number, as text, stays unique beside the ids written later). Rows of users gone are left out.
  await db
    .insertInto('rate_events_wide')
    .columns(['id', ...COLUMNS])
    .expression(
      db
        .selectFrom('rate_events as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([sql`cast(r.id as varchar(32))`.as('id'), 'r.kind', 'r.user_id', 'r.ip', 'r.created_at', 'r.over_share']),
    )
    .execute();
  await db.schema.dropTable('rate_events').execute();
  await db.schema.alterTable('rate_events_wide').renameTo('rate_events').execute();
  await db.schema.createIndex('rate_events_user_idx').on('rate_events').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('rate_events_ip_share_idx').on('rate_events').columns(['ip', 'kind', 'over_share', 'created_at']).execute();
  await db.schema.createIndex('rate_events_created_idx').on('rate_events').column('created_at').execute();
}
