// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The school logo's own width and height in pixels, read once when the logo is saved: the
 * pages draw it at its own proportions (a 240×80 logo is not squashed into a square) and reserve its
 * place before it loads. Null for a school without a logo, or one saved before this column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').addColumn('logo_width', 'integer').execute();
  await db.schema.alterTable('schools').addColumn('logo_height', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('schools').dropColumn('logo_height').execute();
  await db.schema.alterTable('schools').dropColumn('logo_width').execute();
}
