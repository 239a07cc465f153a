import type { Scope } from '../../http/scope';
import type { LessonRecord } from './study.table';
import * as repo from './study.repository';

/**
 * Lesson study records: what the server credited of each lesson a student studied (the reporting
 * that writes them belongs to the classroom). Read for one class student in one school; the
 * callers have checked the enrolment.
 */

export type { LessonRecord };

/** The student's records, most recently studied first: of some lessons, or of one course. */
export function lessonRecords(
  s: Scope,
  input: { tenantId: string; classStudentId: string; classroomIds?: readonly string[] | undefined; courseId?: string | undefined },
): Promise<LessonRecord[]> {
  return repo.listLessonRecords(s.db, input.tenantId, input.classStudentId, input);
}

/** Every student's records of one course in one class, for class-wide figures (no one student's data leaves the server). */
export function classLessonRecords(s: Scope, input: { tenantId: string; classId: string; courseId: string }): Promise<LessonRecord[]> {
  return repo.listClassLessonRecords(s.db, input.tenantId, input.classId, input.courseId);
}


/** Who of the class has a study record of which of the courses (class-wide: counts of classmates, never their records). */
export function courseLearners(s: Scope, input: { tenantId: string; classId: string; courseIds: readonly string[] }): Promise<{ courseId: string; classStudentId: string }[]> {
  return repo.listCourseLearners(s.db, input.tenantId, input.classId, input.courseIds);
}
