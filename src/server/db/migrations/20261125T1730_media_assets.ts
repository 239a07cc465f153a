// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/** The same names as MEDIA_KIND and MEDIA_STATE in src/lib/media-library.ts (a unit test keeps them equal). */
export const MEDIA_KINDS_AT_CREATION = ['video', 'audio', 'document', 'image', 'archive'] as const;
export const MEDIA_STATES_AT_CREATION = ['uploading', 'processing', 'ready', 'failed'] as const;

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * Frozen. The media library (src/server/media-library): one row per uploaded video, audio file,
 * document, picture or archive of a school. The resumable upload's id is unique, so an upload
 * reported complete twice makes one row. The original's key in the file store, its size and its
 * type (from its bytes), the duration read from the file by ffprobe, the state (processing while
 * the background job makes the renditions), the renditions as JSON, the job's progress and last
 * error, who uploaded it and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_assets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('upload_id', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(oneOf('kind', MEDIA_KINDS_AT_CREATION)))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('original_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().check(oneOf('state', MEDIA_STATES_AT_CREATION)))
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(1000)')
    .addColumn('uploaded_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_assets_tenant_idx').on('media_assets').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_assets').execute();
}
