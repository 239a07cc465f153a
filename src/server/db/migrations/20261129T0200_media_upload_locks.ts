// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The locks of resumable uploads, shared by every instance (decision 055): one row per
 * upload while a request works on it (a piece being written, the offset being read, a cancel).
 * - holder: a random token of the request that holds it; only that request renews or removes it.
 * - lease_until: the holder renews it while it works; a row past it belongs to nobody (its holder
 *   died), so the next request takes it over.
 * - release_requested_at: set by a request that waits for the lock, read by the holder as it renews
 *   (tus's "request release": the holder ends its piece early with what it has).
 * Not a school's data: no tenant, nothing exported. Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_upload_locks')
    .addColumn('upload_id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('release_requested_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_upload_locks').execute();
}
