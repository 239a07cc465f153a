import { studentTransaction, type Scope } from '../../http/scope';
import { countWrite } from '../../limits/limits.service';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import type {
  AnswerRecord,
  AttemptActivity,
  AttemptLog,
  AttemptRef,
  AttemptState,
  AttemptStatus,
  DutyReport,
  Paper,
  Question,
  QuestionResult,
  ReviewedAttempt,
  ReviewVisibility,
  SaveAnswers,
  SaveAnswersResult,
  StartAttempt,
  StudentRef,
  SubmitResult,
  WorkFirstView,
  WorkFirstViewQuery,
  WorkKind,
  WorkRef,
  WorkStanding,
} from '~/lib/api/contracts/exams';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import {
  ATTEMPT_STATUS,
  attemptsLeft,
  cappedDeadline,
  countedScore,
  nextAttemptNo,
  reviewVisibility,
  startRefusal,
  type AttemptPolicy,
  type CountedScore,
  type StartRefusal,
} from '~/lib/exams/attempt-policy';
import { formatDateTime } from '~/lib/time/cst';
import type { StudentEnrolment } from '../../learning/classes/classes.service';
import { studentActivity } from '../../learning/activities/activities.service';
import {
  attemptPolicyOf,
  classWork,
  enrolledWork,
  enrolment,
  isBankWork,
  kindOf,
  lessonWork,
  requireClassWork,
  workById,
  workNotFound,
  type Work,
} from '../works/works.service';
import { answerableByIds, answerableRead, paperOfWork, paperView, workPaper, type PaperQuestion } from '../papers/papers.service';
import { byQuestion, keepAnswers, keepBankAnswers, keepLateAnswers, keptAnswers, lateAnswers, type KeptAnswer } from '../answers/answers.service';
import { deadlineOf, isOverdue, overdueDeadlineBefore, remainingSeconds, SAVE_GRACE_MS, totalSecondsOf } from './deadline.rules';
import { scorePaper } from './scoring.rules';
import { bankAnswerOf, bankQuestionTypes, reviewedBankAnswer } from './bank-answers.rules';
import * as repo from './attempts.repository';
import { takeAttemptWithWork } from './attempt-work.read-model';
import { errorStack } from '../../logger';

/**
 * The one scoring rule, for marking (decision 047): the teachers' marks go through the same
 * function as the submission, so a marked total can never differ from the rule's.
 */
export { leavesNeedingHand, scorePaper, type HandMarks } from './scoring.rules';

/**
 * Attempts at a homework or test (decisions 025 and 028). The server
 * keeps the rules: the deadline is fixed when the attempt starts and read by the server's clock;
 * answers are kept per question by answers.rules.ts (decision 027); saves that arrive once the
 * attempt is submitted or its deadline plus the grace has passed are kept as late answers, never
 * scored; one attempt is submitted once, and an
 * overdue one is submitted by the server with the answers it has, on the next read of it or by
 * the periodic sweep. The work's attempt policy (decision 028) decides whether a new attempt may
 * start, which score counts and what a review shows: never the keys while the student can still
 * answer. Every call starts with the token's user's enrolment in the class; another student's,
 * class's or school's attempt is the same 404.
 */

export type { AttemptRow } from './attempts.repository';
type AttemptRow = repo.AttemptRow;

const attemptNotFound = () => AppError.notFound(t('exams.attemptNotFound'));
const { ANSWERING, PENDING, REVIEWED } = ATTEMPT_STATUS;
const statusOf = (a: AttemptRow): AttemptStatus => (a.status === REVIEWED ? REVIEWED : a.status === PENDING ? PENDING : ANSWERING);
const clockOf = (a: AttemptRow) => ({ status: a.status, deadlineAt: a.deadlineAt });

/** The student's own attempt at a work of their class, or 404. */
export async function studentAttempt(s: Scope, e: StudentEnrolment, attemptId: string): Promise<AttemptRow> {
  const a = await repo.findStudentAttempt(s.db, e.tenantId, e.classStudentId, attemptId);
  if (!a || a.classId !== e.classId) throw attemptNotFound();
  return a;
}

async function reread(s: Scope, a: AttemptRow): Promise<AttemptRow> {
  return (await repo.findAttempt(s.db, a.tenantId, a.id)) ?? a;
}

/** The attempt's result; the score only when marked and the policy shows the marks now. */
export function resultOf(a: AttemptRow, marksShown: boolean): SubmitResult {
  const status = statusOf(a);
  return { answerLogId: a.id, status, score: marksShown && status === REVIEWED && a.score !== null ? a.score : null };
}

function resultsOf(a: AttemptRow): QuestionResult[] {
  try {
    const v: unknown = JSON.parse(a.results ?? '[]');
    return Array.isArray(v) ? (v as QuestionResult[]).filter((r) => r && typeof r.questionId === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Submits an open attempt once with the answers kept for it: scored, then pending review (1)
 * when the work is graded by a teacher or has a short answer, else reviewed (2) with its score.
 * A second caller (another tab, a retry, the sweep) finds it taken and changes nothing. Answers
 * the attempt as it is afterwards.
 */
async function submitAttempt(s: Scope, a: AttemptRow, work: Work, by: 'student' | 'deadline'): Promise<AttemptRow> {
  return (await submitOnce(s, a, work, by)).attempt;
}

async function submitOnce(s: Scope, a: AttemptRow, work: Work, by: 'student' | 'deadline'): Promise<{ attempt: AttemptRow; taken: boolean }> {
  const questions: PaperQuestion[] = (await workPaper(s, work))?.questions ?? [];
  let taken = false;
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.takeForSubmission(trx, a.tenantId, a.id, s.now))) return;
    taken = true;
    const answers = byQuestion(await keptAnswers({ ...s, db: trx }, { tenantId: a.tenantId, attemptId: a.id }));
    const scored = scorePaper(questions, answers, { partialMultiple: work.partialMultiple === 1 });
    const status = work.manualGrading === 1 || scored.pending ? PENDING : REVIEWED;
    await repo.finishSubmission(trx, a.tenantId, a.id, {
      status,
      score: status === REVIEWED ? scored.score : null,
      results: JSON.stringify(scored.results),
      answeredCount: scored.answered,
      questionCount: scored.total,
      submittedBy: by,
    });
  });
  return { attempt: await reread(s, a), taken };
}

/** The attempt as it is now: an overdue one is submitted first (by the deadline). */
async function current(s: Scope, a: AttemptRow, work: Work): Promise<AttemptRow> {
  return isOverdue(clockOf(a), s.now) ? submitAttempt(s, a, work, 'deadline') : a;
}

function stateOf(s: Scope, a: AttemptRow, work: Work, answers: KeptAnswer[], late: AttemptState['lateAnswers']): AttemptState {
  const clock = clockOf(a);
  // The countdown's whole: the time limit, cut short when the work closes first; an untimed
  // attempt that merely ends with the work's close has none (no countdown of days).
  const timed = !isBankWork(work) && totalSecondsOf(work.unitTime) !== null;
  return {
    answerLogId: a.id,
    workId: a.workId ?? '',
    status: statusOf(a),
    remainingSeconds: remainingSeconds(clock, s.now),
    totalSeconds: clock.deadlineAt === null || !timed ? null : Math.round((clock.deadlineAt - a.startedAt) / 1000),
    answers: answers.map((x) => ({ questionId: x.questionId, questionAnswerVO: x.questionAnswerVO, seq: x.seq, revision: x.revision, clientId: x.clientId })),
    lateAnswers: late,
    activity: null,
  };
}

async function stateWithAnswers(s: Scope, a: AttemptRow, work: Work): Promise<AttemptState> {
  const ref = { tenantId: a.tenantId, attemptId: a.id };
  return stateOf(s, a, work, await keptAnswers(s, ref), await lateAnswers(s, ref));
}

/** A student's attempts at a work (newest first) and what the work's attempt policy makes of them. */
interface StudentStanding {
  policy: AttemptPolicy;
  attempts: AttemptRow[];
  open: AttemptRow | undefined;
  visibility: ReviewVisibility;
  counted: CountedScore;
}

function standingOf(s: Scope, work: Work, attempts: AttemptRow[]): StudentStanding {
  const policy = attemptPolicyOf(work);
  const open = attempts.find((a) => statusOf(a) === ATTEMPT_STATUS.ANSWERING);
  const visibility = reviewVisibility(policy, { used: attempts.length, open: !!open, now: s.now, graceMs: SAVE_GRACE_MS });
  const scored = attempts.map((a, i) => ({
    attemptNo: a.attemptNo === null ? attempts.length - i : a.attemptNo,
    status: statusOf(a),
    score: a.score,
  }));
  return { policy, attempts, open, visibility, counted: countedScore(policy.scoreRule, scored) };
}

/** The student's standing at the work now: an overdue open attempt is submitted first. */
async function standingAt(s: Scope, e: StudentEnrolment, work: Work): Promise<StudentStanding> {
  const open = await repo.findOpenAttempt(s.db, e.tenantId, work.id, e.classStudentId);
  if (open) await current(s, open, work);
  return standingOf(s, work, await repo.listAttempts(s.db, e.tenantId, work.id, e.classStudentId));
}

const nameOf = (work: Work) => t(kindOf(work) === 'homework' ? 'exams.homework' : 'exams.test');
/** A close time as messages say it: 'YYYY-MM-DD HH:mm' in China Standard Time. */
const closeText = (ms: number) => formatDateTime(ms).slice(0, 16);

/**
 * An external bank's work on a site without the bank (no XSKT_BANK_URL): its paper cannot be
 * loaded nor its answers marked, so no attempt starts and the start page says why.
 */
const bankMissing = (s: Scope, work: Work) => isBankWork(work) && !s.config.XSKT_BANK_URL;

function refusalMessage(work: Work, policy: AttemptPolicy, refusal: StartRefusal | 'bankNotConfigured'): string {
  if (refusal === 'bankNotConfigured') return t('exams.bankNotOpen', { name: nameOf(work) });
  if (refusal === 'closed') return t('exams.workClosed', { name: nameOf(work), time: closeText(policy.closesAt ?? 0) });
  return t('exams.noAttemptsLeft', { name: nameOf(work), n: policy.maxAttempts ?? 0 });
}

/** The student's standing at a work (the start and completion pages): attempts used and left, the counted score, what reviews show. */
export async function workStanding(s: Scope, input: WorkRef): Promise<WorkStanding> {
  const { e, work } = await enrolledWork(s, input);
  return workStandingOf(s, work, await standingAt(s, e, work));
}

function workStandingOf(s: Scope, work: Work, st: StudentStanding): WorkStanding {
  const used = st.attempts.length;
  const refusal = bankMissing(s, work) ? 'bankNotConfigured' : st.open ? null : startRefusal(st.policy, used, s.now);
  return {
    policy: st.policy,
    attemptsUsed: used,
    attemptsLeft: attemptsLeft(st.policy, used),
    open: !!st.open,
    refusal,
    refusalMessage: refusal === null ? null : refusalMessage(work, st.policy, refusal),
    visibility: st.visibility,
    countedScore: st.visibility.marks.shown ? st.counted.score : null,
    scorePending: st.counted.pending,
    handedIn: st.counted.handedIn,
  };
}

/** The student's attempts at the work, newest first (an overdue open one is submitted first); scores only while the policy shows marks. */
export async function attemptLogs(s: Scope, input: WorkRef): Promise<AttemptLog[]> {
  const { e, work } = await enrolledWork(s, input);
  return logsOf(await standingAt(s, e, work));
}

function logsOf(st: StudentStanding): AttemptLog[] {
  return st.attempts.map((a, i) => ({
    id: a.id,
    attemptNo: a.attemptNo === null ? st.attempts.length - i : a.attemptNo,
    createdTime: a.startedAt,
    status: statusOf(a),
    score: resultOf(a, st.visibility.marks.shown).score,
  }));
}

/**
 * A work page's first view in one call (WorkFirstView): the work (looked up from its lesson when the
 * address names none), its paper, then the start page's attempts and standing or the answering page's
 * attempt, each part made by the function of its own call.
 */
export async function workFirstView(s: Scope, input: WorkFirstViewQuery): Promise<WorkFirstView> {
  const { workId, classroomId } = input;
  if (workId === undefined && classroomId === undefined) throw AppError.badRequest(t('exams.noQuery'));
  // The enrolment and the work found once for every part (each part's own call finds them again).
  const e = await enrolment(s, input);
  const work =
    workId !== undefined
      ? await requireClassWork(s, e, workId)
      : await lessonWork(s, e, { kind: input.kind, classroomId: classroomId!, courseId: input.courseId });
  const paper = await paperOfWork(s, work);
  if (input.step === 'start') {
    const st = await standingAt(s, e, work);
    return { workId: work.id, paper, start: { logs: logsOf(st), standing: workStandingOf(s, work, st) }, attempt: null };
  }
  const attempt = isBankWork(paper) ? null : await startAttemptFor(s, e, work, input.activityId);
  return { workId: work.id, paper, start: null, attempt };
}

/** Tries to open a new attempt this many times when another start takes its number at the same moment. */
const START_TRIES = 3;

/**
 * Starts an attempt with its deadline fixed now, or continues the one still open (a reload, a
 * second tab). An open attempt whose time has run out is submitted first. A new attempt starts
 * only while the work's policy allows one (not closed, attempts left): it takes the next attempt
 * number, and the unique key on the numbers lets only one of two simultaneous starts have it.
 * Its deadline is its time limit's, never after the work closes.
 */
export async function startAttempt(s: Scope, input: StartAttempt): Promise<AttemptState> {
  const { e, work } = await enrolledWork(s, input);
  return startAttemptFor(s, e, work, input.activityId);
}

/** startAttempt with the enrolment and the class's work already found. */
async function startAttemptFor(s: Scope, e: StudentEnrolment, work: Work, activityGiven: string | undefined): Promise<AttemptState> {
  if (bankMissing(s, work)) throw AppError.conflict(refusalMessage(work, attemptPolicyOf(work), 'bankNotConfigured'));
  let activityId: string | null = null;
  let context: AttemptActivity | null = null;
  if (activityGiven !== undefined) {
    const activity = await studentActivity(s, e, activityGiven);
    if (!activity || activity.classroomId !== work.classroomId) throw AppError.notFound(t('learning.activityNotFound'));
    activityId = activity.id;
    // What the duty report after the submission names, whatever the page's address carried.
    context = { activityId: activity.id, bizType: activity.bizType ?? null, activityContentId: work.classroomId, tenantId: e.tenantId };
  }
  const policy = attemptPolicyOf(work);
  for (let tries = 0; tries < START_TRIES; tries++) {
    let open = await repo.findOpenAttempt(s.db, e.tenantId, work.id, e.classStudentId);
    if (open && isOverdue(clockOf(open), s.now)) {
      await submitAttempt(s, open, work, 'deadline');
      open = undefined;
    }
    if (open) return { ...(await stateWithAnswers(s, open, work)), activity: context };
    const { highest } = await repo.attemptNumbers(s.db, e.tenantId, work.id, e.classStudentId);
    const attemptNo = nextAttemptNo(policy, highest, s.now);
    if (attemptNo === null) {
      // Another tab may have opened the last attempt allowed since the look above: that one continues.
      const opened = await repo.findOpenAttempt(s.db, e.tenantId, work.id, e.classStudentId);
      if (opened && !isOverdue(clockOf(opened), s.now)) return { ...(await stateWithAnswers(s, opened, work)), activity: context };
      throw AppError.conflict(refusalMessage(work, policy, startRefusal(policy, highest, s.now) ?? 'noAttemptsLeft'));
    }
    await repo.insertOpenAttempt(s.db, {
      id: newId(s.now),
      tenantId: e.tenantId,
      classId: e.classId,
      courseId: work.courseId,
      classroomId: work.classroomId,
      classStudentId: e.classStudentId,
      activityId,
      workType: work.kind === 'homework' ? CLASSROOM_TYPE.HOMEWORK : CLASSROOM_TYPE.TEST,
      startedAt: s.now,
      // The bank's works have no server deadline (the bank keeps the answers until the one submission).
      deadlineAt: isBankWork(work) ? null : cappedDeadline(deadlineOf(s.now, work.unitTime), policy),
      submittedAt: null,
      status: ATTEMPT_STATUS.ANSWERING,
      score: null,
      createdAt: s.now,
      workId: work.id,
      attemptNo,
    });
    // Ours, or the one another tab opened at the same moment; none when another start took the number and was handed in already.
  }
  const open = await repo.findOpenAttempt(s.db, e.tenantId, work.id, e.classStudentId);
  if (!open) throw AppError.conflict(t('exams.startBusy'));
  return { ...(await stateWithAnswers(s, open, work)), activity: context };
}

async function attemptOfCall(s: Scope, input: AttemptRef): Promise<{ e: StudentEnrolment; a: AttemptRow; work: Work }> {
  const e = await enrolment(s, input);
  const a = await studentAttempt(s, e, input.answerLogId);
  const work = await classWork(s, e, a.workId ?? '');
  if (!work) throw attemptNotFound();
  return { e, a, work };
}

/** The attempt by the server's clock, with its kept answers (an overdue one is submitted first). */
export async function attemptState(s: Scope, input: AttemptRef): Promise<AttemptState> {
  const { a, work } = await attemptOfCall(s, input);
  return stateWithAnswers(s, await current(s, a, work), work);
}

function validRecord(r: AnswerRecord, work: Work, leaves: Map<string, PaperQuestion>): void {
  if (r.id !== work.id) throw workNotFound();
  const q = leaves.get(r.questionId);
  if (!q) throw AppError.badRequest(t('exams.questionNotInPaper', { id: r.questionId }));
  if (r.questionUnitId !== q.paperId) throw AppError.badRequest(t('exams.questionNotInPaper', { id: r.questionId }));
  const chosen = r.questionAnswerVO.optionList;
  if (new Set(chosen).size !== chosen.length || chosen.some((k) => !q.options.some((o) => o.key === k))) {
    throw AppError.badRequest(t('exams.badOption', { id: r.questionId }));
  }
  if ((q.questionType === QUESTION_TYPE.SINGLE || q.questionType === QUESTION_TYPE.TRUE_FALSE) && chosen.length > 1)
    throw AppError.badRequest(t('exams.oneOption'));
}

/**
 * Saves a batch of answers of one attempt (decision 027): each change is kept, acknowledged
 * without a change, or answered as a conflict with the kept answer (answers.rules.ts). Once the
 * attempt is submitted or its deadline plus the grace has passed, nothing a student typed is
 * refused: the answers are kept as late answers, never scored and never replacing a kept one.
 * Whether the attempt still takes answers is decided by the conditional update alone, in the
 * transaction that writes them, so a submission or the deadline cannot slip in between.
 *
 * The whole save is one transaction (decision 102): its reads, the rate count (a refused save
 * counts nothing) and its writes. On SQLite a statement outside a transaction is a read
 * transaction of its own, and the count had its own commit.
 */
export async function saveAnswers(s: Scope, input: SaveAnswers): Promise<SaveAnswersResult> {
  const first = input.answers[0]!;
  if (input.answers.some((r) => r.answerLogId !== first.answerLogId)) throw AppError.badRequest(t('exams.oneAttemptPerSave'));
  return studentTransaction(s, async (ts) => {
    // The enrolment, then the attempt with its work and the first record's question, taken for the save, in one
    // statement (every save reads them).
    const e = await enrolment(ts, input);
    const found = await takeAttemptWithWork(
      ts.db,
      { tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId, attemptId: first.answerLogId },
      overdueDeadlineBefore(s.now),
      first.questionId,
    );
    if (!found) throw attemptNotFound();
    const { work } = found;
    if (isBankWork(work)) throw AppError.badRequest(t('exams.bankAnswersOnSubmit'));
    // A save of one question, the usual save, has it already; a batch of several reads the rest.
    const questionIds = [...new Set(input.answers.map((r) => r.questionId))];
    const leaves = questionIds.length === 1 ? answerableRead(work, found.question, found.questionHasParts) : await answerableByIds(ts, work, questionIds);
    for (const r of input.answers) validRecord(r, work, leaves);
    const answers = input.answers.map((r) => ({
      questionId: r.questionId,
      content: r.questionAnswerVO.content,
      optionList: r.questionAnswerVO.optionList,
      clientId: r.clientId ?? '',
      seq: r.seq,
      baseRevision: r.baseRevision ?? null,
      answeredAt: r.answerTime,
    }));
    await countWrite(ts, 'ANSWER_SAVE');
    const ref = { tenantId: e.tenantId, attemptId: found.attemptId, answers };
    return found.takesAnswers ? keepAnswers(ts, ref) : keepLateAnswers(ts, ref);
  });
}

/** Submits the student's attempt at a homework or test; a second submission answers the first one's result. */
export async function submitWork(s: Scope, input: StudentRef & { workId: string; answerLogId: string }, kind: WorkKind): Promise<SubmitResult> {
  const { e, work } = await enrolledWork(s, input);
  if (work.kind !== kind) throw workNotFound();
  if (isBankWork(work)) throw AppError.badRequest(t('exams.bankSubmitOnly'));
  const a = await studentAttempt(s, e, input.answerLogId);
  if (a.workId !== work.id) throw attemptNotFound();
  const submitted = statusOf(a) === ANSWERING ? await submitAttempt(s, a, work, 'student') : a;
  return resultOf(submitted, (await standingAt(s, e, work)).visibility.marks.shown);
}

export interface BankSubmission {
  useTime: number;
  answers: { questionId: string; content: string }[];
  score: number;
  results: QuestionResult[];
  /** The bank's paper as it marked it, for review. */
  bankPaper: Paper['questionResultVOMap'];
}

/**
 * The external bank's submission is still taken: the work has not closed, or closed less than the
 * save grace ago (an answer on its way at the close is kept, as saves are).
 */
export function assertBankSubmissionOpen(s: Scope, work: Work): void {
  const policy = attemptPolicyOf(work);
  if (policy.closesAt !== null && s.now > policy.closesAt + SAVE_GRACE_MS) {
    throw AppError.conflict(t('exams.closedSubmit', { name: nameOf(work), time: closeText(policy.closesAt) }));
  }
}

/** The result of an attempt as the student may see it now (the score only while the work's policy shows the marks). */
export async function attemptResult(s: Scope, e: StudentEnrolment, work: Work, a: AttemptRow): Promise<SubmitResult> {
  return resultOf(await reread(s, a), (await standingAt(s, e, work)).visibility.marks.shown);
}

/**
 * Records an external bank's marking of an attempt once: the answers as sent (a choice's keys, which
 * the bank takes joined with ',', kept as the chosen options), the bank's score and per-question
 * results. A second submission changes nothing and answers the first one's result.
 */
export async function recordBankSubmission(s: Scope, e: StudentEnrolment, work: Work, a: AttemptRow, submission: BankSubmission): Promise<SubmitResult> {
  const types = bankQuestionTypes(submission.bankPaper);
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.takeForSubmission(trx, a.tenantId, a.id, s.now))) return;
    // The bank's choices arrive as keys joined with commas: kept as the options chosen.
    await keepBankAnswers(
      { ...s, db: trx },
      {
        tenantId: a.tenantId,
        attemptId: a.id,
        answers: submission.answers.map((x) => ({ questionId: x.questionId, ...bankAnswerOf(types.get(x.questionId), x.content) })),
      },
    );
    await repo.finishSubmission(trx, a.tenantId, a.id, {
      status: REVIEWED,
      score: submission.score,
      results: JSON.stringify(submission.results),
      answeredCount: submission.answers.filter((x) => x.content.trim() !== '').length,
      questionCount: submission.results.length,
      submittedBy: 'student',
      useTime: submission.useTime,
      bankPaper: JSON.stringify(submission.bankPaper),
    });
  });
  return attemptResult(s, e, work, a);
}

function bankQuestions(a: AttemptRow): Paper['questionResultVOMap'] {
  try {
    const v: unknown = JSON.parse(a.bankPaper ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Paper['questionResultVOMap']) : {};
  } catch {
    return {};
  }
}

/** A question without its key: no right answer, no option flags, no explanation. */
function withoutKey(q: Question): Question {
  return {
    ...q,
    questionContentVO: { ...q.questionContentVO, optionList: q.questionContentVO.optionList.map(({ key, value }) => ({ key, value })) },
    questionAnswerVO: null,
    readQuestionList: q.readQuestionList.map(withoutKey),
  };
}

function mapQuestions(map: Paper['questionResultVOMap'], f: (q: Question) => Question): Paper['questionResultVOMap'] {
  const out: Paper['questionResultVOMap'] = {};
  for (const [type, list] of Object.entries(map)) out[type as keyof typeof out] = (list ?? []).map(f);
  return out;
}

/**
 * A handed-in, marked attempt for review: the student's answers, with their marks and the right
 * answers and explanations only as the work's policy allows now. The keys and each question's
 * right or wrong are never shown while the student can still answer the work (an attempt open, or
 * another one allowed); without the marks there is no score (decision 052). An attempt still being answered, or waiting
 * for the teacher (pending review), is refused.
 */
export async function reviewAttempt(s: Scope, input: WorkRef & { answerLogId: string }): Promise<ReviewedAttempt> {
  const { e, work } = await enrolledWork(s, input);
  let a = await studentAttempt(s, e, input.answerLogId);
  if (a.workId !== work.id) throw attemptNotFound();
  a = await current(s, a, work);
  const status = statusOf(a);
  if (status === ANSWERING) throw AppError.conflict(t('exams.reviewNotSubmitted'));
  if (status === PENDING) throw AppError.conflict(t('exams.reviewPending'));
  const { visibility } = await standingAt(s, e, work);
  const keys = visibility.keys.shown;
  const marks = visibility.marks.shown;
  const paper = paperView(work, await workPaper(s, work), keys, s.lookups.richText);
  const bank = isBankWork(work);
  if (bank) paper.questionResultVOMap = keys ? bankQuestions(a) : mapQuestions(bankQuestions(a), withoutKey);
  const types = bank ? bankQuestionTypes(bankQuestions(a)) : null;
  const questionUnitId = work.paperId ?? work.externalPaperId ?? '';
  const answers = await keptAnswers(s, { tenantId: a.tenantId, attemptId: a.id });
  const late = await lateAnswers(s, { tenantId: a.tenantId, attemptId: a.id });
  return {
    questionUnitCAResultVO: {
      ...paper,
      answerQuestion: answers.map((x) => ({
        questionId: x.questionId,
        // A bank choice kept before choices were split still has its keys in the text.
        questionAnswerVO: types ? reviewedBankAnswer(types.get(x.questionId), x.questionAnswerVO) : x.questionAnswerVO,
        seq: x.seq,
        revision: x.revision,
        clientId: x.clientId,
        answerLogId: a.id,
        questionUnitId,
        answerTime: x.answeredAt,
        submitTime: x.savedAt,
      })),
    },
    testStudentResultVO: {
      testName: work.title,
      status,
      score: marks && a.score !== null ? a.score : null,
      submittedTime: a.submittedAt,
    },
    // Each question's right or wrong only when the policy shows it: a ✓/✗ per question is its key over a few attempts.
    results: visibility.questionMarks.shown ? resultsOf(a) : [],
    visibility,
    lateAnswers: late,
  };
}

/**
 * The duty completion report after a submission in an activity (dutyType SUBMIT): accepted only
 * when the activity is the class's, of that lesson, and the student has handed in work at the
 * lesson; recorded once (a repeat answers the same).
 */
export async function reportDuty(s: Scope, input: DutyReport): Promise<{ recorded: boolean }> {
  const e = await enrolment(s, { classId: input.bizId, studentId: input.studentId, userId: input.userId });
  if (input.tenantId !== undefined && input.tenantId !== e.tenantId) throw AppError.notFound(t('learning.classNotFound'));
  const activity = await studentActivity(s, e, input.activityId);
  if (!activity) throw AppError.notFound(t('learning.activityNotFound'));
  if (activity.classroomId !== input.contentId) throw AppError.notFound(t('learning.classroomNotFound'));
  const submitted = await repo.findSubmittedAtLesson(s.db, e.tenantId, e.classId, e.classStudentId, input.contentId);
  if (!submitted) throw AppError.conflict(t('exams.submitFirst'));
  await repo.insertDutyReport(s.db, e.tenantId, {
    id: newId(s.now),
    classId: e.classId,
    activityId: activity.id,
    classroomId: input.contentId,
    classStudentId: e.classStudentId,
    attemptId: submitted.id,
    dutyType: input.dutyType,
    deviceTime: input.currentTime,
    createdAt: s.now,
  });
  return { recorded: !!(await repo.findDutyReport(s.db, e.tenantId, activity.id, e.classStudentId, input.contentId, input.dutyType)) };
}

/**
 * The deadline sweep: submits, with the answers they have, open attempts of every school whose
 * deadline plus the grace has passed (at most `limit` a run). Safe on several instances at once:
 * each submission is taken once. Answers how many this run submitted.
 */
export async function sweepOverdueAttempts(s: Scope, limit = 200): Promise<number> {
  let submitted = 0;
  for (const a of await repo.listOverdue(s.db, overdueDeadlineBefore(s.now), limit)) {
    try {
      const work = await workById(s, { tenantId: a.tenantId, workId: a.workId ?? '' });
      if (work && (await submitOnce(s, a, work, 'deadline')).taken) submitted++;
    } catch (error) {
      // One attempt that cannot be submitted must not keep the others waiting; the next run retries it.
      s.logger.error('overdue attempt not submitted', { attemptId: a.id, error: errorStack(error) });
    }
  }
  return submitted;
}
