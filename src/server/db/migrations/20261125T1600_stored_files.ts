// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Uploaded files (src/server/storage): one row per file, its bytes in the file store under
 * `key` (made by the server, unique), the school it belongs to (a file is served only on its
 * school's host), what it was uploaded for, its checked type and size, and who uploaded it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('uploaded_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_files_tenant_idx').on('stored_files').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
