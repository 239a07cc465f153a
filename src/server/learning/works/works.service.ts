import type { Scope } from '../../http/scope';
import * as repo from './works.repository';
import { isXskt } from '~/lib/exams/routes';

/**
 * Homework and test attempts, as the learner area reads them (submitted work counts towards the
 * duties; the time spent answering is the answering duration). Read for one class student in one
 * school; the callers have checked the enrolment.
 */

export interface WorkScope {
  tenantId: string;
  classStudentId: string;
  classroomIds?: readonly string[] | undefined;
  courseId?: string | undefined;
}

export type SubmittedAttempt = Awaited<ReturnType<typeof repo.listSubmittedAttempts>>[number];

export function submittedAttempts(s: Scope, input: WorkScope): Promise<SubmittedAttempt[]> {
  return repo.listSubmittedAttempts(s.db, input.tenantId, input.classStudentId, input);
}

/** The lessons (classroom ids) with at least one submitted attempt. */
export async function submittedLessons(s: Scope, input: WorkScope): Promise<Set<string>> {
  return new Set((await submittedAttempts(s, input)).map((a) => a.classroomId));
}

/** The time spent answering submitted work, in ms (from each attempt's start to its submission). */
export async function answeringMs(s: Scope, input: WorkScope): Promise<number> {
  return (await submittedAttempts(s, input)).reduce((sum, a) => sum + Math.max(0, (a.submittedAt ?? a.startedAt) - a.startedAt), 0);
}

/** Per class student, the lessons of one course with a submitted attempt (class-wide figures). */
export async function classSubmittedLessons(s: Scope, input: { tenantId: string; classId: string; courseId: string }): Promise<Map<string, Set<string>>> {
  const byStudent = new Map<string, Set<string>>();
  for (const r of await repo.listClassSubmittedLessons(s.db, input.tenantId, input.classId, input.courseId)) {
    const set = byStudent.get(r.classStudentId) ?? new Set<string>();
    set.add(r.classroomId);
    byStudent.set(r.classStudentId, set);
  }
  return byStudent;
}

/** Who of the class submitted work in which of the courses (class-wide: for counts only). */
export function courseSubmitters(
  s: Scope,
  input: { tenantId: string; classId: string; courseIds: readonly string[] },
): Promise<{ courseId: string; classStudentId: string }[]> {
  return repo.listCourseSubmitters(s.db, input.tenantId, input.classId, input.courseIds);
}

/**
 * The time limit of each homework and test lesson of a course in a class, in minutes (null: the
 * work has none), by lesson: what the course page shows for the lesson instead of its length. An
 * external bank's work is untimed whatever it holds: the bank keeps its answers until the one
 * submission and the server sets it no deadline (as its paper says, papers.service).
 */
export async function courseWorkLimits(s: Scope, input: { tenantId: string; classId: string; courseId: string }): Promise<Map<string, number | null>> {
  const rows = await repo.listCourseWorkLimits(s.db, input.tenantId, input.classId, input.courseId);
  return new Map(rows.map((r) => [r.classroomId, r.unitTime === null || isXskt(r.sourceType) ? null : Number(r.unitTime)]));
}
