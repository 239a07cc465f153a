// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. What a school's administrator edits about the school (src/server/school/settings):
 * - schools: a short name, the brand colour, an e-mail address, the ICP and public-security
 *   record numbers, two QR code pictures (official account, mini-program) and the texts of the
 *   user agreement and privacy policy (rich HTML, null: the portal's default text);
 * - school_domains: a school may answer at several host names, and a host name belongs to one
 *   school only (a unique key, so two administrators adding it at once cannot both succeed).
 *   The old key (one domain per school and type) is dropped: the table is rebuilt, the one way
 *   both SQLite and PostgreSQL drop a table constraint with the same text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['short_name', 'varchar(32)'],
    ['brand_color', 'varchar(7)'],
    ['email', 'varchar(128)'],
    ['icp_number', 'varchar(64)'],
    ['police_record_number', 'varchar(64)'],
    ['official_account_qr', 'varchar(512)'],
    ['mini_program_qr', 'varchar(512)'],
    ['service_agreement', 'text'],
    ['privacy_agreement', 'text'],
  ] as const) {
    await db.schema.alterTable('schools').addColumn(name, type).execute();
  }

  await db.schema
    .createTable('school_domains_new')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('domain_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('domain', 'varchar(256)', (c) => c.notNull())
    .execute();
  await sql`insert into school_domains_new (id, tenant_id, domain_type, domain) select id, tenant_id, domain_type, domain from school_domains`.execute(db);
  await db.schema.dropTable('school_domains').execute();
  await db.schema.alterTable('school_domains_new').renameTo('school_domains').execute();
  await db.schema.createIndex('school_domains_domain_uq').on('school_domains').column('domain').unique().execute();
  await db.schema.createIndex('school_domains_tenant_idx').on('school_domains').columns(['tenant_id', 'domain_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'short_name',
    'brand_color',
    'email',
    'icp_number',
    'police_record_number',
    'official_account_qr',
    'mini_program_qr',
    'service_agreement',
    'privacy_agreement',
  ]) {
    await db.schema.alterTable('schools').dropColumn(name).execute();
  }
  await db.schema.dropIndex('school_domains_domain_uq').execute();
}
