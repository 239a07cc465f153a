import type { Scope } from '../../http/scope';
import * as repo from './attendance.repository';

/**
 * Attendance: a student's sign-ins and sign-outs of a class's activities. Read for one class
 * student in one school; the callers have checked the enrolment. (Signing in and out is the
 * classroom's.)
 */

/** The lessons the student signed in to through one of the class's activities. */
export async function attendedLessons(s: Scope, input: { tenantId: string; classId: string; classStudentId: string }): Promise<Set<string>> {
  return new Set(await repo.listAttendedLessons(s.db, input.tenantId, input.classId, input.classStudentId));
}

/** Who of the class signed in to an activity of which of the courses (class-wide: for counts only). */
export function courseAttendees(s: Scope, input: { tenantId: string; classId: string; courseIds: readonly string[] }): Promise<{ courseId: string; classStudentId: string }[]> {
  return repo.listCourseAttendees(s.db, input.tenantId, input.classId, input.courseIds);
}
