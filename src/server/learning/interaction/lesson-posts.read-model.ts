import type { DB } from '../../db/database';
import type { NoteDataType } from '~/lib/learning/interaction';
import { visibleNotes, type LessonKey } from './interaction.repository';
import { whereEqual } from '../../db/clauses';

/**
 * A lesson's questions, notes and comments as the interaction panel lists them, each with its
 * author's names (the enrolment's user) in the same query: the panel reloads them as students
 * post. Every query names the school, the class and the lesson.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'users'] as const;

/** The lesson's questions (of one student when named), newest first, with who asked. */
export function listQuestions(db: DB, tenantId: string, k: LessonKey, window: { offset: number; limit: number }, classStudentId?: string) {
  let q = db
    .selectFrom('classroomQuestions as q')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'q.classStudentId').onRef('cs.tenantId', '=', 'q.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .$call(whereEqual({ 'q.tenantId': tenantId, 'q.classId': k.classId, 'q.classroomId': k.classroomId }));
  if (classStudentId) q = q.where('q.classStudentId', '=', classStudentId);
  return q
    .select(['q.id', 'q.title', 'q.classStudentId', 'q.createdAt', 'u.realName', 'u.nickName', 'u.mobile', 'u.avatar'])
    .orderBy('q.createdAt', 'desc')
    .orderBy('q.id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

export function listNotes(db: DB, tenantId: string, k: LessonKey, classStudentId: string, dataType: NoteDataType, limit: number) {
  return visibleNotes(db, tenantId, k, classStudentId, dataType)
    .leftJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'n.classStudentId').onRef('cs.tenantId', '=', 'n.tenantId'))
    .leftJoin('users as u', 'u.id', 'cs.userId')
    .select([
      'n.id',
      'n.title',
      'n.notes',
      'n.isShared',
      'n.classStudentId',
      'n.teacherName',
      'n.createdAt',
      'n.hiddenAt',
      'u.realName',
      'u.nickName',
      'u.mobile',
    ])
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** The lesson's comments and replies, oldest first, with who wrote them. */
export function listComments(db: DB, tenantId: string, k: LessonKey, window: { offset: number; limit: number }, viewer: string) {
  return db
    .selectFrom('classroomComments as c')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'c.classStudentId').onRef('cs.tenantId', '=', 'c.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .$call(whereEqual({ 'c.tenantId': tenantId, 'c.classId': k.classId, 'c.classroomId': k.classroomId }))
    .where((eb) => eb.or([eb('c.hiddenAt', 'is', null), eb('c.classStudentId', '=', viewer)]))
    .select(['c.id', 'c.content', 'c.parentId', 'c.classStudentId', 'c.createdAt', 'c.hiddenAt', 'u.realName', 'u.nickName', 'u.mobile', 'u.avatar'])
    .orderBy('c.createdAt', 'asc')
    .orderBy('c.id', 'asc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}
