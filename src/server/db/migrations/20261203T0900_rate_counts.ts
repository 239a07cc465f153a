// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. The rate limits count writes in slots instead of logging a row per write (decision 097): rate_count takes
 * over from rate_log. Every answer save and progress report inserted a row into rate_log (two B-trees), counted the
 * user's rows, and the clean-up removed each row again a minute later; an exam hall of 20,000 takers did that 1,333
 * times a second.
 *
 * A row of rate_count is one user's (or one address's) writes of one kind within one period of one window (the
 * period is the write's time divided by the window): twelve counts, one for each twelfth of the period (c0 … c11). A
 * write adds one to its slot's count, updating the row in place; its count is read back in the same statement with
 * the previous period's row. The clean-up removes whole periods, which lie together at the front of the key.
 *
 * - The key is the table itself (SQLite's WITHOUT ROWID; PostgreSQL's primary key): no other index is written.
 * - No foreign key to users: a row counts for at most two periods, then the clean-up removes it.
 *
 * rate_count starts empty: for the first window after the upgrade every user and address start from nothing. rate_log
 * stays: during a rolling upgrade the previous release still writes it (docs/operations.md: a release only adds); the
 * release after this one drops it.
 */
/** The slots of a period: a write counts from the start of its slot a window before (limits.rules.ts RATE_SLOTS). */
const RATE_SLOT_COLUMNS = 12;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema
    .createTable('rate_count')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('window_ms', 'integer', (c) => c.notNull())
    .addColumn('period', 'bigint', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull());
  for (let i = 0; i < RATE_SLOT_COLUMNS; i++) table = table.addColumn(`c${i}`, 'integer', (c) => c.notNull().defaultTo(0));
  table = table.addPrimaryKeyConstraint('rate_count_pkey', ['kind', 'window_ms', 'period', 'subject']);
  await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_count').execute();
}
