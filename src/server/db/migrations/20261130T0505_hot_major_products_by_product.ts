// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A product's hot majors, found by the product: the product's staff form reads and changes
 * the majors it belongs to, and deleting a product removes its links. The table's keys lead with
 * the major (the public page lists a major's products), so those reads scanned the school's links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('hot_major_products_product_idx').on('hot_major_products').columns(['tenant_id', 'product_id', 'major_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('hot_major_products_product_idx').execute();
}
