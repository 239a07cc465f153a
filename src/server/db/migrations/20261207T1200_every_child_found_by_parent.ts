// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Every foreign key's child column leads an index (decision 134), as decision 133 began for the lesson, the
 * enrolment and the activity. SQLite checks a foreign key, and cascades or nulls its delete, by looking the child rows up
 * by the child column alone, and so does PostgreSQL's check: deleting a class nobody had joined scanned every school's
 * study records, attempts, sign-ins and dynamics by class (219 ms beside a class of 20,001), and a course no class taught
 * scanned them by course (137 ms), while the one writer waited. Deleting a news category, a material category, a product,
 * a tag, an invitation, a question or a comment scanned its smaller tables the same way.
 *
 * An index that begins with the school is moved to begin with the column when every statement that reads through it
 * names the column: it reads as before. The school's export and row counts, which read a whole table by the school alone,
 * then scan those tables, as they already scanned the answers and the works. Where a read of the portal needs the school
 * alone (its lessons searched by content, its inbox of questions, its attempts by status), the index stays, and the column
 * gets an index of its own.
 */
const REORDERED: [index: string, table: string, before: string[], after: string[]][] = [
  ['news_category_links_cat_idx', 'news_category_links', ['tenant_id', 'categorize_id'], ['categorize_id', 'tenant_id']],
  ['comment_score_tag_links_tag_idx', 'comment_score_tag_links', ['tenant_id', 'tag_id'], ['tag_id', 'tenant_id']],
  ['hot_major_products_product_idx', 'hot_major_products', ['tenant_id', 'product_id', 'major_id'], ['product_id', 'tenant_id', 'major_id']],
  ['class_periods_class_idx', 'class_periods', ['tenant_id', 'class_id', 'start_at'], ['class_id', 'tenant_id', 'start_at']],
  ['class_activities_class_idx', 'class_activities', ['tenant_id', 'class_id', 'start_at'], ['class_id', 'tenant_id', 'start_at']],
  // The activities' index by school, through which a series' occurrences are read, names their class after the series:
  // else the class's index, now led by the class, ties with it, and the class's every activity is read for one series.
  ['class_activities_series_idx', 'class_activities', ['tenant_id', 'series_id', 'start_at'], ['tenant_id', 'series_id', 'class_id', 'start_at']],
  ['classrooms_course_idx', 'classrooms', ['tenant_id', 'course_id', 'seq'], ['course_id', 'tenant_id', 'seq']],
  ['course_chapters_course_idx', 'course_chapters', ['tenant_id', 'course_id', 'seq'], ['course_id', 'tenant_id', 'seq']],
  ['course_introductions_course_idx', 'course_introductions', ['tenant_id', 'course_id', 'seq'], ['course_id', 'tenant_id', 'seq']],
  ['duty_rules_course_idx', 'duty_rules', ['tenant_id', 'course_id'], ['course_id', 'tenant_id']],
  [
    'classroom_question_answers_question_idx',
    'classroom_question_answers',
    ['tenant_id', 'question_id', 'created_at'],
    ['question_id', 'tenant_id', 'created_at'],
  ],
  ['bank_questions_list_idx', 'bank_questions', ['tenant_id', 'parent_id', 'updated_at'], ['parent_id', 'tenant_id', 'updated_at']],
  [
    'lesson_records_class_idx',
    'lesson_records',
    ['tenant_id', 'class_id', 'course_id', 'class_student_id'],
    ['course_id', 'class_id', 'tenant_id', 'class_student_id'],
  ],
  [
    'lesson_records_lesson_idx',
    'lesson_records',
    ['tenant_id', 'class_id', 'classroom_id', 'finished_at', 'class_student_id'],
    ['class_id', 'tenant_id', 'classroom_id', 'finished_at', 'class_student_id'],
  ],
  [
    'activity_attendance_class_idx',
    'activity_attendance',
    ['tenant_id', 'class_id', 'type', 'activity_id', 'class_student_id'],
    ['class_id', 'tenant_id', 'type', 'activity_id', 'class_student_id'],
  ],
  ['class_dynamics_class_idx', 'class_dynamics', ['tenant_id', 'class_id', 'created_at'], ['class_id', 'tenant_id', 'created_at']],
  [
    'work_attempts_class_idx',
    'work_attempts',
    ['tenant_id', 'class_id', 'course_id', 'status', 'class_student_id'],
    ['class_id', 'tenant_id', 'course_id', 'status', 'class_student_id'],
  ],
];

/**
 * The child columns no index could begin with get one. Where the portal reads the table by that column and another, the
 * index holds both, so that SQLite, which plans with no statistics, does not take it for a read that a longer index
 * answers better: a student's hand-ins in a course, a class's activities and works of a course.
 */
const ADDED: [index: string, table: string, columns: string[]][] = [
  ['work_attempts_course_idx', 'work_attempts', ['course_id', 'class_student_id']],
  ['class_activities_course_idx', 'class_activities', ['course_id', 'class_id']],
  ['works_course_idx', 'works', ['course_id', 'class_id']],
  ['classroom_questions_class_idx', 'classroom_questions', ['class_id']],
  ['classroom_notes_class_idx', 'classroom_notes', ['class_id']],
  ['classroom_notes_course_idx', 'classroom_notes', ['course_id']],
  ['classroom_comments_class_idx', 'classroom_comments', ['class_id']],
  ['classroom_comments_parent_idx', 'classroom_comments', ['parent_id']],
  ['classroom_likes_class_idx', 'classroom_likes', ['class_id']],
  ['work_duty_reports_attempt_idx', 'work_duty_reports', ['attempt_id']],
  ['work_duty_reports_class_idx', 'work_duty_reports', ['class_id']],
  ['classrooms_tenant_idx', 'classrooms', ['tenant_id']],
  ['materials_category_idx', 'materials', ['category_id']],
  ['content_operations_tag_idx', 'content_operations', ['tag_id']],
  ['product_operation_relations_product_idx', 'product_operation_relations', ['product_id']],
  ['invitation_joins_invitation_idx', 'invitation_joins', ['invitation_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [index, table, , after] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(after).execute();
  }
  for (const [index, table, columns] of ADDED) await db.schema.createIndex(index).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [index] of ADDED) await db.schema.dropIndex(index).execute();
  for (const [index, table, before] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(before).execute();
  }
}
