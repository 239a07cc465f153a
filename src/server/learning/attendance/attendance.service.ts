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

/** Per class student, the lessons signed in to through one of the class's activities (class-wide figures). */
export async function classAttendedLessons(s: Scope, input: { tenantId: string; classId: string }): Promise<Map<string, Set<string>>> {
  const byStudent = new Map<string, Set<string>>();
  for (const r of await repo.listClassAttendedLessons(s.db, input.tenantId, input.classId)) {
    const set = byStudent.get(r.classStudentId) ?? new Set<string>();
    set.add(r.classroomId!);
    byStudent.set(r.classStudentId, set);
  }
  return byStudent;
}


/** Who of the class signed in to an activity of which of the courses (class-wide: for counts only). */
export function courseAttendees(s: Scope, input: { tenantId: string; classId: string; courseIds: readonly string[] }): Promise<{ courseId: string; classStudentId: string }[]> {
  return repo.listCourseAttendees(s.db, input.tenantId, input.classId, input.courseIds);
}
