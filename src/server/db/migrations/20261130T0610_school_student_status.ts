// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A school may stop one of its students (学员管理's 停用) without touching the person's
 * other schools: user_tenants.status is the student's state in that school (1 active, 0 disabled;
 * every existing student is active). The school's student list reads its students newest first:
 * (tenant_id, created_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_tenants')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('user_tenants_tenant_created_idx').on('user_tenants').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_tenants_tenant_created_idx').execute();
  await db.schema.alterTable('user_tenants').dropColumn('status').execute();
}
