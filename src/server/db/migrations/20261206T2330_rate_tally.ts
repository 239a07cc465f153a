// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. The rate limits count in rate_tally (decision 127): one row for each user's (or address's) writes of one kind
 * in one window, holding the counts of its latest period (c0 … c11) and of the period before it (b0 … b11). rate_count
 * held a row for each period, and a count read the period before's row in its statement. On PostgreSQL that read was
 * planned once for a statement prepared by name and kept: a plan made while the table held a page scanned the whole
 * table once it held an exam hall's rows. A count is now one insert or update of the subject's own row, found by the
 * primary key as the conflict's target: nothing is left for a plan to choose.
 *
 * - The key is (kind, window_ms, subject); the clean-up finds the rows whose latest period is two or more back by
 *   (kind, window_ms, period).
 * - PostgreSQL keeps room in each page (fillfactor) so that a count within a period updates its row in place.
 *
 * rate_tally starts empty: for the first window after the upgrade every user and address start from nothing. rate_count
 * stays: during a rolling upgrade the previous release still writes it (docs/operations.md: a release only adds); the
 * release after this one drops it.
 */
/** The slots of a period (limits.rules.ts RATE_SLOTS as this migration was written). */
const RATE_SLOT_COLUMNS = 12;
/** Percent of each page PostgreSQL fills on insert: the rest is for the updates of a period's counts. */
const FILLFACTOR = 70;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema
    .createTable('rate_tally')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('window_ms', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('period', 'bigint', (c) => c.notNull());
  for (const prefix of ['c', 'b']) {
    for (let i = 0; i < RATE_SLOT_COLUMNS; i++) table = table.addColumn(`${prefix}${i}`, 'integer', (c) => c.notNull().defaultTo(0));
  }
  table = table.addPrimaryKeyConstraint('rate_tally_pkey', ['kind', 'window_ms', 'subject']);
  await (pg ? table.modifyEnd(sql`with (fillfactor = ${sql.lit(FILLFACTOR)})`) : table.modifyEnd(sql`without rowid`)).execute();
  await db.schema.createIndex('rate_tally_period_idx').on('rate_tally').columns(['kind', 'window_ms', 'period']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_tally').execute();
}
