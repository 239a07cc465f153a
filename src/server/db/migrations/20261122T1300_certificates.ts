// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/**
 * Frozen. Image captchas, the two certificate kinds looked up by visitors and the per-IP log of
 * those lookups. The only foreign keys are tenants.id. Ids are made in application code
 * (src/server/ids.ts) so this one migration serves SQLite and PostgreSQL (decision 002).
 *
 * captchas keep a salted SHA-256 of the answer, never the answer. A new image for the same key
 * inserts a new row and burns the older ones, so the rows also count the images an IP address
 * asked for. certificate_queries holds one row per lookup (no name, no number): the per-IP limits
 * are counted there, at the request clock, so several instances agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('captcha_key', 'varchar(16)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // set by the one check a captcha allows, or when a newer image replaces it
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captchas_key_idx').on('captchas').columns(['tenant_id', 'captcha_key', 'created_at']).execute();
  await db.schema.createIndex('captchas_ip_idx').on('captchas').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('captchas_created_idx').on('captchas').column('created_at').execute();

  await db.schema
    .createTable('skill_certificates')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // ID number, stored in full; every answer masks it
    .addColumn('card', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)')
    .addColumn('profession_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type_of_work_name', 'varchar(64)')
    .addColumn('certificate_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('level', 'varchar(32)', (c) => c.notNull())
    // YYYY-MM-DD (a calendar date, no time zone)
    .addColumn('send_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('certificate_img_url', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('skill_certificates_code_uq', ['tenant_id', 'certificate_code'])
    .execute();

  await db.schema
    .createTable('training_certificates')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('student_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)')
    .addColumn('product_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('agency_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('certificate_num', 'varchar(64)', (c) => c.notNull())
    // YYYY-MM-DD
    .addColumn('start_time', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(10)', (c) => c.notNull())
    .addColumn('certificate_url', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('training_certificates_num_uq', ['tenant_id', 'certificate_num'])
    .execute();

  await db.schema
    .createTable('certificate_queries')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    // 'skill' or 'training'
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certificate_queries_ip_idx').on('certificate_queries').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('certificate_queries_created_idx').on('certificate_queries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['certificate_queries', 'training_certificates', 'skill_certificates', 'captchas']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
