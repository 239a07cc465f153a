import { send } from '~/lib/api/client';
import { paper as paperCall, workId as workIdCall, type Paper, type StudentRef, type WorkKind } from '~/lib/api/contracts/exams';
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
