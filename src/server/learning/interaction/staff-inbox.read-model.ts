import type { WhereInterface } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ClassroomCommentTable } from './interaction.table';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { whereEqual } from '../../db/clauses';

/**
 * The teachers' inbox of questions and the lists of students' notes and comments to moderate, each
 * row with its class, lesson (and course) and author in one query per page. Every query names the
 * school first and, for a teacher, the classes they reach (`classIds`; null: every class of the
 * school).
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['classStudents', 'users', 'teachingClasses', 'classrooms', 'courses'] as const;

export interface InboxFilter {
  classIds: readonly string[] | null;
  classId?: string | undefined;
  classroomId?: string | undefined;
  status?: 'unanswered' | 'answered' | undefined;
  keyword?: string | undefined;
}

function inboxQuestions(db: DB, tenantId: string, f: InboxFilter) {
  let q = db
    .selectFrom('classroomQuestions as q')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'q.classStudentId').onRef('cs.tenantId', '=', 'q.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'q.classId').onRef('tc.tenantId', '=', 'q.tenantId'))
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'q.classroomId').onRef('r.tenantId', '=', 'q.tenantId'))
    .leftJoin('courses as c', (j) => j.onRef('c.id', '=', 'r.courseId').onRef('c.tenantId', '=', 'r.tenantId'))
    .where('q.tenantId', '=', tenantId);
  if (f.classIds !== null) q = f.classIds.length ? q.where('q.classId', 'in', f.classIds) : q.where('q.id', '=', '');
  if (f.classId) q = q.where('q.classId', '=', f.classId);
  if (f.classroomId) q = q.where('q.classroomId', '=', f.classroomId);
  if (f.status) {
    const answered = f.status === 'answered';
    q = q.where((eb) => {
      const answers = eb.selectFrom('classroomQuestionAnswers as a').select('a.id').whereRef('a.questionId', '=', 'q.id').where('a.tenantId', '=', tenantId);
      return answered ? eb.exists(answers) : eb.not(eb.exists(answers));
    });
  }
  if (f.keyword) {
    const like = containing(f.keyword);
    q = q.where((eb) => eb.or([eb('q.title', 'like', like), eb('u.realName', 'like', like), eb('u.nickName', 'like', like)]));
  }
  return q;
}

const QUESTION_FIELDS = [
  'q.id',
  'q.title',
  'q.classId',
  'q.classroomId',
  'q.createdAt',
  'tc.name as className',
  'r.name as lessonName',
  'c.name as courseName',
  'u.realName',
  'u.nickName',
  'u.mobile',
] as const;

/** The rows of a page of the inbox's lists, newest first. */
type Window = Pick<PageWindow, 'offset' | 'limit'>;
const newestFirst = (w: Window): PageWindow => ({ ...w, order: 'desc' });

export function pageQuestions(db: DB, tenantId: string, f: InboxFilter, w: Window) {
  const base = inboxQuestions(db, tenantId, f);
  return pageFrom(newestFirst(w), base.select(QUESTION_FIELDS).orderBy('q.createdAt', 'desc').orderBy('q.id', 'desc'), base);
}

export type InboxQuestionRow = Awaited<ReturnType<typeof pageQuestions>>['rows'][number];

export async function countUnanswered(db: DB, tenantId: string, classIds: readonly string[] | null): Promise<number> {
  const row = await inboxQuestions(db, tenantId, { classIds, status: 'unanswered' })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findQuestion(db: DB, tenantId: string, id: string): Promise<InboxQuestionRow | undefined> {
  return inboxQuestions(db, tenantId, { classIds: null }).where('q.id', '=', id).select(QUESTION_FIELDS).executeTakeFirst();
}

// --- Notes and comments -------------------------------------------------------------------

export interface PostFilter {
  classIds: readonly string[] | null;
  classId?: string | undefined;
  classroomId?: string | undefined;
  hidden?: number | undefined;
}

/** The columns of a note or a comment that moderation filters on. */
type Post = Pick<ClassroomCommentTable, 'id' | 'classId' | 'classroomId' | 'hiddenAt'>;

/** Narrows the notes or comments (`p`) to the classes reached, a class, a lesson, hidden or shown. */
const postFilter =
  (f: PostFilter) =>
  <Q extends WhereInterface<Database & { p: Post }, 'p'>>(q: Q): Q => {
    let narrowed = q;
    if (f.classIds !== null) narrowed = (f.classIds.length ? narrowed.where('p.classId', 'in', f.classIds) : narrowed.where('p.id', '=', '')) as Q;
    if (f.classId) narrowed = narrowed.where('p.classId', '=', f.classId) as Q;
    if (f.classroomId) narrowed = narrowed.where('p.classroomId', '=', f.classroomId) as Q;
    if (f.hidden === 1) narrowed = narrowed.where('p.hiddenAt', 'is not', null) as Q;
    if (f.hidden === 0) narrowed = narrowed.where('p.hiddenAt', 'is', null) as Q;
    return narrowed;
  };

/** Students' shared notes (a private note is its author's alone; a teacher's note is not moderated). */
function notes(db: DB, tenantId: string, f: PostFilter) {
  return db
    .selectFrom('classroomNotes as p')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'p.classStudentId').onRef('cs.tenantId', '=', 'p.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'p.classId').onRef('tc.tenantId', '=', 'p.tenantId'))
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'p.classroomId').onRef('r.tenantId', '=', 'p.tenantId'))
    .$call(whereEqual({ 'p.tenantId': tenantId, 'p.isShared': 1 }))
    .$call(postFilter(f));
}

function comments(db: DB, tenantId: string, f: PostFilter) {
  return db
    .selectFrom('classroomComments as p')
    .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'p.classStudentId').onRef('cs.tenantId', '=', 'p.tenantId'))
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'p.classId').onRef('tc.tenantId', '=', 'p.tenantId'))
    .leftJoin('classrooms as r', (j) => j.onRef('r.id', '=', 'p.classroomId').onRef('r.tenantId', '=', 'p.tenantId'))
    .where('p.tenantId', '=', tenantId)
    .$call(postFilter(f));
}

const POST_FIELDS = ['p.id', 'p.classId', 'p.createdAt', 'p.hiddenAt', 'p.hiddenReason', 'tc.name as className', 'r.name as lessonName'] as const;
const AUTHOR = ['u.realName', 'u.nickName', 'u.mobile'] as const;

export function pageNotes(db: DB, tenantId: string, f: PostFilter, w: Window) {
  const base = notes(db, tenantId, f);
  return pageFrom(
    newestFirst(w),
    base
      .select([...POST_FIELDS, ...AUTHOR, 'p.title', 'p.notes'])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc'),
    base,
  );
}

export function pageComments(db: DB, tenantId: string, f: PostFilter, w: Window) {
  const base = comments(db, tenantId, f);
  return pageFrom(
    newestFirst(w),
    base
      .select([...POST_FIELDS, ...AUTHOR, 'p.content'])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc'),
    base,
  );
}

export function findNote(db: DB, tenantId: string, id: string) {
  return notes(db, tenantId, { classIds: null })
    .where('p.id', '=', id)
    .select([...POST_FIELDS, ...AUTHOR, 'p.title', 'p.notes'])
    .executeTakeFirst();
}

export function findComment(db: DB, tenantId: string, id: string) {
  return comments(db, tenantId, { classIds: null })
    .where('p.id', '=', id)
    .select([...POST_FIELDS, ...AUTHOR, 'p.content'])
    .executeTakeFirst();
}
