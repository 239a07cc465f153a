// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A class's own rows, found by their class: the class page counts who takes part in each
 * course (a study record, handed-in work or a sign-in of the class's students), and those counts
 * were read through indexes that start with the student, so every count scanned the whole school's
 * records. These lead with the class, and hold the columns the counts read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('lesson_records_class_idx').on('lesson_records').columns(['tenant_id', 'class_id', 'course_id', 'class_student_id']).execute();
  await db.schema
    .createIndex('work_attempts_class_idx')
    .on('work_attempts')
    .columns(['tenant_id', 'class_id', 'course_id', 'status', 'class_student_id'])
    .execute();
  await db.schema
    .createIndex('activity_attendance_class_idx')
    .on('activity_attendance')
    .columns(['tenant_id', 'class_id', 'type', 'activity_id', 'class_student_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_attendance_class_idx').execute();
  await db.schema.dropIndex('work_attempts_class_idx').execute();
  await db.schema.dropIndex('lesson_records_class_idx').execute();
}
