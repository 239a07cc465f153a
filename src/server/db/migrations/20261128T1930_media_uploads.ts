// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/** The one row of media_upload_gate (src/server/media-library/media-library.repository.ts names it too). */
export const MEDIA_UPLOAD_GATE_ROW_AT_CREATION = 'uploads';

/**
 * Frozen. The media library's unfinished resumable uploads (decision 050):
 * - media_uploads: one row per upload from its creation until it is completed, cancelled or
 *   swept: who started it, the bytes it declared (Upload-Length) and has received, and when it
 *   last made progress. The school's quota, the person's limits and the disk's reserve count the
 *   declared bytes of these rows, so an upload's room is held from the moment it is accepted.
 * - media_upload_gate: one row every creation updates first, in the transaction that inserts the
 *   upload: creations (of every school: they share one disk) are serialised by its row lock, so
 *   parallel creations cannot together pass a limit each of them passes alone.
 * Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('declared_bytes', 'bigint', (c) => c.notNull())
    .addColumn('received_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_uploads_tenant_idx').on('media_uploads').column('tenant_id').execute();
  await db.schema.createIndex('media_uploads_account_idx').on('media_uploads').column('account_id').execute();
  await db.schema.createIndex('media_uploads_touched_idx').on('media_uploads').column('touched_at').execute();
  await db.schema
    .createTable('media_upload_gate')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('media_upload_gate').values({ id: MEDIA_UPLOAD_GATE_ROW_AT_CREATION, touched_at: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_upload_gate').execute();
  await db.schema.dropTable('media_uploads').execute();
}
