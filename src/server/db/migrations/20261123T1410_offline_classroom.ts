// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The face-to-face classroom: a
 * lesson's before-class notes, its numbered knowledge points and its teachers (the first is the
 * lead), and an activity's highlights (课堂花絮: videos and images of that session).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');
  const classroomId = (c: any) => c.notNull().references('classrooms.id').onDelete('cascade');
  await db.schema
    .createTable('offline_classrooms')
    .addColumn('classroom_id', 'varchar(32)', (c) => c.primaryKey().references('classrooms.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('before_class_notes', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('classroom_points')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('point_desc', 'varchar(500)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classroom_points_classroom_idx').on('classroom_points').columns(['tenant_id', 'classroom_id', 'seq']).execute();
  await db.schema
    .createTable('classroom_teachers')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('teacher_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('teacher_avatar', 'varchar(500)')
    // the lowest seq is the lead teacher
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classroom_teachers_classroom_idx').on('classroom_teachers').columns(['tenant_id', 'classroom_id', 'seq']).execute();
  await db.schema
    .createTable('activity_highlights')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('class_activities.id').onDelete('cascade'))
    // VIDEO or IMAGE
    .addColumn('file_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('cover', 'varchar(500)')
    .addColumn('titbit_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_highlights_activity_idx').on('activity_highlights').columns(['tenant_id', 'activity_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['activity_highlights', 'classroom_teachers', 'classroom_points', 'offline_classrooms'])
    await db.schema.dropTable(table).ifExists().execute();
}
