// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The rows of a deleted lesson, enrolment, activity, chapter or paper found through an index (decision 133).
 * SQLite checks a foreign key, and cascades its delete, by looking the child rows up by the child column alone; only an
 * index that begins with that column serves it. The indexes of the study tables began with the school, so deleting a
 * lesson nobody had studied, or an enrolment with nothing done, scanned every school's study records, attempts,
 * sign-ins, dynamics and posts while it held the database's one writer: 150–630 ms beside 260,000 records, 200,000
 * attempts and 360,000 sign-ins, every save and progress report of every school waiting meanwhile. The indexes below
 * now begin with the lesson, the class student, the activity or the paper, then name the school and the rest as before:
 * each statement that read through them names all of their equality columns, so it reads them as before. The child
 * columns with no such index gain one.
 */
const REORDERED: [index: string, table: string, before: string[], after: string[]][] = [
  [
    'work_attempts_lesson_idx',
    'work_attempts',
    ['tenant_id', 'class_id', 'classroom_id', 'submitted_at', 'class_student_id'],
    ['classroom_id', 'tenant_id', 'class_id', 'submitted_at', 'class_student_id'],
  ],
  ['work_attempts_student_idx', 'work_attempts', ['tenant_id', 'class_student_id', 'classroom_id'], ['class_student_id', 'tenant_id', 'classroom_id']],
  [
    'activity_attendance_student_idx',
    'activity_attendance',
    ['tenant_id', 'class_student_id', 'class_id', 'type', 'activity_id'],
    ['class_student_id', 'tenant_id', 'class_id', 'type', 'activity_id'],
  ],
  [
    'class_dynamics_student_idx',
    'class_dynamics',
    ['tenant_id', 'class_id', 'class_student_id', 'type'],
    ['class_student_id', 'tenant_id', 'class_id', 'type'],
  ],
  [
    'classroom_questions_lesson_idx',
    'classroom_questions',
    ['tenant_id', 'class_id', 'classroom_id', 'created_at'],
    ['classroom_id', 'tenant_id', 'class_id', 'created_at'],
  ],
  [
    'classroom_notes_lesson_idx',
    'classroom_notes',
    ['tenant_id', 'class_id', 'classroom_id', 'created_at'],
    ['classroom_id', 'tenant_id', 'class_id', 'created_at'],
  ],
  [
    'classroom_comments_lesson_idx',
    'classroom_comments',
    ['tenant_id', 'class_id', 'classroom_id', 'created_at'],
    ['classroom_id', 'tenant_id', 'class_id', 'created_at'],
  ],
  ['classroom_likes_lesson_idx', 'classroom_likes', ['tenant_id', 'class_id', 'classroom_id'], ['classroom_id', 'tenant_id', 'class_id']],
  ['classroom_points_classroom_idx', 'classroom_points', ['tenant_id', 'classroom_id', 'seq'], ['classroom_id', 'tenant_id', 'seq']],
  ['classroom_teachers_classroom_idx', 'classroom_teachers', ['tenant_id', 'classroom_id', 'seq'], ['classroom_id', 'tenant_id', 'seq']],
  ['calendar_feeds_student_idx', 'calendar_feeds', ['tenant_id', 'class_student_id'], ['class_student_id', 'tenant_id']],
  [
    'class_dynamics_activity_idx',
    'class_dynamics',
    ['tenant_id', 'class_id', 'activity_id', 'created_at', 'id'],
    ['activity_id', 'tenant_id', 'class_id', 'created_at', 'id'],
  ],
  ['activity_highlights_activity_idx', 'activity_highlights', ['tenant_id', 'activity_id', 'seq'], ['activity_id', 'tenant_id', 'seq']],
  ['exam_questions_paper_idx', 'exam_questions', ['tenant_id', 'paper_id', 'seq'], ['paper_id', 'tenant_id', 'seq']],
  ['exam_paper_groups_paper_idx', 'exam_paper_groups', ['tenant_id', 'paper_id', 'seq'], ['paper_id', 'tenant_id', 'seq']],
];

/**
 * Indexes for the child columns that had none. A study record's lesson gets a unique key of its own, (classroom_id,
 * class_student_id), the record's key led by the lesson: on PostgreSQL's kept plan of a table with few rows or no
 * statistics, a report's look-up of its record by class student and lesson ties between its key and any index that
 * begins with the lesson (tests/api/enrolment-plan.test.ts), and only a key reads one row whichever is taken.
 */
const ADDED: [index: string, table: string, columns: string[], unique?: true][] = [
  ['lesson_records_lesson_uq', 'lesson_records', ['classroom_id', 'class_student_id'], true],
  ['classroom_questions_student_idx', 'classroom_questions', ['class_student_id']],
  ['classroom_notes_student_idx', 'classroom_notes', ['class_student_id']],
  ['classroom_comments_student_idx', 'classroom_comments', ['class_student_id']],
  ['work_duty_reports_student_idx', 'work_duty_reports', ['class_student_id']],
  ['work_duty_reports_lesson_idx', 'work_duty_reports', ['classroom_id']],
  ['classroom_question_drafts_lesson_idx', 'classroom_question_drafts', ['classroom_id']],
  ['duty_rules_lesson_idx', 'duty_rules', ['classroom_id']],
  ['class_activities_lesson_idx', 'class_activities', ['classroom_id']],
  ['works_classroom_idx', 'works', ['classroom_id']],
  ['work_attempts_activity_idx', 'work_attempts', ['activity_id']],
  ['classrooms_section_idx', 'classrooms', ['section_id']],
  ['course_chapters_parent_idx', 'course_chapters', ['parent_id']],
  ['works_paper_idx', 'works', ['paper_id']],
  ['exam_questions_parent_idx', 'exam_questions', ['parent_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [index, table, , after] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(after).execute();
  }
  for (const [index, table, columns, unique] of ADDED) {
    const create = db.schema.createIndex(index).on(table).columns(columns);
    await (unique ? create.unique() : create).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [index] of ADDED) await db.schema.dropIndex(index).execute();
  for (const [index, table, before] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(before).execute();
  }
}
