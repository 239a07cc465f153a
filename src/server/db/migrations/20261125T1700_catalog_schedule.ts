// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/** The catalogue tables that have a draft/published state, as they were named when this migration was written. */
export const SCHEDULABLE_TABLES_AT_CREATION = [
  'products',
  'product_operation_categories',
  'common_questions',
  'hot_majors',
  'material_posters',
  'coupons',
  'material_categories',
  'materials',
] as const;

/**
 * Frozen. Scheduled publishing of the catalogue: a draft row may carry the time the server
 * publishes it (`scheduled_at`, epoch ms; null when not scheduled). The row stays a draft until
 * then, so no public query changes; the job of kind catalog.publish makes it published at that
 * time and clears the column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of SCHEDULABLE_TABLES_AT_CREATION) await db.schema.alterTable(table).addColumn('scheduled_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of SCHEDULABLE_TABLES_AT_CREATION) await db.schema.alterTable(table).dropColumn('scheduled_at').execute();
}
