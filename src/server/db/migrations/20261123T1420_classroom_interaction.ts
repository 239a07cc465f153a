// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The classroom interaction panel (questions, notes, comments, counters): a class's
 * questions on a lesson with the teachers' answers, one saved
 * draft question per student and lesson (the primary key makes the next draft replace it), notes
 * (a student's, shared or private, or a teacher's with class_student_id null), comments with
 * replies (parent_id), and likes of a lesson (once per student: the unique key makes a second
 * like a no-op even when two arrive together). Texts are at most 100 characters; times epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');
  const classId = (c: any) => c.notNull().references('teaching_classes.id').onDelete('cascade');
  const classroomId = (c: any) => c.notNull().references('classrooms.id').onDelete('cascade');
  const classStudent = (c: any) => c.notNull().references('class_students.id').onDelete('cascade');

  await db.schema
    .createTable('classroom_questions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', classId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    .addColumn('title', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('classroom_questions_lesson_idx')
    .on('classroom_questions')
    .columns(['tenant_id', 'class_id', 'classroom_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('classroom_question_answers')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull().references('classroom_questions.id').onDelete('cascade'))
    .addColumn('answer', 'varchar(2000)', (c) => c.notNull())
    .addColumn('teacher_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('classroom_question_answers_question_idx')
    .on('classroom_question_answers')
    .columns(['tenant_id', 'question_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('classroom_question_drafts')
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('title', 'varchar(400)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('classroom_question_drafts_pk', ['class_student_id', 'classroom_id'])
    .execute();

  await db.schema
    .createTable('classroom_notes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', classId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // null: a teacher's note (teacher_name names the teacher)
    .addColumn('class_student_id', 'varchar(32)', (c) => c.references('class_students.id').onDelete('cascade'))
    .addColumn('teacher_name', 'varchar(100)')
    .addColumn('title', 'varchar(400)', (c) => c.notNull())
    .addColumn('notes', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    // 1 shared with the class, 0 private
    .addColumn('is_shared', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classroom_notes_lesson_idx').on('classroom_notes').columns(['tenant_id', 'class_id', 'classroom_id', 'created_at']).execute();

  await db.schema
    .createTable('classroom_comments')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', classId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('classroom_comments.id').onDelete('cascade'))
    .addColumn('content', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('classroom_comments_lesson_idx')
    .on('classroom_comments')
    .columns(['tenant_id', 'class_id', 'classroom_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('classroom_likes')
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', classId)
    .addColumn('classroom_id', 'varchar(32)', classroomId)
    .addColumn('class_student_id', 'varchar(32)', classStudent)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('classroom_likes_pk', ['class_student_id', 'classroom_id'])
    .execute();
  await db.schema.createIndex('classroom_likes_lesson_idx').on('classroom_likes').columns(['tenant_id', 'class_id', 'classroom_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'classroom_likes',
    'classroom_comments',
    'classroom_notes',
    'classroom_question_drafts',
    'classroom_question_answers',
    'classroom_questions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
