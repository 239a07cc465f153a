// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Weekly series of class activities (decision 044): each occurrence of a series carries
 * the series id (null: a single activity), so one occurrence or this-and-following can be changed
 * or deleted; occurrences are read by series in start order, hence the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('class_activities').addColumn('series_id', 'varchar(32)').execute();
  await db.schema.createIndex('class_activities_series_idx').on('class_activities').columns(['tenant_id', 'series_id', 'start_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('class_activities_series_idx').ifExists().execute();
  await db.schema.alterTable('class_activities').dropColumn('series_id').execute();
}
