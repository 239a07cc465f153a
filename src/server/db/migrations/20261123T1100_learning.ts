// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The learning model: a school's teaching classes with their
 * periods and enrolled students; courses with chapters, sections and lessons (classrooms); the
 * courses a class teaches; the class's activities; and the duty rules (targets) of a course or a
 * lesson. Times are epoch ms. Every row carries its school: every query names it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('teaching_classes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('product_name', 'varchar(200)')
    // 0 not yet opened, 1 running, 2 another state (ended)
    .addColumn('teaching_class_status', 'integer', (c) => c.notNull())
    .addColumn('training_start_at', 'bigint')
    .addColumn('training_end_at', 'bigint')
    // the class teacher (班主任): shown by nickname
    .addColumn('teacher_name', 'varchar(100)')
    .addColumn('teacher_avatar', 'varchar(500)')
    .addColumn('learning_goal', 'text')
    // 1: experience mode (体验班), empty-state actions show a modal instead of navigating
    .addColumn('experience', 'integer', (c) => c.notNull().defaultTo(0))
    // the date a class not yet opened is expected to open, or null ('please wait patiently')
    .addColumn('expected_open_at', 'bigint')
    .addColumn('teaching_plan_created_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teaching_classes_tenant_idx').on('teaching_classes').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('class_periods')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('class_period_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_periods_class_idx').on('class_periods').columns(['tenant_id', 'class_id', 'start_at']).execute();

  await db.schema
    .createTable('class_students')
    // the class student id: the studentId of the learner calls (classStudentId of the course jump)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the user's student id in the school (user_tenants.student_id)
    .addColumn('school_student_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_id', 'varchar(32)', (c) => c.references('class_periods.id').onDelete('set null'))
    // -1 pending admission, 0 pending start, 1 pending check-in, 2 in service, 3 completed
    .addColumn('service_status', 'integer', (c) => c.notNull())
    // when the student first opened the class from my learning (updateEnrolState), or null
    .addColumn('enrol_state_at', 'bigint')
    .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(0))
    // when the service status was last set (the header's start date)
    .addColumn('status_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_students_class_user_uq').on('class_students').columns(['class_id', 'user_id']).unique().execute();
  await db.schema.createIndex('class_students_user_idx').on('class_students').columns(['user_id', 'tenant_id']).execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover', 'varchar(500)')
    // 0 face-to-face, 1 online, other mixed
    .addColumn('course_nature', 'integer', (c) => c.notNull())
    .addColumn('course_type', 'integer')
    // 10, 11, 12 (practical training): a third-party platform course, or null
    .addColumn('third_platform_type', 'integer')
    // 0 internal, else the third-party platform
    .addColumn('learning_platform', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learning_url', 'varchar(500)')
    .addColumn('course_class_code', 'varchar(100)')
    .addColumn('introduce', 'text')
    .addColumn('course_content', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('class_courses')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('learn_start_at', 'bigint')
    .addColumn('learn_end_at', 'bigint')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_courses_class_course_uq').on('class_courses').columns(['class_id', 'course_id']).unique().execute();

  await db.schema
    .createTable('course_chapters')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // null for a chapter; the chapter's id for a section
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('course_chapters.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_chapters_course_idx').on('course_chapters').columns(['tenant_id', 'course_id', 'seq']).execute();

  await db.schema
    .createTable('classrooms')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // the section the lesson sits in
    .addColumn('section_id', 'varchar(32)', (c) => c.references('course_chapters.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // 1 video, 2 audio, 3 article, 4 document, 5 archive, 6 homework, 7 test, 8 image, 10 live, 11 face-to-face
    .addColumn('classroom_type', 'integer', (c) => c.notNull())
    // 1 required, else elective
    .addColumn('must_learn', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // the lesson's content (JSON with pageData), an offline lesson's place and time, a live lesson's times
    .addColumn('classroom_content', 'text')
    .addColumn('position', 'varchar(200)')
    .addColumn('address', 'varchar(300)')
    .addColumn('class_start_at', 'bigint')
    .addColumn('class_end_at', 'bigint')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classrooms_course_idx').on('classrooms').columns(['tenant_id', 'course_id', 'seq']).execute();

  await db.schema
    .createTable('class_activities')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    // extendId: the course of the activity
    .addColumn('course_id', 'varchar(32)', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('classroom_id', 'varchar(32)', (c) => c.references('classrooms.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // 1 required, else elective
    .addColumn('is_required', 'integer', (c) => c.notNull())
    // 1 online, 2 offline
    .addColumn('online_type', 'integer', (c) => c.notNull())
    .addColumn('biz_type', 'varchar(50)')
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('position', 'varchar(200)')
    .addColumn('address', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_activities_class_idx').on('class_activities').columns(['tenant_id', 'class_id', 'start_at']).execute();

  await db.schema
    .createTable('duty_rules')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // null: the rule of the whole course; else of one lesson
    .addColumn('classroom_id', 'varchar(32)', (c) => c.references('classrooms.id').onDelete('cascade'))
    // VIDEO_PROGRESS, ONLINE_HOMEWORK_SUBMIT, ONLINE_TEST_SUBMIT, OFFLINE_FACE2FACE_TEACHING_FIN_TIMES, ONLINE_VIDEO_TEACHING_STUDY_TIMES…
    .addColumn('duty_type', 'varchar(64)', (c) => c.notNull())
    // a percent for progress duties, a count or minutes for the others; 0 means the duty is not counted
    .addColumn('target_value', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('duty_rules_course_idx').on('duty_rules').columns(['tenant_id', 'course_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'duty_rules',
    'class_activities',
    'classrooms',
    'course_chapters',
    'class_courses',
    'courses',
    'class_students',
    'class_periods',
    'teaching_classes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
