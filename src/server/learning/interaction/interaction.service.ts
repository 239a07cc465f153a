import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t, type MessageKey } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { pageOf, type Page } from '~/lib/paging';
import { plainText } from '~/lib/plain-text';
import { LIST_SIZE, textProblem, type NoteDataType } from '~/lib/learning/interaction';
import { DYNAMIC_TYPE } from '~/lib/learning/codes';
import type { Comment, LikeState, Note, Question } from '~/lib/api/contracts/classroom-interaction';
import { studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import { classCourses, lessonsOf } from '../courses/courses.service';
import { addDynamic } from '../activities/activities.service';
import { countWrite } from '../../limits/limits.service';
import * as repo from './interaction.repository';
import * as posts from './lesson-posts.read-model';

/**
 * The classroom interaction panel: questions with the
 * teachers' answers and a kept draft, notes, comments with replies and the lesson's like. Every
 * call starts with the token's user's enrolment in the class (studentEnrolment: another user's
 * userId is 403, a class or studentId not theirs 404), then the lesson must be one of a course the
 * class teaches (else 404 未找到该课节). Everything is read and written in that school and class:
 * another class's questions, notes and comments on the same lesson are not seen. Only a note's
 * author edits or deletes it, and a private note is never returned to anyone else. Every write
 * but a deletion counts against the user's and the address's rate limits (src/server/limits),
 * once its input and its lesson were checked and before anything is written.
 */

const time = (ms: number) => formatDateTime(ms);

interface LessonInput {
  classId: string;
  classroomId: string;
  studentId?: string | undefined;
  userId?: string | undefined;
}

interface EnrolledLesson {
  e: StudentEnrolment;
  lesson: { id: string; courseId: string; name: string };
}

const lessonNotFound = () => AppError.notFound(t('learning.lessonNotFound'));

/** The enrolment and the lesson, which must be a lesson of one of the class's courses. */
async function enrolledLesson(s: Scope, input: LessonInput): Promise<EnrolledLesson> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const courses = await classCourses(s, { tenantId: e.tenantId, classId: e.classId });
  const lessons = await lessonsOf(s, { tenantId: e.tenantId, courseIds: courses.map((c) => c.id) });
  const lesson = lessons.find((l) => l.id === input.classroomId);
  if (!lesson) throw lessonNotFound();
  return { e, lesson: { id: lesson.id, courseId: lesson.courseId, name: lesson.name } };
}

const key = (x: EnrolledLesson) => ({ classId: x.e.classId, classroomId: x.lesson.id });

/** A person's name as classmates see it: real name, nickname, else the mobile with its middle hidden. */
function nameOf(u: { realName: string | null; nickName: string | null; mobile: string | null }): string {
  if (u.realName) return u.realName;
  if (u.nickName) return u.nickName;
  return u.mobile ? `${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}` : '';
}

/**
 * A text the spec limits: control and bidirectional formatting characters removed (they would
 * reorder what classmates read), trimmed, refused with its message when missing (if required) or
 * too long.
 */
function checked(text: string | undefined, required: boolean, messages: { required?: MessageKey; tooLong: MessageKey }): string {
  const value = plainText(text ?? '').trim();
  const problem = textProblem(value, required);
  if (problem === 'required') throw AppError.badRequest(t(messages.required ?? messages.tooLong));
  if (problem === 'tooLong') throw AppError.badRequest(t(messages.tooLong));
  return value;
}

// --- Questions ------------------------------------------------------------------------------

export async function questionCount(s: Scope, input: LessonInput): Promise<{ questionTotal: number }> {
  const x = await enrolledLesson(s, input);
  return { questionTotal: await repo.countQuestions(s.db, x.e.tenantId, key(x)) };
}

export async function questionPage(
  s: Scope,
  input: { current: number; size: number; classId: string; classroomId: string; studentId?: string | undefined },
): Promise<Page<Question>> {
  const x = await enrolledLesson(s, input);
  const only = input.studentId ? x.e.classStudentId : undefined;
  const [rows, total] = await Promise.all([
    posts.listQuestions(s.db, x.e.tenantId, key(x), { offset: (input.current - 1) * input.size, limit: input.size }, only),
    repo.countQuestions(s.db, x.e.tenantId, key(x), only),
  ]);
  const answers = await repo.listAnswers(
    s.db,
    x.e.tenantId,
    rows.map((r) => r.id),
  );
  const records = rows.map(
    (r): Question => ({
      id: r.id,
      title: r.title,
      studentId: r.classStudentId,
      studentName: nameOf(r),
      studentAvatar: r.avatar,
      createdTime: time(r.createdAt),
      answerList: answers.filter((a) => a.questionId === r.id).map((a) => ({ answer: a.answer, teacherName: a.teacherName, createdTime: time(a.createdAt) })),
    }),
  );
  return pageOf(records, total, input.current, input.size);
}

export async function questionDraft(s: Scope, input: LessonInput): Promise<{ id: string; title: string } | null> {
  const x = await enrolledLesson(s, input);
  return (await repo.findDraft(s.db, x.e.tenantId, x.e.classStudentId, x.lesson.id)) ?? null;
}

export interface QuestionSubmitInput extends LessonInput {
  courseId: string;
  title: string;
  isDraft: boolean;
}

/**
 * Asks a question (clears the lesson's draft and tells the class: dynamic type 2), or keeps the
 * text as the lesson's draft, replacing the one before. An empty draft discards the draft.
 */
export async function questionSubmit(s: Scope, input: QuestionSubmitInput): Promise<{ id: string }> {
  const x = await enrolledLesson(s, input);
  if (input.courseId !== x.lesson.courseId) throw lessonNotFound();
  const { tenantId, classStudentId } = x.e;
  if (input.isDraft) {
    const title = checked(input.title, false, { tooLong: 'learning.questionTooLong' });
    if (title === '') {
      await repo.deleteDraft(s.db, tenantId, classStudentId, x.lesson.id);
      return { id: '' };
    }
    await countWrite(s, 'QUESTION_DRAFT');
    return { id: await repo.saveDraft(s.db, tenantId, { id: newId(s.now), classStudentId, classroomId: x.lesson.id, title, updatedAt: s.now }) };
  }
  const title = checked(input.title, true, { required: 'learning.questionRequired', tooLong: 'learning.questionTooLong' });
  await countWrite(s, 'QUESTION');
  const id = newId(s.now);
  await s.db.transaction().execute(async (trx) => {
    const tx = { ...s, db: trx };
    await repo.insertQuestion(trx, tenantId, { id, classId: x.e.classId, classroomId: x.lesson.id, classStudentId, title, createdAt: s.now });
    await repo.deleteDraft(trx, tenantId, classStudentId, x.lesson.id);
    await addDynamic(tx, x.e, { type: DYNAMIC_TYPE.QUESTION, content: title });
  });
  return { id };
}

// --- Notes ----------------------------------------------------------------------------------

export interface NoteQueryInput extends LessonInput {
  courseId: string;
  dataType: NoteDataType;
}

async function noteLesson(s: Scope, input: NoteQueryInput | NoteWriteInput): Promise<EnrolledLesson> {
  const x = await enrolledLesson(s, input);
  if (input.courseId !== x.lesson.courseId) throw lessonNotFound();
  return x;
}

export async function noteCount(s: Scope, input: NoteQueryInput): Promise<{ total: number }> {
  const x = await noteLesson(s, input);
  return { total: await repo.countNotes(s.db, x.e.tenantId, key(x), x.e.classStudentId, input.dataType) };
}

export async function noteList(s: Scope, input: NoteQueryInput): Promise<Note[]> {
  const x = await noteLesson(s, input);
  const rows = await posts.listNotes(s.db, x.e.tenantId, key(x), x.e.classStudentId, input.dataType, LIST_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    notes: r.notes,
    isShared: r.isShared === 1 ? 1 : 0,
    studentId: r.classStudentId,
    createdName: r.classStudentId === null ? (r.teacherName ?? '') : nameOf(r),
    createdTime: time(r.createdAt),
    mine: r.classStudentId === x.e.classStudentId,
    teacher: r.classStudentId === null,
    // Only its author still gets a hidden note, marked so.
    ...(r.hiddenAt !== null ? { hidden: true as const } : {}),
  }));
}

export interface NoteWriteInput extends LessonInput {
  courseId: string;
  title: string;
  notes?: string | undefined;
  isShared: 0 | 1;
}

function noteTexts(input: { title: string; notes?: string | undefined }) {
  return {
    title: checked(input.title, true, { required: 'learning.noteTitleRequired', tooLong: 'learning.noteTitleTooLong' }),
    notes: checked(input.notes, false, { tooLong: 'learning.noteTooLong' }),
  };
}

/** Writes a note; a shared one tells the class (dynamic type 4). */
export async function noteCreate(s: Scope, input: NoteWriteInput): Promise<{ id: string }> {
  const x = await noteLesson(s, input);
  const texts = noteTexts(input);
  await countWrite(s, 'NOTE');
  const id = newId(s.now);
  await s.db.transaction().execute(async (trx) => {
    await repo.insertNote(trx, x.e.tenantId, {
      id,
      classId: x.e.classId,
      classroomId: x.lesson.id,
      courseId: x.lesson.courseId,
      classStudentId: x.e.classStudentId,
      ...texts,
      isShared: input.isShared,
      createdAt: s.now,
    });
    if (input.isShared === 1) await addDynamic({ ...s, db: trx }, x.e, { type: DYNAMIC_TYPE.NOTE, content: texts.title });
  });
  return { id };
}

/** The notes named, each of the class; a note someone else wrote (a classmate, a teacher) is refused. */
async function ownNotes(s: Scope, e: StudentEnrolment, ids: readonly string[], classroomId?: string): Promise<void> {
  const found = await repo.findNotes(s.db, e.tenantId, e.classId, ids);
  if (found.length !== new Set(ids).size || (classroomId !== undefined && found.some((n) => n.classroomId !== classroomId))) {
    throw AppError.notFound(t('learning.noteNotFound'));
  }
  if (found.some((n) => n.classStudentId !== e.classStudentId)) throw AppError.forbidden(t('learning.noteNotYours'));
}

/** Edits the author's note: title and text (whether it is shared is fixed when it is written). */
export async function noteUpdate(s: Scope, input: NoteWriteInput & { id: string }): Promise<{ id: string }> {
  const x = await noteLesson(s, input);
  const texts = noteTexts(input);
  await ownNotes(s, x.e, [input.id], x.lesson.id);
  await countWrite(s, 'NOTE');
  const changed = await repo.updateNote(s.db, x.e.tenantId, x.e.classStudentId, input.id, { ...texts, updatedAt: s.now });
  if (changed === 0) throw AppError.notFound(t('learning.noteNotFound'));
  return { id: input.id };
}

/** Deletes the author's notes: all of them, or (one is not theirs or not found) none. */
export async function noteDelete(s: Scope, input: { classId: string; ids: string[] }): Promise<{ deleted: number }> {
  const e = await studentEnrolment(s, { classId: input.classId });
  await ownNotes(s, e, input.ids);
  return { deleted: await repo.deleteNotes(s.db, e.tenantId, e.classStudentId, [...new Set(input.ids)]) };
}

// --- Comments -------------------------------------------------------------------------------

export async function commentPage(s: Scope, input: { current: number; size: number; infoId: string; classId: string }): Promise<Page<Comment>> {
  const x = await enrolledLesson(s, { classId: input.classId, classroomId: input.infoId });
  const [rows, total] = await Promise.all([
    posts.listComments(s.db, x.e.tenantId, key(x), { offset: (input.current - 1) * input.size, limit: input.size }, x.e.classStudentId),
    repo.countComments(s.db, x.e.tenantId, key(x), x.e.classStudentId),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const records = rows.map(
    (r): Comment => ({
      id: r.id,
      commentContent: r.content,
      commentParent: r.parentId,
      commentAuthorName: nameOf(r),
      commentAuthorAvatar: r.avatar,
      commentParentAuthorName: r.parentId ? (byId.has(r.parentId) ? nameOf(byId.get(r.parentId)!) : null) : null,
      createdTime: time(r.createdAt),
      mine: r.classStudentId === x.e.classStudentId,
      // Only its author still gets a hidden comment, marked so.
      ...(r.hiddenAt !== null ? { hidden: true as const } : {}),
    }),
  );
  return pageOf(records, total, input.current, input.size);
}

/** Comments on the lesson or replies to one of its comments (评论成功); the comment limits of the portal apply. */
export async function commentSubmit(
  s: Scope,
  input: { classId: string; id?: string | undefined; commentContent: string; commentParent?: string | undefined },
): Promise<{ id: string }> {
  const e = await studentEnrolment(s, { classId: input.classId });
  let classroomId = input.id;
  if (input.commentParent) {
    const parent = await repo.findComment(s.db, e.tenantId, e.classId, input.commentParent);
    if (!parent || (classroomId !== undefined && parent.classroomId !== classroomId)) throw AppError.notFound(t('learning.commentNotFound'));
    classroomId = parent.classroomId;
  }
  if (classroomId === undefined) throw lessonNotFound();
  const x = await enrolledLesson(s, { classId: input.classId, classroomId });
  const content = checked(input.commentContent, true, { required: 'learning.commentRequired', tooLong: 'learning.commentTooLong' });
  await countWrite(s, 'COMMENT');
  const id = newId(s.now);
  await repo.insertComment(s.db, x.e.tenantId, {
    id,
    classId: x.e.classId,
    classroomId: x.lesson.id,
    classStudentId: x.e.classStudentId,
    parentId: input.commentParent ?? null,
    content,
    createdAt: s.now,
  });
  return { id };
}

// --- Likes ----------------------------------------------------------------------------------

export async function likeState(s: Scope, input: { classroomId: string; classId: string }): Promise<LikeState> {
  const x = await enrolledLesson(s, input);
  return repo.likeState(s.db, x.e.tenantId, key(x), x.e.classStudentId);
}

/** Likes (isThumb true) or takes the like back; once per student, so repeating a state changes nothing. */
export async function likeToggle(s: Scope, input: { likeObjectId: string; isThumb: boolean; userId: string; classId: string }): Promise<LikeState> {
  const x = await enrolledLesson(s, { classId: input.classId, classroomId: input.likeObjectId, userId: input.userId });
  await countWrite(s, 'LIKE');
  if (input.isThumb) await repo.insertLike(s.db, x.e.tenantId, { ...key(x), classStudentId: x.e.classStudentId, createdAt: s.now });
  else await repo.deleteLike(s.db, x.e.tenantId, key(x), x.e.classStudentId);
  return repo.likeState(s.db, x.e.tenantId, key(x), x.e.classStudentId);
}
