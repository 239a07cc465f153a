// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Reads that SQLite answered from the school's index, reading every row of the school (decision 132). Its plans
 * have no statistics, and a school's comments counted by thread or by the comment replied to, `tenant_id = ? and top_id
 * in (…)`, took an index matched on the school alone once a page asked for three threads or more (7.4 ms at 50,000
 * comments); a liked item's likes took the likes' unique key on the school alone, for the user it holds (10.6 ms at
 * 100,000 likes); a class's periods each counted their students by reading every enrolment of every school (59 ms for
 * 52 periods at 20,000 enrolments); the staff's course list counted each course's classes through every school's
 * class_courses, and read the courses of every school, which had no index by school. The thread and reply indexes now
 * name the school after the thread or comment (they still serve the cascades that delete a thread's replies), the likes'
 * index holds the user, enrolments have an index by period (which also serves the check that deletes a period only when
 * it is empty), a class's courses one by course, and courses one by school in the list's order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_top_idx').execute();
  await db.schema.dropIndex('comments_parent_idx').execute();
  await db.schema.createIndex('comments_thread_idx').on('comments').columns(['top_id', 'tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_reply_idx').on('comments').columns(['parent_id', 'tenant_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('thumbs_records_object_idx').execute();
  await db.schema.createIndex('thumbs_records_object_idx').on('thumbs_records').columns(['tenant_id', 'object_type', 'object_id', 'user_id']).execute();
  await db.schema.createIndex('class_students_period_idx').on('class_students').column('period_id').execute();
  await db.schema.createIndex('class_courses_course_idx').on('class_courses').column('course_id').execute();
  await db.schema.createIndex('courses_tenant_idx').on('courses').columns(['tenant_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('courses_tenant_idx').execute();
  await db.schema.dropIndex('class_courses_course_idx').execute();
  await db.schema.dropIndex('class_students_period_idx').execute();
  await db.schema.dropIndex('thumbs_records_object_idx').execute();
  await db.schema.createIndex('thumbs_records_object_idx').on('thumbs_records').columns(['tenant_id', 'object_type', 'object_id']).execute();
  await db.schema.dropIndex('comments_reply_idx').execute();
  await db.schema.dropIndex('comments_thread_idx').execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_top_idx').on('comments').columns(['top_id', 'created_at']).execute();
}
