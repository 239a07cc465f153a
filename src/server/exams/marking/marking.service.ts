import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { ErrorCode } from '~/lib/envelope';
import type { SchoolRichText } from '../../rich-text-memo';
import { t } from '~/server/i18n';
import type {
  MarkInput,
  MarkingAttempt,
  MarkingAttemptRow,
  MarkingQuestion,
  MarkingQuestionAnswers,
  MarkingQueueQuery,
  MarkingWork,
  MarkingWorkSummary,
  QuestionMark,
} from '~/lib/api/contracts/admin-marking';
import type { AttemptStatus, GivenAnswer } from '~/lib/api/contracts/exams';
import type { AdminClassStudent } from '~/lib/api/contracts/admin-classes';
import { maskMobile } from '~/lib/learning/class-admin';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { FIRST_MARK_REVISION, MARK_COMMENT_MAX, markRefusal, markingStateOf } from '~/lib/exams/marking';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { assertClassInScope, classScopeOf, pageStudents } from '../../learning/classes/classes.admin.service';
import { kindOf, attemptPolicyOf } from '../works/works.service';
import { workPaper, type PaperQuestion } from '../papers/papers.service';
import { byQuestion, keptAnswers } from '../answers/answers.service';
import { leavesNeedingHand, scorePaper, type HandMarks } from '../attempts/attempts.service';
import * as handedIn from '../attempts/handed-in.service';
import type { AttemptRow } from '../attempts/handed-in.service';
import { notifyReleased } from '../../messages/messages.service';
import { scoresCsv } from './marking.rules';
import type { WorkMark } from './marking.table';
import * as repo from './marking.repository';
import { countPendingAttempts, listPaperWorks, type MarkingWorkRow } from './marking-queue.read-model';

/**
 * Marking handed-in homework and tests (decision 047). A work is marked here when a teacher has
 * to: it is graded manually, or it has a question the automatic scoring cannot mark (a short
 * answer). Teachers reach the works of the classes in their class scope, administrators every
 * class's; anything else is "not found", like what does not exist. A mark is per question (or
 * sub-question) of an attempt, replaces the automatic result, and every total is scorePaper's
 * with the marks (the rule the submission used). An attempt is released once, when every question
 * needing a hand mark has one; a mark given after the release changes the student's score at
 * once. Every mark and release is audited with before and after.
 */

const workNotFound = () => AppError.notFound(t('marking.workNotFound'));
const attemptNotFound = () => AppError.notFound(t('marking.attemptNotFound'));
const workAutoMarked = () => AppError.notFound(t('marking.autoMarked'));
const questionNotFound = () => AppError.notFound(t('marking.questionNotFound'));

/** More students than any class has: marking names every student of the class. */
const WHOLE_CLASS = 100_000;

interface Leaf {
  q: PaperQuestion;
  parent: PaperQuestion | null;
  label: string;
}

interface WorkContext {
  work: MarkingWorkRow;
  questions: PaperQuestion[];
  leaves: Leaf[];
  needed: string[];
  partialMultiple: boolean;
  /** The questions' HTML made safe as the work's school shows it, once per text (the process's memo). */
  clean: SchoolRichText;
}

const { PENDING, REVIEWED } = ATTEMPT_STATUS;
const statusOf = (a: AttemptRow): AttemptStatus => (a.status === REVIEWED ? REVIEWED : a.status === PENDING ? PENDING : ATTEMPT_STATUS.ANSWERING);

/** The questions a student answers, numbered in paper order (a sub-question after its parent: '5(2)'). */
function leavesOf(questions: readonly PaperQuestion[]): Leaf[] {
  return questions.flatMap((q, i): Leaf[] =>
    q.subs.length ? q.subs.map((sub, j) => ({ q: sub, parent: q, label: `${i + 1}(${j + 1})` })) : [{ q, parent: null, label: `${i + 1}` }],
  );
}

async function contextOf(s: Scope, work: MarkingWorkRow): Promise<WorkContext | null> {
  const questions = (await workPaper(s, work))?.questions ?? [];
  const needed = leavesNeedingHand(questions);
  // Works the automatic scoring marks completely are never in the marking.
  if (work.manualGrading !== 1 && needed.length === 0) return null;
  return {
    work,
    questions,
    leaves: leavesOf(questions),
    needed,
    partialMultiple: work.partialMultiple === 1,
    clean: s.lookups.richText.forSchool(work.tenantId),
  };
}

async function paperWorksInReach(s: Scope, actor: StaffActor, filter: MarkingQueueQuery): Promise<MarkingWorkRow[]> {
  const scope = await classScopeOf(s, actor);
  return listPaperWorks(s.db, actor.tenant.id, scope.all ? null : scope.classIds, filter);
}

async function worksInReach(s: Scope, actor: StaffActor, filter: MarkingQueueQuery): Promise<WorkContext[]> {
  const rows = await paperWorksInReach(s, actor, filter);
  return (await Promise.all(rows.map((w) => contextOf(s, w)))).filter((c): c is WorkContext => c !== null);
}

/**
 * The work, when the actor reaches its class and it is marked by hand; else `missing()`, or
 * `autoMarked()` for a work in reach that the automatic scoring marks completely (a link to its
 * marking is not a missing work).
 */
async function workInReach(s: Scope, actor: StaffActor, workId: string, missing = workNotFound, autoMarked = workAutoMarked): Promise<WorkContext> {
  const [row] = await paperWorksInReach(s, actor, { workId });
  if (!row) throw missing();
  const ctx = await contextOf(s, row);
  if (!ctx) throw autoMarked();
  return ctx;
}

async function classStudents(s: Scope, actor: StaffActor, classId: string): Promise<Map<string, AdminClassStudent>> {
  const page = await pageStudents(s, actor, classId, { current: 1, size: WHOLE_CLASS });
  return new Map(page.records.map((st) => [st.id, st]));
}

const handMarks = (marks: readonly WorkMark[]): HandMarks => new Map(marks.map((m) => [m.questionId, { score: m.score }]));

/**
 * The attempt's per-question results as stored for the student's review: the rule's results with
 * the teacher's comment on each answer that has one (the review shows them with the marks).
 */
function storedResults(x: Scored): string {
  const comments = new Map(x.marks.filter((m) => m.comment).map((m) => [m.questionId, m.comment!]));
  return JSON.stringify(
    x.marked.results.map((r) => {
      const comment = comments.get(r.questionId);
      return comment ? { ...r, comment } : r;
    }),
  );
}

function marksByAttempt(marks: readonly WorkMark[]): Map<string, WorkMark[]> {
  const by = new Map<string, WorkMark[]>();
  for (const m of marks) by.set(m.attemptId, [...(by.get(m.attemptId) ?? []), m]);
  return by;
}

/** The handed-in attempts at the works given, and each one's marks. */
async function handedInWithMarks(s: Scope, tenantId: string, workIds: readonly string[]) {
  const attempts = await handedIn.handedInAtWorks(s, { tenantId, workIds });
  const marks = marksByAttempt(
    await repo.marksOf(
      s.db,
      tenantId,
      attempts.map((a) => a.id),
    ),
  );
  return { attempts, marks };
}

/** An attempt with its answers and marks, scored by the one rule. */
interface Scored {
  a: AttemptRow;
  answers: Map<string, GivenAnswer>;
  marks: WorkMark[];
  auto: ReturnType<typeof scorePaper>;
  marked: ReturnType<typeof scorePaper>;
}

async function scoredAttempt(s: Scope, ctx: WorkContext, a: AttemptRow, marks: WorkMark[]): Promise<Scored> {
  const answers = byQuestion(await keptAnswers(s, { tenantId: a.tenantId, attemptId: a.id }));
  return {
    a,
    answers,
    marks,
    auto: scorePaper(ctx.questions, answers, { partialMultiple: ctx.partialMultiple }),
    marked: scorePaper(ctx.questions, answers, { partialMultiple: ctx.partialMultiple, marks: handMarks(marks) }),
  };
}

function rowOf(ctx: WorkContext, x: Scored, students: Map<string, AdminClassStudent>): MarkingAttemptRow {
  const st = students.get(x.a.classStudentId);
  const status = statusOf(x.a);
  return {
    attemptId: x.a.id,
    studentId: x.a.classStudentId,
    name: st?.name ?? '—',
    mobile: st?.mobile ?? '',
    attemptNo: x.a.attemptNo === null ? 1 : x.a.attemptNo,
    status,
    submittedAt: x.a.submittedAt,
    state: markingStateOf(status === REVIEWED, ctx.needed, new Set(x.marks.map((m) => m.questionId))),
    total: x.marked.score,
    score: status === REVIEWED && x.a.score !== null ? x.a.score : null,
  };
}

function questionMark(x: Scored, questionId: string): QuestionMark {
  const m = x.marks.find((k) => k.questionId === questionId);
  return {
    questionId,
    answer: x.answers.get(questionId) ?? null,
    auto: x.auto.results.find((r) => r.questionId === questionId)?.score ?? null,
    score: x.marked.results.find((r) => r.questionId === questionId)?.score ?? null,
    mark: m ? { score: m.score, comment: m.comment, revision: m.revision, markedBy: m.markedByName, markedAt: m.markedAt } : null,
  };
}

function questionView(ctx: WorkContext, leaf: Leaf): MarkingQuestion {
  const { q, parent } = leaf;
  return {
    id: q.id,
    parentId: parent?.id ?? null,
    label: leaf.label,
    questionType: q.questionType,
    trunk: ctx.clean(parent ? `${parent.trunk}${q.trunk}` : q.trunk),
    examPoint: q.examPoint,
    options: q.options.map((o) => ({ key: o.key, value: ctx.clean(o.value) })),
    answerOptions: q.answerOptions,
    answerContent: q.answerContent,
    explanation: q.explanation ? ctx.clean(q.explanation) : null,
    needsHand: ctx.needed.includes(q.id),
  };
}

function summaryOf(ctx: WorkContext, rows: readonly MarkingAttemptRow[]): MarkingWorkSummary {
  const count = (state: MarkingAttemptRow['state']) => rows.filter((r) => r.state === state).length;
  return {
    workId: ctx.work.id,
    title: ctx.work.title,
    kind: kindOf(ctx.work),
    classId: ctx.work.classId,
    className: ctx.work.className,
    manualGrading: ctx.work.manualGrading === 1,
    handQuestions: ctx.needed.length,
    waiting: count('waiting'),
    marked: count('marked'),
    released: count('released'),
  };
}

/** The attempts' marking states without reading their answers (the queue's counts need no totals). */
function stateRows(ctx: WorkContext, attempts: readonly AttemptRow[], marks: Map<string, WorkMark[]>): MarkingAttemptRow[] {
  return attempts.map((a) => {
    const status = statusOf(a);
    return {
      attemptId: a.id,
      studentId: a.classStudentId,
      name: '',
      mobile: '',
      attemptNo: a.attemptNo ?? 1,
      status,
      submittedAt: a.submittedAt,
      state: markingStateOf(status === REVIEWED, ctx.needed, new Set((marks.get(a.id) ?? []).map((m) => m.questionId))),
      total: null,
      score: null,
    };
  });
}

/** The queue: the works of the classes in reach that a teacher marks, with their attempts waiting, marked and released. */
export async function queue(s: Scope, actor: StaffActor, filter: MarkingQueueQuery): Promise<MarkingWorkSummary[]> {
  // A class named in the filter that the person does not reach is "not found", as everywhere.
  if (filter.classId) await assertClassInScope(s, actor, filter.classId);
  const works = await worksInReach(s, actor, filter);
  const { attempts, marks } = await handedInWithMarks(
    s,
    actor.tenant.id,
    works.map((w) => w.work.id),
  );
  return works.map((ctx) =>
    summaryOf(
      ctx,
      stateRows(
        ctx,
        attempts.filter((a) => a.workId === ctx.work.id),
        marks,
      ),
    ),
  );
}

/** How many handed-in attempts of the classes in reach are not yet released to their students (the dashboard's count). */
export async function countWaiting(s: Scope, actor: StaffActor): Promise<number> {
  const scope = await classScopeOf(s, actor);
  return countPendingAttempts(s.db, actor.tenant.id, scope.all ? null : scope.classIds);
}

async function scoredAttempts(s: Scope, ctx: WorkContext): Promise<Scored[]> {
  const { attempts, marks } = await handedInWithMarks(s, ctx.work.tenantId, [ctx.work.id]);
  return Promise.all(attempts.map((a) => scoredAttempt(s, ctx, a, marks.get(a.id) ?? [])));
}

function byStudentName(rows: MarkingAttemptRow[]): MarkingAttemptRow[] {
  return rows.sort((x, y) => x.name.localeCompare(y.name, 'zh-CN') || x.studentId.localeCompare(y.studentId) || x.attemptNo - y.attemptNo);
}

/** One work: its questions (with keys) and its handed-in attempts, by student then attempt. */
export async function workDetail(s: Scope, actor: StaffActor, workId: string): Promise<MarkingWork> {
  const ctx = await workInReach(s, actor, workId);
  const [scored, students] = await Promise.all([scoredAttempts(s, ctx), classStudents(s, actor, ctx.work.classId)]);
  const rows = byStudentName(scored.map((x) => rowOf(ctx, x, students)));
  return { work: summaryOf(ctx, rows), questions: ctx.leaves.map((l) => questionView(ctx, l)), attempts: rows };
}

/** A handed-in attempt of a work in reach, with its work; anything else is "not found". */
async function attemptInReach(s: Scope, actor: StaffActor, attemptId: string): Promise<{ ctx: WorkContext; a: AttemptRow }> {
  const a = await handedIn.workAttempt(s, { tenantId: actor.tenant.id, attemptId });
  if (!a?.workId) throw attemptNotFound();
  const ctx = await workInReach(s, actor, a.workId, attemptNotFound, attemptNotFound);
  if (statusOf(a) !== PENDING && statusOf(a) !== REVIEWED) throw AppError.conflict(t('marking.notHandedIn'));
  return { ctx, a };
}

async function attemptView(s: Scope, actor: StaffActor, ctx: WorkContext, attemptId: string): Promise<MarkingAttempt> {
  const a = await handedIn.workAttempt(s, { tenantId: actor.tenant.id, attemptId });
  if (!a) throw attemptNotFound();
  const x = await scoredAttempt(s, ctx, a, await repo.marksOf(s.db, actor.tenant.id, [a.id]));
  const students = await classStudents(s, actor, ctx.work.classId);
  return { attempt: rowOf(ctx, x, students), marks: ctx.leaves.map((l) => questionMark(x, l.q.id)) };
}

/** One attempt "by student": every question with the student's answer, the automatic score and the teacher's mark. */
export async function attemptDetail(s: Scope, actor: StaffActor, attemptId: string): Promise<MarkingAttempt> {
  const { ctx } = await attemptInReach(s, actor, attemptId);
  return attemptView(s, actor, ctx, attemptId);
}

/** One question "by question": every handed-in attempt's answer and mark. */
export async function questionDetail(s: Scope, actor: StaffActor, q: { workId: string; questionId: string }): Promise<MarkingQuestionAnswers> {
  const ctx = await workInReach(s, actor, q.workId);
  const leaf = ctx.leaves.find((l) => l.q.id === q.questionId);
  if (!leaf) throw questionNotFound();
  const [scored, students] = await Promise.all([scoredAttempts(s, ctx), classStudents(s, actor, ctx.work.classId)]);
  const answers = scored.map((x) => ({ attempt: rowOf(ctx, x, students), mark: questionMark(x, leaf.q.id) }));
  answers.sort(
    (x, y) =>
      x.attempt.name.localeCompare(y.attempt.name, 'zh-CN') ||
      x.attempt.studentId.localeCompare(y.attempt.studentId) ||
      x.attempt.attemptNo - y.attempt.attemptNo,
  );
  return { question: questionView(ctx, leaf), answers };
}

const auditFields = (label: string, m: { score: number; comment: string | null } | undefined) =>
  m ? { [t('marking.audit.score', { label })]: m.score, [t('marking.audit.comment', { label })]: m.comment ?? '' } : null;

/**
 * Gives or changes the mark of one question of a handed-in attempt. The teacher names the
 * revision they saw: a mark changed by someone else since then is refused with who changed it
 * (nothing is overwritten unseen). The attempt's results are scored again with every mark; a
 * released attempt's score changes with them, which is what the student then sees.
 */
export async function saveMark(s: Scope, actor: StaffActor, input: MarkInput): Promise<MarkingAttempt> {
  const { ctx, a } = await attemptInReach(s, actor, input.attemptId);
  const leaf = ctx.leaves.find((l) => l.q.id === input.questionId);
  if (!leaf) throw questionNotFound();
  const refusal = markRefusal(input.score, leaf.q.examPoint);
  if (refusal) throw AppError.badRequest(t(`marking.score.${refusal}`, { points: leaf.q.examPoint }));
  const comment = input.comment.trim() || null;
  if ((comment ?? '').length > MARK_COMMENT_MAX) throw AppError.badRequest(t('marking.commentTooLong', { max: MARK_COMMENT_MAX }));
  const students = await classStudents(s, actor, ctx.work.classId);
  const write: repo.MarkWrite = { score: input.score, comment, markedBy: actor.account.id, markedByName: actor.account.name.slice(0, 40), markedAt: s.now };
  await s.db.transaction().execute(async (trx) => {
    const inTrx = { ...s, db: trx };
    if (!(await handedIn.lockForMarking(inTrx, { tenantId: a.tenantId, attemptId: a.id }))) throw attemptNotFound();
    const before = await repo.findMark(trx, a.tenantId, a.id, leaf.q.id);
    const stale = () => AppError.conflict(before ? t('marking.stale', { name: before.markedByName }) : t('marking.staleNew'));
    // The revision is checked by the writes alone (a first mark only where there is none, a change
    // only over the revision named): a check here as well could never refuse anything they take.
    const written =
      input.revision === FIRST_MARK_REVISION
        ? await repo.insertFirstMark(trx, a.tenantId, a.id, leaf.q.id, write)
        : await repo.updateMark(trx, a.tenantId, a.id, leaf.q.id, input.revision, write);
    if (!written) throw stale();
    const current = await handedIn.workAttempt(inTrx, { tenantId: a.tenantId, attemptId: a.id });
    const released = current !== undefined && statusOf(current) === REVIEWED;
    const x = await scoredAttempt(inTrx, ctx, a, await repo.marksOf(trx, a.tenantId, [a.id]));
    const total = x.marked.score;
    await handedIn.recordMarkedResults(inTrx, {
      tenantId: a.tenantId,
      attemptId: a.id,
      results: storedResults(x),
      ...(released && total !== null ? { score: total } : {}),
    });
    const old = before ? { score: before.score, comment: before.comment } : undefined;
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.markSave,
      attemptTarget(ctx, a, students),
      released ? { ...auditFields(leaf.label, old), [t('marking.audit.total')]: current?.score } : auditFields(leaf.label, old),
      released ? { ...auditFields(leaf.label, write), [t('marking.audit.total')]: total } : auditFields(leaf.label, write),
    );
  });
  return attemptView(s, actor, ctx, a.id);
}

/** An attempt as the audit log names it: the student (by name, else masked mobile) and the work ('张三 · 期末考试'). */
function attemptTarget(ctx: WorkContext, a: AttemptRow, students: Map<string, AdminClassStudent>) {
  const st = students.get(a.classStudentId);
  const student = st ? st.name || maskMobile(st.mobile) : '';
  return { type: AUDIT_TARGET.workAttempt, id: a.id, name: student ? `${student} · ${ctx.work.title}` : ctx.work.title };
}

/**
 * Releases a pending attempt to the student, once: every question needing a hand mark must have
 * one; the total is scored with the marks and written with the status in one conditional update,
 * so two releases at once release it once (the second is told it is released already).
 */
async function releaseOne(s: Scope, actor: StaffActor, ctx: WorkContext, a: AttemptRow, students: Map<string, AdminClassStudent>): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    const inTrx = { ...s, db: trx };
    if (!(await handedIn.lockForMarking(inTrx, { tenantId: a.tenantId, attemptId: a.id }))) throw attemptNotFound();
    const x = await scoredAttempt(inTrx, ctx, a, await repo.marksOf(trx, a.tenantId, [a.id]));
    const missing = ctx.needed.filter((id) => !x.marks.some((m) => m.questionId === id)).length;
    if (missing > 0 || x.marked.score === null) throw AppError.conflict(t('marking.notComplete', { n: Math.max(missing, 1) }));
    const taken = await handedIn.releaseMarked(inTrx, {
      tenantId: a.tenantId,
      attemptId: a.id,
      score: x.marked.score,
      results: storedResults(x),
      by: actor.account.id,
    });
    if (!taken) throw AppError.conflict(t('marking.alreadyReleased'));
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.markRelease,
      attemptTarget(ctx, a, students),
      { [t('marking.audit.status')]: t('marking.state.marked') },
      { [t('marking.audit.status')]: t('marking.state.released'), [t('marking.audit.total')]: x.marked.score },
    );
    const student = students.get(a.classStudentId);
    if (student) {
      await notifyReleased(
        trx,
        s.now,
        { tenantId: a.tenantId, schoolName: actor.tenant.name, classId: ctx.work.classId, className: ctx.work.className },
        { attemptId: a.id, userId: student.userId, work: ctx.work.title, score: x.marked.score },
      );
    }
  });
}

export async function release(s: Scope, actor: StaffActor, attemptId: string): Promise<MarkingAttempt> {
  const { ctx, a } = await attemptInReach(s, actor, attemptId);
  if (statusOf(a) === REVIEWED) throw AppError.conflict(t('marking.alreadyReleased'));
  await releaseOne(s, actor, ctx, a, await classStudents(s, actor, ctx.work.classId));
  return attemptView(s, actor, ctx, a.id);
}

/** Releases every attempt of the work whose marking is complete; one released by someone else meanwhile is skipped. */
export async function releaseAll(s: Scope, actor: StaffActor, workId: string): Promise<{ released: number }> {
  const ctx = await workInReach(s, actor, workId);
  const { attempts, marks } = await handedInWithMarks(s, ctx.work.tenantId, [ctx.work.id]);
  const ready = stateRows(ctx, attempts, marks).filter((r) => r.state === 'marked');
  const students = ready.length ? await classStudents(s, actor, ctx.work.classId) : new Map<string, AdminClassStudent>();
  let released = 0;
  for (const r of ready) {
    const a = attempts.find((x) => x.id === r.attemptId)!;
    try {
      await releaseOne(s, actor, ctx, a, students);
      released++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.CONFLICT)) throw error;
    }
  }
  return { released };
}

/** The work's scores as CSV: one row per student of the class, each attempt's score (or 待阅卷) and the counted score. */
export async function exportScores(s: Scope, actor: StaffActor, workId: string): Promise<{ text: string; title: string; className: string }> {
  const ctx = await workInReach(s, actor, workId);
  const [attempts, students] = await Promise.all([
    handedIn.attemptsAtWork(s, { tenantId: ctx.work.tenantId, workId: ctx.work.id }),
    classStudents(s, actor, ctx.work.classId),
  ]);
  const text = scoresCsv(
    [...students.values()].map((st) => ({ id: st.id, name: st.name, mobile: st.mobile })),
    attempts.map((a) => ({
      classStudentId: a.classStudentId,
      attemptNo: a.attemptNo ?? 1,
      status: statusOf(a),
      score: a.score,
    })),
    attemptPolicyOf(ctx.work).scoreRule,
    {
      name: t('marking.csv.name'),
      mobile: t('marking.csv.mobile'),
      attempts: t('marking.csv.attempts'),
      attempt: (n) => t('marking.csv.attempt', { n }),
      counted: t('marking.csv.counted'),
      pending: t('marking.csv.pending'),
      answering: t('marking.csv.answering'),
    },
  );
  return { text, title: ctx.work.title, className: ctx.work.className };
}
