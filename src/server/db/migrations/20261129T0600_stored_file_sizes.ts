// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Frozen. A stored file's size may pass 2 GiB (a video original up to the media library's 2 GiB
 * limit, and its record written as the file is stored): PostgreSQL's `integer` ends just below,
 * so the column becomes `bigint` there. SQLite's integer already holds 64 bits: nothing to change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('stored_files')
    .alterColumn('size', (c) => c.setDataType('bigint'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('stored_files')
    .alterColumn('size', (c) => c.setDataType('integer'))
    .execute();
}
