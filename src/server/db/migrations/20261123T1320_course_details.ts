// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The course detail page: a course's
 * introduction blocks (introduceType 0 intro, 1 teacher, 3 supporting materials, 4 quality
 * service; a teacher has a name, an avatar and a role code t_kcls / t_fdls, the others an outline
 * and a description), and a live lesson's status (0 not started, 1 live now, 2 replay generating,
 * 3 replay; its class times are the lesson's class_start_at / class_end_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_introductions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // 0 introduction, 1 teacher, 3 supporting materials, 4 quality service
    .addColumn('introduce_type', 'integer', (c) => c.notNull())
    .addColumn('teacher_name', 'varchar(100)')
    .addColumn('teacher_head_url', 'varchar(500)')
    // t_kcls course teacher, t_fdls tutor
    .addColumn('role_code', 'varchar(32)')
    .addColumn('outline', 'varchar(200)')
    .addColumn('describe', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_introductions_course_idx').on('course_introductions').columns(['tenant_id', 'course_id', 'seq']).execute();
  // A live lesson's status; null for every other lesson.
  await db.schema.alterTable('classrooms').addColumn('live_status', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('classrooms').dropColumn('live_status').execute();
  await db.schema.dropTable('course_introductions').ifExists().execute();
}
