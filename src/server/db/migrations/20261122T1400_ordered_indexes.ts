// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Indexes that hold the rows in the order the pages read them.
 *
 * Lists order by their sort column and then by id (a stable order for equal values), but the
 * indexes ended at the sort column, so SQLite sorted every result in a temporary B-tree (about
 * 25 µs even for 7 rows, several times per page). Each index below replaces one of the same name
 * stem with the id (or the time) as the last column; both engines then read the rows in order.
 */
const REPLACED: { table: string; old: string; oldColumns: string[]; name: string; columns: string[] }[] = [
  {
    table: 'news',
    old: 'news_tenant_status_time_idx',
    oldColumns: ['tenant_id', 'status', 'publish_time'],
    name: 'news_tenant_status_time_id_idx',
    columns: ['tenant_id', 'status', 'publish_time', 'id'],
  },
  {
    table: 'notices',
    old: 'notices_tenant_status_time_idx',
    oldColumns: ['tenant_id', 'status', 'publish_time'],
    name: 'notices_tenant_status_time_id_idx',
    columns: ['tenant_id', 'status', 'publish_time', 'id'],
  },
  {
    table: 'news_categories',
    old: 'news_categories_tenant_idx',
    oldColumns: ['tenant_id', 'seq'],
    name: 'news_categories_tenant_seq_id_idx',
    columns: ['tenant_id', 'seq', 'id'],
  },
  {
    table: 'hot_majors',
    old: 'hot_majors_tenant_idx',
    oldColumns: ['tenant_id', 'state', 'seq'],
    name: 'hot_majors_tenant_seq_id_idx',
    columns: ['tenant_id', 'state', 'seq', 'id'],
  },
  {
    table: 'service_points',
    old: 'service_points_tenant_idx',
    oldColumns: ['tenant_id'],
    name: 'service_points_tenant_seq_id_idx',
    columns: ['tenant_id', 'seq', 'id'],
  },
  {
    table: 'material_posters',
    old: 'material_posters_tenant_idx',
    oldColumns: ['tenant_id', 'enabled', 'seq'],
    name: 'material_posters_tenant_seq_id_idx',
    columns: ['tenant_id', 'enabled', 'seq', 'id'],
  },
  {
    table: 'coupons',
    old: 'coupons_tenant_idx',
    oldColumns: ['tenant_id', 'state', 'created_at'],
    name: 'coupons_tenant_created_id_idx',
    columns: ['tenant_id', 'state', 'created_at', 'id'],
  },
  {
    table: 'customer_services',
    old: 'customer_services_tenant_idx',
    oldColumns: ['tenant_id', 'state', 'seq'],
    name: 'customer_services_tenant_seq_id_idx',
    columns: ['tenant_id', 'state', 'seq', 'id'],
  },
  {
    table: 'enroll_contacts',
    old: 'enroll_contacts_tenant_idx',
    oldColumns: ['tenant_id', 'created_at'],
    name: 'enroll_contacts_tenant_created_id_idx',
    columns: ['tenant_id', 'created_at', 'id'],
  },
  {
    table: 'product_operation_categories',
    old: 'product_operation_categories_tenant_idx',
    oldColumns: ['tenant_id', 'state', 'seq'],
    name: 'product_operation_categories_seq_id_idx',
    columns: ['tenant_id', 'state', 'seq', 'id'],
  },
  {
    table: 'certification_organizations',
    old: 'certification_organizations_tenant_idx',
    oldColumns: ['tenant_id', 'state', 'seq'],
    name: 'certification_organizations_seq_id_idx',
    columns: ['tenant_id', 'state', 'seq', 'id'],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, old, name, columns } of REPLACED) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    await db.schema.dropIndex(old).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, old, oldColumns, name } of REPLACED) {
    await db.schema.createIndex(old).on(table).columns(oldColumns).execute();
    await db.schema.dropIndex(name).execute();
  }
}
