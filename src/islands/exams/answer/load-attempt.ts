import { send, tryAgainAfter, ApiError } from '~/lib/api/client';
import { saveAnswers, startAttempt, xsktPaper, type AttemptState, type GivenAnswer, type WorkKind } from '~/lib/api/contracts/exams';
import { AnswerQueue } from '~/lib/exams/answer-queue';
import { openAnswerStore } from '~/lib/exams/answer-store';
import { adoptWriter, claimWriter } from '~/lib/exams/answer-writer';
import { syncOf, type Sync } from '~/lib/exams/countdown';
import { groupsOf, questionMapOf, type Group } from '~/lib/exams/paper';
import { isXskt, type WorkQuery } from '~/lib/exams/routes';
import { loadFirstView, loadPaper, refOf } from '../shared/load-work';
import type { ShownQuestion } from '../shared/QuestionView';

/** An attempt opened on this device: the paper, what the server kept, the queue of answers on their way. */
export interface Loaded {
  workId: string;
  title: string;
  xskt: boolean;
  xsktToken: string;
  groups: Group<ShownQuestion>[];
  attempt: AttemptState;
  queue: AnswerQueue;
  /** This tab's writer id (the tabs of the attempt tell each other what the server kept). */
  writerId: string;
  answers: Map<string, GivenAnswer>;
  sync: Sync | null;
  /** Monotonic time the screen opened (the bank's use_time). */
  openedAt: number;
}

export const monotonic = () => performance.now();
export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const refusalOf = (e: unknown) => (e instanceof ApiError && e.code !== null ? e.message : null);

export async function loadAttempt(kind: WorkKind, q: WorkQuery): Promise<Loaded> {
  // The work, its paper and the attempt in one call; a work of the external bank (known from the
  // address, or from the paper) reads the bank's paper before it starts the attempt.
  let sentAt = monotonic();
  const { workId, paper, attempt: started } = isXskt(q.sourceType) ? { ...(await loadPaper(kind, q)), attempt: null } : await loadFirstView(kind, q, 'answer');
  const ref = refOf(q);
  const xskt = isXskt(q.sourceType) || isXskt(paper.sourceType);
  let groups: Group<ShownQuestion>[];
  let title = paper.title;
  let xsktToken = '';
  if (xskt) {
    const bank = await send(xsktPaper, { ...ref, workId }, { silent: true });
    groups = groupsOf<ShownQuestion>(bank.xiongsongQuestionUnitCAResultVO.questionResultVOMap);
    title = bank.xiongsongQuestionUnitCAResultVO.title || title;
    xsktToken = bank.xsktUserToken;
  } else groups = groupsOf<ShownQuestion>(questionMapOf(paper));
  let attempt = started;
  if (!attempt) {
    sentAt = monotonic();
    attempt = await send(startAttempt, { ...ref, workId, activityId: q.activityId || undefined }, { silent: true });
  }
  const sync = attempt.remainingSeconds === null || xskt ? null : syncOf(attempt.remainingSeconds, sentAt, monotonic());
  const store = await openAnswerStore();
  const writer = await claimWriter();
  const queue = new AnswerQueue({
    store,
    attemptId: attempt.answerLogId,
    writer,
    adopt: (clientId) => adoptWriter(clientId),
    send: (answers) => send(saveAnswers, { ...ref, answers }, { silent: true }),
    refusalOf,
    tryAgainAfter,
    now: () => Date.now(),
    later: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
    keepOnly: xskt,
    isOnline: () => navigator.onLine,
  });
  const answers = await queue.load(attempt.answers);
  return { workId, title, xskt, xsktToken, groups, attempt, queue, writerId: writer.id, answers, sync, openedAt: monotonic() };
}
