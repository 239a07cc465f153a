// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. What a student did in a class: attendance (sign-in and
 * sign-out, once each per activity and student: the unique index makes a second one fail even
 * when two arrive together), lesson study records (one per student and lesson: the credited
 * study time, the last position and the progress), homework and test attempts, and the class's
 * activity dynamics. Also the attendance settings of an activity and the student's assessment
 * result. Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');
  const classStudent = (c: any) => c.notNull().references('class_students.id').onDelete('cascade');

  await db.schema
    .alterTable('class_activities')
    // 1: the student signs in (签到) / signs out (签退); online_attendance 1: online sign-in on entry
    .addColumn('sign_in', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('class_activities')
    .addColumn('sign_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('class_activities')
    .addColumn('online_attendance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 0 not assessed, 1 passed, 2 failed
  await db.schema
    .alterTable('class_students')
    .addColumn('evaluate_status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('activity_attendance')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('class_activities.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    // 1 sign in, 2 sign out
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_attendance_once_uq').on('activity_attendance').columns(['activity_id', 'class_student_id', 'type']).unique().execute();
  await db.schema.createIndex('activity_attendance_student_idx').on('activity_attendance').columns(['tenant_id', 'class_student_id']).execute();

  await db.schema
    .createTable('lesson_records')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('classroom_id', 'varchar(32)', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    // where the student last was (resume position), and the furthest point credited
    .addColumn('last_position_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('furthest_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // study time credited by the server (never more than real time allows)
    .addColumn('credited_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // percent 0..100 of the lesson credited, never decreasing
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    // the last accepted report's sequence number (a repeat or an older report changes nothing)
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'bigint')
    .addColumn('first_studied_at', 'bigint', (c) => c.notNull())
    .addColumn('last_report_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_records_once_uq').on('lesson_records').columns(['class_student_id', 'classroom_id']).unique().execute();
  await db.schema.createIndex('lesson_records_course_idx').on('lesson_records').columns(['tenant_id', 'class_student_id', 'course_id']).execute();

  await db.schema
    .createTable('work_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('classroom_id', 'varchar(32)', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    .addColumn('activity_id', 'varchar(32)', (c) => c.references('class_activities.id').onDelete('set null'))
    // 6 homework, 7 test (the lesson's classroom type)
    .addColumn('work_type', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint')
    .addColumn('submitted_at', 'bigint')
    // 0 answering, 1 submitted and pending review, 2 reviewed
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_attempts_student_idx').on('work_attempts').columns(['tenant_id', 'class_student_id', 'classroom_id']).execute();

  await db.schema
    .createTable('class_dynamics')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('activity_id', 'varchar(32)', (c) => c.references('class_activities.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    // 0 check-in, 1 check-out, 2 question, 3 reply, 4 note published, 5 classroom rating
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_dynamics_class_idx').on('class_dynamics').columns(['tenant_id', 'class_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['class_dynamics', 'work_attempts', 'lesson_records', 'activity_attendance']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('class_students').dropColumn('evaluate_status').execute();
  for (const column of ['online_attendance', 'sign_out', 'sign_in']) await db.schema.alterTable('class_activities').dropColumn(column).execute();
}
