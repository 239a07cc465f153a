// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';
import * as rateLogLean from './20261130T2100_rate_log_lean';

/**
 * Frozen. rate_log dropped: the rate limits count writes in rate_count since 20261203T0900 (decision 097), and that
 * release no longer writes rate_log, so during a rolling upgrade from it nothing uses the table. Its rows counted for at
 * most an hour and were never carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_log').ifExists().execute();
}

/** The table as 20261130T2100 made it (that migration is frozen too), empty: the release before counts in rate_count. */
export async function down(db: Kysely<any>): Promise<void> {
  await rateLogLean.up(db);
}
