import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import type { StudentRef, WorkKind, WorkLookup } from '~/lib/api/contracts/exams';
import { studentEnrolment, type StudentEnrolment } from '../../learning/classes/classes.service';
import { policyOf, type AttemptPolicy } from '~/lib/exams/attempt-policy';
import { isXskt } from '~/lib/exams/routes';
import type { Work } from './works.table';
import * as repo from './works.repository';

/**
 * Works: the homework (classroom type 6) and test (7) lessons of a class, each with the paper it
 * is answered on. Every call starts with the token's user's enrolment in the class (and that the
 * studentId is that enrolment's); a work is found only in that class, so another class's, another
 * school's and an unknown work get the same refusal, which reveals nothing.
 */

export type { Work };

/** The guard "a work is answered on the paper", for a statement of the papers' tables that must stay one statement. */
export { paperInUse } from './works.repository';

export const workNotFound = () => AppError.notFound(t('exams.workNotFound'));

/** The token's user's enrolment in the class the call names (studentEnrolment, the check every learner call starts with). */
export function enrolment(s: Scope, input: StudentRef & { userId?: string | undefined }): Promise<StudentEnrolment> {
  return studentEnrolment(s, { classId: input.classId, studentId: input.studentId, userId: input.userId });
}

/** The enrolment and the class's work the call names; 404 for any work that is not the class's. */
export async function enrolledWork(s: Scope, input: StudentRef & { workId: string }): Promise<{ e: StudentEnrolment; work: Work }> {
  const e = await enrolment(s, input);
  return { e, work: await requireClassWork(s, e, input.workId) };
}

/** A work of the enrolment's class, or undefined. */
export function classWork(s: Scope, e: StudentEnrolment, workId: string): Promise<Work | undefined> {
  return repo.findClassWork(s.db, e.tenantId, e.classId, workId);
}

/** A work by id in a school, for the server's own jobs (the deadline sweep). */
export function workById(s: Scope, input: { tenantId: string; workId: string }): Promise<Work | undefined> {
  return repo.findWork(s.db, input.tenantId, input.workId);
}

/** The work of a homework or test lesson of the class (the start page's first call). */
export async function lookupWork(s: Scope, input: WorkLookup): Promise<{ id: string }> {
  const e = await enrolment(s, input);
  return { id: (await lessonWork(s, e, input)).id };
}

/** The work of a lesson of the enrolment's class (lookupWork, the enrolment already checked). */
export async function lessonWork(s: Scope, e: StudentEnrolment, input: Pick<WorkLookup, 'kind' | 'classroomId' | 'courseId'>): Promise<Work> {
  const work = await repo.findLessonWork(s.db, e.tenantId, e.classId, input.classroomId);
  if (!work || work.kind !== input.kind || (input.courseId !== undefined && input.courseId !== work.courseId)) throw workNotFound();
  return work;
}

/** A work of the enrolment's class (enrolledWork, the enrolment already checked); 404 otherwise. */
export async function requireClassWork(s: Scope, e: StudentEnrolment, workId: string): Promise<Work> {
  const work = await classWork(s, e, workId);
  if (!work) throw workNotFound();
  return work;
}

export const isBankWork = (work: Pick<Work, 'sourceType'>) => work.sourceType === 'xskt';
export const kindOf = (work: Pick<Work, 'kind'>): WorkKind => (work.kind === 'homework' ? 'homework' : 'test');

/** The work's attempt policy (decision 028): attempts allowed, which score counts, when marks and keys show, the close. */
export const attemptPolicyOf = (work: Pick<Work, 'maxAttempts' | 'scoreRule' | 'marksShown' | 'keysShown' | 'closesAt'>): AttemptPolicy => policyOf(work);

/**
 * The time limit of each homework and test lesson of a course in a class, in minutes (null: the
 * work has none), by lesson: what the course page shows for the lesson instead of its length. An
 * external bank's work is untimed whatever it holds: the bank keeps its answers until the one
 * submission and the server sets it no deadline (as its paper says, papers.service).
 */
export async function courseWorkLimits(s: Scope, input: { tenantId: string; classId: string; courseId: string }): Promise<Map<string, number | null>> {
  const rows = await repo.listCourseWorkLimits(s.db, input.tenantId, input.classId, input.courseId);
  return new Map(rows.map((r) => [r.classroomId, r.unitTime === null || isXskt(r.sourceType) ? null : r.unitTime]));
}

/** The class's test works (homework is not a test a certificate can be issued for), oldest first. */
export function classTestWorks(s: Scope, input: { tenantId: string; classId: string }): Promise<Work[]> {
  return repo.listClassTests(s.db, input.tenantId, input.classId);
}

/** The titles of some works of the school by id (one query; a work gone is left out). */
export async function workTitles(s: Scope, input: { tenantId: string; workIds: readonly string[] }): Promise<Map<string, string>> {
  const rows = await repo.listWorkTitles(s.db, input.tenantId, [...new Set(input.workIds)]);
  return new Map(rows.map((r) => [r.id, r.title]));
}
