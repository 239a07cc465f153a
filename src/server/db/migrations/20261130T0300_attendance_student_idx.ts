// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A student's own sign-ins, found by the student: the class page reads which lessons the
 * student attended (tenant, class, type and student given). The class's index matched more of those
 * columns than the student's (tenant, student), so the planner read every sign-in of the class.
 * The student's index now holds the class, the type and the activity too: it matches every given
 * column and answers from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_attendance_student_idx').execute();
  await db.schema
    .createIndex('activity_attendance_student_idx')
    .on('activity_attendance')
    .columns(['tenant_id', 'class_student_id', 'class_id', 'type', 'activity_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_attendance_student_idx').execute();
  await db.schema.createIndex('activity_attendance_student_idx').on('activity_attendance').columns(['tenant_id', 'class_student_id']).execute();
}
