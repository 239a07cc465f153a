import type { AttemptStatus, WorkKind } from '../api/contracts/exams';
import { ATTEMPT_STATUS } from './attempt-policy';

/**
 * The homework and test screens' addresses and query. Every
 * screen passes the query on, so the next one knows the class, the student, the work and the
 * activity. Pure; the islands pass the result to sitePath (which keeps the chosen school).
 */

export interface WorkQuery {
  classId: string;
  /** The class student id (classStudentId, or studentId). */
  studentId: string;
  classroomId: string;
  courseId: string;
  /** Known once looked up (the start page adds it). */
  workId: string;
  sourceType: string;
  activityId: string;
  bizType: string;
  activityContentId: string;
}

export function readQuery(search: string): WorkQuery & { status: string; answerLogId: string } {
  const q = new URLSearchParams(search);
  const v = (k: string) => (q.get(k) ?? '').trim();
  return {
    classId: v('classId'),
    studentId: v('classStudentId') || v('studentId'),
    classroomId: v('classroomId'),
    courseId: v('courseId'),
    workId: v('workId'),
    sourceType: v('sourceType'),
    activityId: v('activityId'),
    bizType: v('bizType'),
    activityContentId: v('activityContentId'),
    status: v('status'),
    answerLogId: v('answerLogId'),
  };
}

export const isXskt = (sourceType: string | null | undefined) => (sourceType ?? '').toLowerCase() === 'xskt';

function url(path: string, q: Partial<WorkQuery>, extra: Record<string, string | number | null | undefined> = {}): string {
  const pairs: [string, string | number | null | undefined][] = [
    ['classId', q.classId],
    ['classroomId', q.classroomId],
    ['classStudentId', q.studentId],
    ['courseId', q.courseId],
    ['workId', q.workId],
    ['sourceType', q.sourceType],
    ['activityId', q.activityId],
    ['bizType', q.bizType],
    ['activityContentId', q.activityContentId],
    ...Object.entries(extra),
  ];
  const p = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  return `${path}?${p.toString()}`;
}

/**
 * A work's pages after its start page (/study/homework, /study/test), by their names under it (the
 * spec's): answering, the completion and, by kind, the review of a submitted attempt. The one page file
 * that serves them (src/pages/study/[work]/[...step].astro) reads the same names.
 */
export const WORK_PAGE = { answer: 'answer', finish: 'answer-finish' } as const;
export const REVIEW_PAGE: Record<WorkKind, string> = { homework: 'check-my-homework', test: 'check-my-test-exam' };

export const startHref = (kind: WorkKind, q: Partial<WorkQuery>) => url(`/study/${kind}`, q, { status: 0 });
export const answerHref = (kind: WorkKind, q: Partial<WorkQuery>) => url(`/study/${kind}/${WORK_PAGE.answer}`, q);
export const finishHref = (kind: WorkKind, q: Partial<WorkQuery>, status: AttemptStatus | number, answerLogId?: string) =>
  url(`/study/${kind}/${WORK_PAGE.finish}`, q, { status, answerLogId });
export const reviewHref = (kind: WorkKind, q: Partial<WorkQuery>, answerLogId: string, status: AttemptStatus | number) =>
  url(`/study/${kind}/${REVIEW_PAGE[kind]}`, q, { answerLogId, status });

/** Where an attempt of the history leads: pending review to completion, an open one back to answering, the others to review. */
export function attemptHref(kind: WorkKind, q: Partial<WorkQuery>, attempt: { id: string; status: AttemptStatus }): string {
  if (attempt.status === ATTEMPT_STATUS.PENDING) return finishHref(kind, q, ATTEMPT_STATUS.PENDING, attempt.id);
  if (attempt.status === ATTEMPT_STATUS.ANSWERING) return answerHref(kind, q);
  return reviewHref(kind, q, attempt.id, attempt.status);
}
