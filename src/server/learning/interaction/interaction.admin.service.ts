import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { plainText } from '~/lib/plain-text';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import type { HideInput, InboxLesson, InboxPost, InboxQuestion, InboxStatus, PostKind } from '~/lib/api/contracts/admin-interaction';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction, auditStaffChange } from '../../staff/audit/audit.service';
import { assertClassInScope, classScopeOf } from '../classes/classes.admin.service';
import { classCourses, lessonsOf } from '../courses/courses.service';
import * as repo from './interaction.admin.repository';
import * as inbox from './staff-inbox.read-model';

/**
 * The classroom panel's staff side (decision 045): the teachers' inbox of their classes' questions,
 * answers, and hiding students' notes and comments. Everything goes through the class scope
 * (classes.admin.service): a teacher reaches only the classes they are linked to, and a question,
 * answer, note or comment of any other class is "not found", exactly as one that does not exist.
 * An answer is written under the staff member's name, so it shows in the student's panel exactly as
 * the seeded ones do; several staff may answer one question. Writes are audited in their transaction.
 */

const questionNotFound = () => AppError.notFound(t('inbox.questionNotFound'));

/** The class ids the actor reaches, or null for every class of the school (administrators). */
async function reach(s: Scope, actor: StaffActor): Promise<string[] | null> {
  const scope = await classScopeOf(s, actor);
  return scope.all ? null : scope.classIds;
}

const inReach = (classIds: string[] | null, classId: string) => classIds === null || classIds.includes(classId);

/** A person's name as the student's classmates see it (the learner panel's rule). */
function nameOf(u: { realName: string | null; nickName: string | null; mobile: string | null }): string {
  if (u.realName) return u.realName;
  if (u.nickName) return u.nickName;
  return u.mobile ? `${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}` : '';
}

/** A staff text: control and bidirectional characters removed, trimmed (the routes checked length and presence). */
const clean = (text: string) => plainText(text).trim();

async function questionsOf(s: Scope, actor: StaffActor, rows: inbox.InboxQuestionRow[]): Promise<InboxQuestion[]> {
  const answers = await repo.answersOf(
    s.db,
    actor.tenant.id,
    rows.map((r) => r.id),
  );
  const admin = actor.account.role === STAFF_ROLE.admin;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    studentName: nameOf(r),
    classId: r.classId,
    className: r.className,
    classroomId: r.classroomId,
    lessonName: r.lessonName ?? '',
    courseName: r.courseName ?? '',
    createdAt: r.createdAt,
    answers: answers
      .filter((a) => a.questionId === r.id)
      .map((a) => ({
        id: a.id,
        answer: a.answer,
        teacherName: a.teacherName,
        createdAt: a.createdAt,
        updatedAt: a.updatedAt,
        mayEdit: admin || a.accountId === actor.account.id,
      })),
  }));
}

export async function pageQuestions(
  s: Scope,
  actor: StaffActor,
  q: {
    current: number;
    size: number;
    status?: InboxStatus | undefined;
    classId?: string | undefined;
    classroomId?: string | undefined;
    keyword?: string | undefined;
  },
): Promise<Page<InboxQuestion>> {
  if (q.classId) await assertClassInScope(s, actor, q.classId);
  const classIds = await reach(s, actor);
  const { rows, total } = await inbox.pageQuestions(s.db, actor.tenant.id, { classIds, ...q }, { offset: (q.current - 1) * q.size, limit: q.size });
  return pageOf(await questionsOf(s, actor, rows), total, q.current, q.size);
}

export async function unansweredCount(s: Scope, actor: StaffActor): Promise<{ count: number }> {
  return { count: await inbox.countUnanswered(s.db, actor.tenant.id, await reach(s, actor)) };
}

/** The lessons of a class's courses (the inbox's lesson filter). */
export async function classLessons(s: Scope, actor: StaffActor, classId: string): Promise<InboxLesson[]> {
  await assertClassInScope(s, actor, classId);
  const courses = await classCourses(s, { tenantId: actor.tenant.id, classId });
  const lessons = await lessonsOf(s, { tenantId: actor.tenant.id, courseIds: courses.map((c) => c.id) });
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  return lessons.map((l) => ({ id: l.id, name: l.name, courseName: courseName.get(l.courseId) ?? '' }));
}

async function questionInReach(s: Scope, actor: StaffActor, id: string): Promise<inbox.InboxQuestionRow> {
  const row = await inbox.findQuestion(s.db, actor.tenant.id, id);
  if (!row || !inReach(await reach(s, actor), row.classId)) throw questionNotFound();
  return row;
}

async function questionView(s: Scope, actor: StaffActor, id: string): Promise<InboxQuestion> {
  const row = await inbox.findQuestion(s.db, actor.tenant.id, id);
  if (!row) throw questionNotFound();
  return (await questionsOf(s, actor, [row]))[0]!;
}

/** Answers a question under the staff member's name; a second answer (by them or another teacher) is added, not replaced. */
export async function answer(s: Scope, actor: StaffActor, input: { questionId: string; answer: string }): Promise<InboxQuestion> {
  const q = await questionInReach(s, actor, input.questionId);
  const text = clean(input.answer);
  if (!text) throw AppError.badRequest(t('inbox.answerRequired'));
  const id = newId(s.now);
  await s.db.transaction().execute(async (trx) => {
    await repo.insertAnswer(trx, actor.tenant.id, {
      id,
      questionId: q.id,
      answer: text,
      teacherName: actor.account.name,
      accountId: actor.account.id,
      createdAt: s.now,
    });
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.questionAnswer, { type: AUDIT_TARGET.classroomQuestion, id: q.id }, null, {
      answerId: id,
      question: q.title,
      answer: text,
    });
  });
  return questionView(s, actor, q.id);
}

/** Edits an answer: its author's, or any for an administrator (the seeded answers have no author). */
export async function editAnswer(s: Scope, actor: StaffActor, input: { answerId: string; answer: string }): Promise<InboxQuestion> {
  const a = await repo.findAnswer(s.db, actor.tenant.id, input.answerId);
  if (!a || !inReach(await reach(s, actor), a.classId)) throw AppError.notFound(t('inbox.answerNotFound'));
  if (actor.account.role !== STAFF_ROLE.admin && a.accountId !== actor.account.id) throw AppError.forbidden(t('inbox.answerNotYours'));
  const text = clean(input.answer);
  if (!text) throw AppError.badRequest(t('inbox.answerRequired'));
  if (text !== a.answer) {
    await s.db.transaction().execute(async (trx) => {
      await repo.updateAnswer(trx, actor.tenant.id, a.id, { answer: text, updatedAt: s.now });
      await auditStaffChange(
        trx,
        s,
        actor,
        AUDIT_ACTION.questionAnswerEdit,
        { type: AUDIT_TARGET.classroomQuestion, id: a.questionId },
        { answer: [a.answer, text] },
      );
    });
  }
  return questionView(s, actor, a.questionId);
}

// --- Notes and comments -------------------------------------------------------------------

type NoteRow = NonNullable<Awaited<ReturnType<typeof inbox.findNote>>>;
type CommentRow = NonNullable<Awaited<ReturnType<typeof inbox.findComment>>>;

function postOf(kind: PostKind, r: NoteRow | CommentRow): InboxPost {
  return {
    id: r.id,
    kind,
    text: 'content' in r ? r.content : [r.title, r.notes].filter(Boolean).join('\n'),
    authorName: nameOf(r),
    className: r.className,
    lessonName: r.lessonName ?? '',
    createdAt: r.createdAt,
    hiddenAt: r.hiddenAt,
    hiddenReason: r.hiddenReason,
  };
}

export async function pagePosts(
  s: Scope,
  actor: StaffActor,
  q: { kind: PostKind; current: number; size: number; classId?: string | undefined; classroomId?: string | undefined; hidden?: number | undefined },
): Promise<Page<InboxPost>> {
  if (q.classId) await assertClassInScope(s, actor, q.classId);
  const f = { classIds: await reach(s, actor), classId: q.classId, classroomId: q.classroomId, hidden: q.hidden };
  const w = { offset: (q.current - 1) * q.size, limit: q.size };
  const { rows, total } = q.kind === 'note' ? await inbox.pageNotes(s.db, actor.tenant.id, f, w) : await inbox.pageComments(s.db, actor.tenant.id, f, w);
  return pageOf(
    rows.map((r) => postOf(q.kind, r)),
    total,
    q.current,
    q.size,
  );
}

async function findPost(s: Scope, tenantId: string, kind: PostKind, id: string): Promise<NoteRow | CommentRow | undefined> {
  return kind === 'note' ? inbox.findNote(s.db, tenantId, id) : inbox.findComment(s.db, tenantId, id);
}

/**
 * Hides a student's shared note or comment (classmates no longer get it; its author still does,
 * marked hidden), or shows it again; the reason goes to the audit log. Asking for the state it is
 * already in is refused and changes nothing, so two teachers at once hide it (and audit it) once.
 */
export async function setVisibility(s: Scope, actor: StaffActor, input: HideInput): Promise<InboxPost> {
  const tenantId = actor.tenant.id;
  const post = await findPost(s, tenantId, input.kind, input.id);
  if (!post || !inReach(await reach(s, actor), post.classId)) throw AppError.notFound(t('inbox.postNotFound'));
  const reason = clean(input.reason);
  if (!reason) throw AppError.badRequest(t('inbox.reasonRequired'));
  const target = { type: input.kind === 'note' ? AUDIT_TARGET.classroomNote : AUDIT_TARGET.classroomComment, id: post.id };
  await s.db.transaction().execute(async (trx) => {
    const changed = await repo.setHidden(trx, tenantId, input.kind, post.id, input.hidden ? { at: s.now, reason } : null);
    if (changed === 0) throw AppError.conflict(t(input.hidden ? 'inbox.alreadyHidden' : 'inbox.alreadyShown'));
    await auditStaffAction(
      trx,
      s,
      actor,
      input.hidden ? AUDIT_ACTION.postHide : AUDIT_ACTION.postShow,
      target,
      { hidden: post.hiddenAt !== null },
      { hidden: input.hidden, reason, author: nameOf(post), text: postOf(input.kind, post).text },
    );
  });
  const after = await findPost(s, tenantId, input.kind, post.id);
  return postOf(input.kind, after!);
}
