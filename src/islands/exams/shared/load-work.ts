import { send } from '~/lib/api/client';
import {
  paper as paperCall,
  workFirstView,
  workId as workIdCall,
  type Paper,
  type StudentRef,
  type WorkFirstView,
  type WorkFirstViewStep,
  type WorkKind,
} from '~/lib/api/contracts/exams';
import type { WorkQuery } from '~/lib/exams/routes';

/** The class and student of every call. */
export const refOf = (q: Pick<WorkQuery, 'classId' | 'studentId'>): StudentRef => ({ classId: q.classId, studentId: q.studentId });

/** The work's id: the query's, else looked up from the class, classroom and course. */
export async function workIdOf(kind: WorkKind, q: WorkQuery): Promise<string> {
  if (q.workId) return q.workId;
  const found = await send(workIdCall, { ...refOf(q), kind, classroomId: q.classroomId, courseId: q.courseId || undefined }, { silent: true });
  return found.id;
}

/** The work's id and paper (no right answers while answering). */
export async function loadPaper(kind: WorkKind, q: WorkQuery): Promise<{ workId: string; paper: Paper }> {
  const workId = await workIdOf(kind, q);
  const paper = await send(paperCall, { ...refOf(q), workId }, { silent: true });
  return { workId, paper };
}

/** A work page's first view in one call: the work's id, its paper, and the step's first content (WorkFirstView). */
export function loadFirstView(kind: WorkKind, q: WorkQuery, step: WorkFirstViewStep): Promise<WorkFirstView> {
  const given = (v: string | undefined) => v || undefined;
  const ids = { workId: given(q.workId), classroomId: given(q.classroomId), courseId: given(q.courseId), activityId: given(q.activityId) };
  return send(workFirstView, { ...refOf(q), kind, step, ...ids }, { silent: true });
}
