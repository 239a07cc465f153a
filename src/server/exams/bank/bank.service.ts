import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import type { SchoolRichText } from '../../rich-text-memo';
import { t } from '~/server/i18n';
import { ErrorCode } from '~/lib/envelope';
import {
  CHOICE_QUESTION_TYPES,
  QUESTION_TYPES,
  type Paper,
  type Question,
  type QuestionResult,
  type SubmitResult,
  type SubmitXskt,
  type WorkRef,
  type XsktPaper,
  type XsktQuestion,
} from '~/lib/api/contracts/exams';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { studentActivity } from '../../learning/activities/activities.service';
import { enrolledWork, isBankWork, workNotFound, type Work } from '../works/works.service';
import { assertBankSubmissionOpen, attemptResult, recordBankSubmission, studentAttempt } from '../attempts/attempts.service';
import { BankError, createBankClient, type BankMarking, type BankPaper, type QuestionBank } from './bank.provider';

/**
 * Works from the external question bank (sourceType 'xskt'): the paper and the student's bank
 * token come from the bank; the answers stay on the device
 * and are sent once, on submission, which the server forwards to the bank and records as the bank
 * marked it (once: a second submission answers the first one's result). The bank is reached only
 * from the server, at XSKT_BANK_URL.
 */

const unavailable = (key: 'exams.bankNotConfigured' | 'exams.bankFailed') => new AppError(ErrorCode.UNAVAILABLE, t(key));

function bankOf(s: Scope): QuestionBank {
  if (!s.config.XSKT_BANK_URL) throw unavailable('exams.bankNotConfigured');
  return createBankClient(s.config.XSKT_BANK_URL);
}

async function bankWork(s: Scope, input: WorkRef) {
  const found = await enrolledWork(s, input);
  if (!isBankWork(found.work)) throw AppError.badRequest(t('exams.notBankWork'));
  return found;
}

/** The bank's failures become one clear message; a token that is not the student's, its own. */
async function asking<T>(s: Scope, work: Work, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof BankError)) throw error;
    s.logger.warn('question bank failed', { requestId: s.requestId, workId: work.id, error: error.message });
    if (error.code === 401) throw AppError.badRequest(t('exams.bankTokenRequired'));
    throw unavailable('exams.bankFailed');
  }
}

/** The bank's HTML as the school's pages show rich text (decision 049): the bank's own pictures are not kept. */
const cleanQuestion = (q: XsktQuestion, clean: SchoolRichText): XsktQuestion => ({
  ...q,
  trunk: clean(q.trunk),
  questionContentVO: {
    content: q.questionContentVO.content,
    optionList: q.questionContentVO.optionList.map((o) => ({ key: o.key, value: clean(o.value) })),
  },
  readQuestionList: q.readQuestionList.map((x) => cleanQuestion(x, clean)),
});

/** The bank's paper of an external bank's work and the student's bank token. */
export async function xsktPaper(s: Scope, input: WorkRef): Promise<XsktPaper> {
  const { e, work } = await bankWork(s, input);
  const paper = await asking(s, work, () => bankOf(s).paper({ paperId: work.externalPaperId ?? '', tenantId: e.tenantId, userId: e.student.user.id }));
  const map: XsktPaper['xiongsongQuestionUnitCAResultVO']['questionResultVOMap'] = {};
  const clean = s.lookups.richText.forSchool(e.tenantId);
  for (const [type, list] of Object.entries(paper.questionResultVOMap)) map[type as keyof typeof map] = (list ?? []).map((q) => cleanQuestion(q, clean));
  return {
    xiongsongQuestionUnitCAResultVO: { title: paper.title || work.title, description: paper.description ?? work.description, questionResultVOMap: map },
    xsktUserToken: paper.userToken,
  };
}

/** A bank question as the review shows it: the bank's right answer and analysis as its key. */
function reviewed(q: XsktQuestion, paperId: string, marking: Map<string, BankMarking['results'][number]>, clean: SchoolRichText): Question {
  const result = marking.get(q.questions_id);
  const choice = CHOICE_QUESTION_TYPES.includes(q.questionType);
  const rightKeys = choice
    ? (result?.right_answer ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : [];
  const cleaned = cleanQuestion(q, clean);
  return {
    id: q.questions_id,
    questionType: q.questionType,
    questionUnitId: paperId,
    trunk: cleaned.trunk,
    examPoint: q.examPoint,
    markStatus: null,
    questionContentVO: {
      content: cleaned.questionContentVO.content,
      optionList: cleaned.questionContentVO.optionList.map((o) => ({ ...o, answer: rightKeys.includes(o.key) })),
    },
    questionAnswerVO: {
      content: choice ? null : (result?.right_answer ?? null),
      optionList: rightKeys,
      contentDesc: result?.analysis ? clean(result.analysis) : null,
    },
    readQuestionList: q.readQuestionList.map((x) => reviewed(x, paperId, marking, clean)),
  };
}

function reviewMap(paper: BankPaper, paperId: string, marking: BankMarking, clean: SchoolRichText): Paper['questionResultVOMap'] {
  const byId = new Map(marking.results.map((r) => [r.questions_id, r]));
  const map: Paper['questionResultVOMap'] = {};
  for (const type of QUESTION_TYPES) {
    const list = paper.questionResultVOMap[`${type}`];
    if (list?.length) map[`${type}`] = list.map((q) => reviewed(q, paperId, byId, clean));
  }
  return map;
}

function resultsOf(paper: BankPaper, marking: BankMarking): QuestionResult[] {
  const points = new Map<string, number>();
  const walk = (q: XsktQuestion) => {
    points.set(q.questions_id, q.examPoint);
    q.readQuestionList.forEach(walk);
  };
  for (const list of Object.values(paper.questionResultVOMap)) list?.forEach(walk);
  return marking.results.map((r) => ({
    questionId: r.questions_id,
    correct: r.is_right === 1,
    score: r.is_right === 1 ? (points.get(r.questions_id) ?? 0) : 0,
  }));
}

/** Submits an external bank's work: the answers go to the bank in one batch; its marking is kept. */
export async function submitXskt(s: Scope, input: SubmitXskt): Promise<SubmitResult> {
  const { e, work } = await bankWork(s, { ...input, workId: input.studentWorkId });
  if (input.classroomId !== work.classroomId || (input.courseId !== undefined && input.courseId !== work.courseId)) throw workNotFound();
  if (input.activityId !== undefined) {
    const activity = await studentActivity(s, e, input.activityId);
    if (!activity || activity.classroomId !== work.classroomId) throw AppError.notFound(t('learning.activityNotFound'));
  }
  const a = await studentAttempt(s, e, input.answerLogId);
  if (a.workId !== work.id) throw workNotFound();
  if (a.status !== ATTEMPT_STATUS.ANSWERING) return attemptResult(s, e, work, a);
  assertBankSubmissionOpen(s, work);
  // A question answered twice (the same questions_id) keeps its first answer; the bank gets each question once.
  const seen = new Set<string>();
  const userAnswerObjects = input.userAnswerObjects.filter((x) => !seen.has(x.questions_id) && !!seen.add(x.questions_id));
  const bank = bankOf(s);
  const paperId = work.externalPaperId ?? '';
  const who = { paperId, tenantId: e.tenantId, userId: e.student.user.id };
  // The paper is read again from the bank, not from the device: the review shows what the bank holds.
  const paper = await asking(s, work, () => bank.paper(who));
  const marking = await asking(s, work, () => bank.submit({ ...who, userToken: input.xsktUserToken, useTime: input.use_time, userAnswerObjects }));
  return recordBankSubmission(s, e, work, a, {
    useTime: input.use_time,
    answers: userAnswerObjects.map((x) => ({ questionId: x.questions_id, content: x.user_answer })),
    score: marking.score,
    results: resultsOf(paper, marking),
    bankPaper: reviewMap(paper, paperId, marking, s.lookups.richText.forSchool(e.tenantId)),
  });
}
