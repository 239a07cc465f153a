import { sql } from 'kysely';

/**
 * What students did in a lesson, or in a course as a class's students, counted in SQL over the
 * fixed aliases of courses' statements (l: the lesson, cc: the class's course). The course editor
 * shows the counts, and a lesson is deleted or a course detached only while its count is 0, in the
 * same statement, so a record made meanwhile is never lost.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['lessonRecords', 'workAttempts', 'activityAttendance', 'classActivities'] as const;

/** Lesson records, hand-ins and sign-ins of a lesson: what deleting it would destroy. */
export const lessonStudy = sql<number>`(select count(*) from lesson_records lr where lr.classroom_id = l.id)
  + (select count(*) from work_attempts wa where wa.classroom_id = l.id)
  + (select count(*) from activity_attendance aa inner join class_activities ca on ca.id = aa.activity_id where ca.classroom_id = l.id)`;

/**
 * Study records of the class's students in the course: what detaching would hide. Each count names the school, so that
 * the class's index by course of each table answers it: without it SQLite scanned an index of every school's records
 * and attempts for each course of the class (decision 132).
 */
export const classCourseStudy = sql<number>`(select count(*) from lesson_records lr
    where lr.tenant_id = cc.tenant_id and lr.class_id = cc.class_id and lr.course_id = cc.course_id)
  + (select count(*) from work_attempts wa where wa.tenant_id = cc.tenant_id and wa.class_id = cc.class_id and wa.course_id = cc.course_id)`;
