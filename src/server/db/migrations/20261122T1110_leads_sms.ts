// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/**
 * Frozen. SMS verification codes, consult leads (clues), customer service, coupons, enrolment
 * contacts, platform parameters, school visits and role packs. The only foreign keys outside this
 * feature are tenants.id.
 *
 * sms_codes keep only an HMAC of the code. sms_send_state holds one row per mobile: the time of
 * the last send, claimed with a conditional update so that several instances agree on the 60 s
 * countdown. Limits are counted in these tables, never in memory.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('template_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    // 0 sending, 1 sent, 2 failed (never usable)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_lookup_idx').on('sms_codes').columns(['tenant_id', 'mobile', 'template_code', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_mobile_idx').on('sms_codes').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip_idx').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('sms_send_state')
    .addColumn('mobile', 'varchar(11)', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('clues')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('clue_id', 'varchar(64)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clues_tenant_idx').on('clues').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('clues_ip_idx').on('clues').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('customer_services')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(32)')
    .addColumn('wechat_qr_code', 'varchar(512)')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_services_tenant_idx').on('customer_services').columns(['tenant_id', 'state', 'seq']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    // money in fen (1/100 yuan): integers on both engines
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('min_point_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_start_time', 'bigint', (c) => c.notNull())
    .addColumn('use_end_time', 'bigint', (c) => c.notNull())
    // 1 receivable; 2 ended
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupons_tenant_idx').on('coupons').columns(['tenant_id', 'state', 'created_at']).execute();

  await db.schema
    .createTable('enroll_contacts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('mobile', 'varchar(32)')
    .addColumn('url', 'varchar(512)')
    .addColumn('contact_mobile', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enroll_contacts_tenant_idx').on('enroll_contacts').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('platform_parameters')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // null: the global value, used when the tenant has none
    .addColumn('tenant_id', 'varchar(32)', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('param_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_value', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('platform_parameters_key_uq', ['tenant_id', 'param_key'])
    .execute();
  await db.schema.createIndex('platform_parameters_key_idx').on('platform_parameters').column('param_key').execute();

  await db.schema
    .createTable('school_visits')
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    // China Standard Time day number: floor((epoch ms + 8 h) / 24 h)
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('school_visits_pk', ['tenant_id', 'day', 'visitor_id'])
    .execute();
  await db.schema.createIndex('school_visits_ip_idx').on('school_visits').columns(['tenant_id', 'day', 'ip']).execute();

  await db.schema
    .createTable('role_packs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // JSON array of {code, name}
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'role_packs',
    'school_visits',
    'platform_parameters',
    'enroll_contacts',
    'coupons',
    'customer_services',
    'clues',
    'sms_send_state',
    'sms_codes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
