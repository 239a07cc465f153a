// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. The teachers of a class (decision 041): a staff account linked to a teaching class with
 * its role there, 'head' 班主任, 'course' 课程老师 or 'tutor' 辅导老师 (the CHECK lists the same
 * as CLASS_TEACHER_ROLE in src/lib/learning/class-admin.ts). One link per class and account; a
 * teacher's classes are read by account, so (tenant_id, account_id) is indexed. Deleting the class
 * or the account removes its links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class_teachers')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('class_teachers_role_check', sql`role in ('head', 'course', 'tutor')`)
    .addUniqueConstraint('class_teachers_class_account_uq', ['class_id', 'account_id'])
    .execute();
  await db.schema.createIndex('class_teachers_account_idx').on('class_teachers').columns(['tenant_id', 'account_id']).execute();
  // The staff list of a class's students searches by name and sorts by enrolment time.
  await db.schema.createIndex('class_students_class_created_idx').on('class_students').columns(['tenant_id', 'class_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('class_students_class_created_idx').ifExists().execute();
  await db.schema.dropTable('class_teachers').ifExists().execute();
}
