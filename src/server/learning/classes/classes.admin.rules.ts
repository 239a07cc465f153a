import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from '~/lib/learning/codes';
import { CLASS_TEACHER_ROLE, type ClassTeacherRole } from '~/lib/learning/class-admin';
import { STAFF_ROLE, type StaffRole } from '~/lib/staff/roles';
import { CLASS_LIMITS } from '~/lib/forms/classes';

/**
 * The staff rules of a class, pure (decision 041): who may do what in a class, the service status
 * a new student starts with, what ending a class does to its students, and a class's teacher list.
 */

/** The class form's limits live with its schema (src/lib/forms/classes.ts). */
export { CLASS_LIMITS };

/** What a person may do in a class they reach: administrators everything, a head teacher their class's periods and students. */
export function mayIn(role: StaffRole, link: ClassTeacherRole | null): { edit: boolean; manageStudents: boolean } {
  if (role === STAFF_ROLE.admin) return { edit: true, manageStudents: true };
  return { edit: false, manageStudents: link === CLASS_TEACHER_ROLE.head };
}

/**
 * A student enrolled by staff starts in service when the class runs, pending start while it has
 * not opened (the learner card then says the content is being prepared); an ended class takes
 * no one (null).
 */
export function enrolStatusFor(teachingClassStatus: number): number | null {
  if (teachingClassStatus === TEACHING_CLASS_STATUS.OVER) return null;
  return teachingClassStatus === TEACHING_CLASS_STATUS.RUNNING ? SERVICE_STATUS.IN_SERVICE : SERVICE_STATUS.PENDING_START;
}

/**
 * Ending a class completes the service of every student it was serving (pending start, to check
 * in, in service); a student never admitted (pending admission) stays so, and one completed stays.
 */
export const COMPLETED_BY_END: readonly number[] = [SERVICE_STATUS.PENDING_START, SERVICE_STATUS.GO_LEARN, SERVICE_STATUS.IN_SERVICE];

export type TeacherRefusal = 'oneHead' | 'teacherTwice' | 'tooManyTeachers';

/** A class's teachers: at most one head teacher, an account once, at most CLASS_LIMITS.teachers. */
export function checkTeachers(teachers: readonly { accountId: string; role: ClassTeacherRole }[]): TeacherRefusal | null {
  if (teachers.length > CLASS_LIMITS.teachers) return 'tooManyTeachers';
  if (teachers.filter((x) => x.role === CLASS_TEACHER_ROLE.head).length > 1) return 'oneHead';
  if (new Set(teachers.map((x) => x.accountId)).size !== teachers.length) return 'teacherTwice';
  return null;
}
