import type { Scope } from '../../http/scope';
import * as repo from './attempts.repository';
import type { ClassCourses } from '~/lib/learning/requirements';
import type { LessonFilter } from '../../db/clauses';

/**
 * Attempts once handed in, as other areas read them, and marking's writes to them. The learner
 * area counts submitted work towards the duties and the time spent answering as the answering
 * duration; its reads are for one class student in one school (the callers have checked the
 * enrolment) or class-wide figures. Marking reads a work's handed-in attempts and writes marks'
 * totals and the release inside its own transaction (`s.db` is that transaction). Kept apart from
 * attempts.service.ts, which answers the student's own calls and reads the learner area's
 * activities: these functions depend on nothing but their SQL.
 */

export type { AttemptRow } from './attempts.repository';

/** A class student's handed-in work, of some lessons or of one course. */
export interface WorkScope extends LessonFilter {
  tenantId: string;
  classStudentId: string;
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

/**
 * Who of the class handed in which of some lessons of a course, once for each attempt handed in, as a statement
 * (class-wide: for the finishers' count only). Not empty: `in ()` is no SQL.
 */
export function classHandInPairs(
  s: Pick<Scope, 'db'>,
  input: { tenantId: string; classId: string; courseId: string; classroomIds: readonly [string, ...string[]] },
) {
  return repo.classHandInsQuery(s.db, input.tenantId, input.classId, input.courseId, input.classroomIds);
}

/** Who of the class submitted work in which of the courses, as a statement (class-wide: for counts only). */
export function courseSubmitterPairs(s: Pick<Scope, 'db'>, input: ClassCourses) {
  return repo.courseSubmittersQuery(s.db, input.tenantId, input.classId, input.courseIds);
}

// ------------------------------------------------------------ marking

/** The handed-in attempts (pending review or reviewed) of the works given, by student and attempt number. */
export function handedInAtWorks(s: Scope, input: { tenantId: string; workIds: readonly string[] }): Promise<repo.AttemptRow[]> {
  return repo.listHandedInAtWorks(s.db, input.tenantId, input.workIds);
}

/** Every attempt (any status) of the work, by attempt number. */
export function attemptsAtWork(s: Scope, input: { tenantId: string; workId: string }): Promise<repo.AttemptRow[]> {
  return repo.listWorkAttempts(s.db, input.tenantId, input.workId);
}

/** An attempt at a work of the school (not one made before works existed), or undefined. */
export function workAttempt(s: Scope, input: { tenantId: string; attemptId: string }): Promise<repo.AttemptRow | undefined> {
  return repo.findWorkAttempt(s.db, input.tenantId, input.attemptId);
}

/**
 * Takes a handed-in attempt's row for a marking write until `s.db`'s transaction ends (marks of
 * one attempt at once are written one after the other). False: no such handed-in attempt.
 */
export function lockForMarking(s: Scope, input: { tenantId: string; attemptId: string }): Promise<boolean> {
  return repo.lockForMarking(s.db, input.tenantId, input.attemptId);
}

/** Releases a pending attempt once with its total and results: true for the first caller only. */
export function releaseMarked(s: Scope, input: { tenantId: string; attemptId: string; score: number; results: string; by: string }): Promise<boolean> {
  return repo.releaseMarked(s.db, input.tenantId, input.attemptId, { score: input.score, results: input.results, at: s.now, by: input.by });
}

/** Records the per-question results of a marked attempt (and its score once released) after a mark changed. */
export function recordMarkedResults(s: Scope, input: { tenantId: string; attemptId: string; results: string; score?: number }): Promise<void> {
  return repo.rescore(s.db, input.tenantId, input.attemptId, { results: input.results, ...(input.score !== undefined ? { score: input.score } : {}) });
}

/** A student's attempts in some of their classes (staff's 学员管理), newest first, at most `limit`; one query. */
export function enrolmentAttempts(s: Scope, input: { tenantId: string; classStudentIds: readonly string[]; limit: number }) {
  return repo.listEnrolmentAttempts(s.db, input.tenantId, input.classStudentIds, input.limit);
}
