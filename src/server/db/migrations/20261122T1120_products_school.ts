// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Training products with their operation categories, the products and common questions of
 * hot majors, information content blocks and certification organisations.
 * Written once for SQLite and PostgreSQL (decision 002). Foreign keys only to tenants and to this
 * migration's own tables; hot_majors belongs to the content feature, so major ids are plain columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('pic', 'varchar(512)')
    .addColumn('pic_tag', 'varchar(32)')
    .addColumn('thumbs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('online_class_period_type_list', 'text')
    .addColumn('certification_org', 'varchar(128)')
    .addColumn('issuing_authority_name', 'varchar(128)')
    .addColumn('certificate_type_code', 'varchar(32)')
    .addColumn('certificate_type_desc', 'varchar(64)')
    .addColumn('certificate_verification_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('certificate_benefits', 'text')
    .addColumn('school_name', 'varchar(128)')
    .addColumn('training_institutions_name', 'varchar(128)')
    .addColumn('def_stand_price', 'varchar(32)')
    .addColumn('def_coupon_price', 'varchar(32)')
    .addColumn('subsidy_price', 'varchar(32)')
    .addColumn('tenant_child_type', 'varchar(32)')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_tenant_idx').on('products').columns(['tenant_id', 'state', 'seq']).execute();

  await db.schema
    .createTable('product_operation_categories')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_variety', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_operation_categories_tenant_idx').on('product_operation_categories').columns(['tenant_id', 'state', 'seq']).execute();

  await db.schema
    .createTable('product_operation_relations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('biz_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('biz_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_operation_relations_biz_idx')
    .on('product_operation_relations')
    .columns(['tenant_id', 'biz_type', 'biz_id', 'state', 'seq'])
    .execute();

  await db.schema
    .createTable('hot_major_products')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('major_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('hot_major_products_pk', ['major_id', 'product_id'])
    .execute();
  await db.schema.createIndex('hot_major_products_tenant_idx').on('hot_major_products').columns(['tenant_id', 'major_id']).execute();

  await db.schema
    .createTable('common_questions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('major_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('common_questions_major_idx').on('common_questions').columns(['tenant_id', 'major_id']).execute();

  await db.schema
    .createTable('university_information')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('university_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('information_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('university_information_owner_idx')
    .on('university_information')
    .columns(['tenant_id', 'information_type', 'university_id'])
    .execute();

  await db.schema
    .createTable('certification_organizations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('org_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('certification_type', 'varchar(32)')
    .addColumn('service_scope', 'text')
    .addColumn('features', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certification_organizations_tenant_idx').on('certification_organizations').columns(['tenant_id', 'state', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'certification_organizations',
    'university_information',
    'common_questions',
    'hot_major_products',
    'product_operation_relations',
    'product_operation_categories',
    'products',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
