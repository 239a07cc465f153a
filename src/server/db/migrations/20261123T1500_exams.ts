// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Homework and tests (issue 13; decision 025): papers and their
 * questions (a reading or cloze question's sub-questions name it as parent), the works (one
 * homework or test lesson of a class, with its paper or the external bank's paper), the attempts'
 * new columns (work_attempts already counts status >= 1 as submitted), the answers of an attempt
 * (one row per attempt and question: the unique key and the sequence number make the highest
 * sequence win whatever order saves arrive in) and the duty reports after a submission. At most
 * one attempt per work and student is open (status 0): a partial unique index. Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('exam_papers')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // 1: an English paper (its questions are sent in englishQuestionResultVOMap)
    .addColumn('english', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exam_questions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    // a sub-question of a reading comprehension (11) or cloze (13) question
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('exam_questions.id').onDelete('cascade'))
    // 1 single, 2 multiple, 3 true/false, 4 fill in the blank, 6 short answer, 11 reading, 13 cloze
    .addColumn('question_type', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trunk', 'text', (c) => c.notNull())
    .addColumn('exam_point', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('mark_status', 'integer')
    // JSON [{key, value}]
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON [key]: the right options
    .addColumn('answer_options', 'text', (c) => c.notNull().defaultTo('[]'))
    // fill in the blank: the blanks joined with '|'; short answer: the reference answer
    .addColumn('answer_content', 'text')
    .addColumn('explanation', 'text')
    .addColumn('blank_count', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_questions_paper_idx').on('exam_questions').columns(['tenant_id', 'paper_id', 'seq']).execute();

  await db.schema
    .createTable('works')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('classroom_id', 'varchar(32)', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    // 'homework' (classroom type 6) or 'test' (7)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('paper_id', 'varchar(32)', (c) => c.references('exam_papers.id').onDelete('restrict'))
    // the external bank's paper (source_type 'xskt')
    .addColumn('external_paper_id', 'varchar(64)')
    .addColumn('source_type', 'varchar(16)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    // minutes; null: no limit
    .addColumn('unit_time', 'integer')
    .addColumn('manual_grading', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('partial_multiple', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('works_lesson_uq').on('works').columns(['class_id', 'classroom_id']).unique().execute();

  await db.schema
    .alterTable('work_attempts')
    .addColumn('work_id', 'varchar(32)', (c) => c.references('works.id').onDelete('cascade'))
    .execute();
  // questions answered and questions of the paper when submitted
  await db.schema.alterTable('work_attempts').addColumn('answered_count', 'integer').execute();
  await db.schema.alterTable('work_attempts').addColumn('question_count', 'integer').execute();
  // seconds spent as the device counted them (kept, never trusted for time)
  await db.schema.alterTable('work_attempts').addColumn('use_time', 'integer').execute();
  // 'student' or 'deadline' (the server submitted it when its time had run out)
  await db.schema.alterTable('work_attempts').addColumn('submitted_by', 'varchar(16)').execute();
  await db.schema.alterTable('work_attempts').addColumn('last_saved_at', 'bigint').execute();
  // set on submission, in the same write as the status: JSON [{questionId, correct, score}]
  await db.schema.alterTable('work_attempts').addColumn('results', 'text').execute();
  // an external bank's paper as the bank marked it (questions, keys, explanations), for review
  await db.schema.alterTable('work_attempts').addColumn('bank_paper', 'text').execute();
  // one open attempt per work and student: two tabs starting at once continue the same attempt
  await db.schema
    .createIndex('work_attempts_open_uq')
    .on('work_attempts')
    .columns(['work_id', 'class_student_id'])
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();
  await db.schema.createIndex('work_attempts_work_idx').on('work_attempts').columns(['tenant_id', 'work_id', 'class_student_id']).execute();
  // the deadline sweep reads open attempts by deadline
  await db.schema.createIndex('work_attempts_open_idx').on('work_attempts').columns(['status', 'deadline_at']).execute();

  await db.schema
    .createTable('work_answers')
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull().references('work_attempts.id').onDelete('cascade'))
    // a question of the paper, or the external bank's questions_id
    .addColumn('question_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('content', 'text')
    // JSON [key]
    .addColumn('option_keys', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // the device's clock (kept, never trusted for time)
    .addColumn('answered_at', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('work_duty_reports')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('activity_id', 'varchar(32)', (c) => c.notNull().references('class_activities.id').onDelete('cascade'))
    .addColumn('classroom_id', 'varchar(32)', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', (c) => c.notNull().references('class_students.id').onDelete('cascade'))
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull().references('work_attempts.id').onDelete('cascade'))
    .addColumn('duty_type', 'varchar(32)', (c) => c.notNull())
    // 'YYYY-MM-DD HH:mm:ss' on the device (kept, not trusted)
    .addColumn('device_time', 'varchar(19)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('work_duty_reports_once_uq')
    .on('work_duty_reports')
    .columns(['activity_id', 'class_student_id', 'classroom_id', 'duty_type'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['work_duty_reports', 'work_answers']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('work_attempts_open_uq').ifExists().execute();
  await db.schema.dropIndex('work_attempts_open_idx').ifExists().execute();
  await db.schema.dropIndex('work_attempts_work_idx').ifExists().execute();
  for (const column of ['bank_paper', 'results', 'last_saved_at', 'submitted_by', 'use_time', 'question_count', 'answered_count', 'work_id']) {
    await db.schema.alterTable('work_attempts').dropColumn(column).execute();
  }
  for (const table of ['works', 'exam_questions', 'exam_papers']) await db.schema.dropTable(table).ifExists().execute();
}
