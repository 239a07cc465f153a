import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useEvent } from '~/islands/shared/use-event';
import { ApiError, send, tryAgainAfter } from '~/lib/api/client';
import {
  attemptState,
  CHOICE_QUESTION_TYPES,
  reportDuty,
  saveAnswers,
  startAttempt,
  submitHomework,
  submitTest,
  submitXskt,
  xsktPaper,
  type AttemptState,
  type GivenAnswer,
  type SubmitResult,
  type WorkKind,
} from '~/lib/api/contracts/exams';
import { answerChannel } from '~/lib/exams/answer-broadcast';
import { AnswerQueue } from '~/lib/exams/answer-queue';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { openAnswerStore } from '~/lib/exams/answer-store';
import { adoptWriter, claimWriter } from '~/lib/exams/answer-writer';
import { isUp, remainingAt, syncOf, timeEventsBy, type Sync } from '~/lib/exams/countdown';
import { dutyReportOf } from '~/lib/exams/duty';
import { answerables, countsOf, groupsOf, isAnswered, isGiven, placesOfIds, questionMapOf, sameAnswer, step, type Group, type Place } from '~/lib/exams/paper';
import { finishHref, isXskt, startHref, type WorkQuery } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { sitePath } from '~/lib/navigation';
import { flashToast, toast } from '~/lib/toast';
import { Confirm } from '~/islands/learner/interaction/Confirm';
import { Modal } from '~/islands/shared/Modal';
import { Breadcrumb, MissingQuery } from '~/islands/learner/shared/Breadcrumb';
import { LoadError } from '~/islands/learner/shared/LoadError';
import { Skeleton } from '~/islands/learner/shared/Skeleton';
import { useLoad } from '~/islands/learner/shared/use-load';
import { useStudent } from '~/islands/learner/shared/use-student';
import { AnswerCard, type CellState } from '../shared/AnswerCard';
import { Countdown, CountdownLine } from '../shared/Countdown';
import { loadPaper, refOf } from '../shared/load-work';
import type { ShownQuestion } from '../shared/QuestionView';
import { QuestionPanel } from '../shared/QuestionPanel';
import { isComplete, useWorkQuery } from '../shared/use-work-query';
import { EmptyPaper } from '../shared/QuestionHeading';

/** A typed answer is sent this long after the last keystroke; a choice at once. */
const TYPING_PAUSE_MS = 800;
/** While time is up and answers are still on their way, the screen tries again this often. */
const AUTO_RETRY_MS = 3_000;

interface Loaded {
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

const monotonic = () => performance.now();
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const refusalOf = (e: unknown) => (e instanceof ApiError && e.code !== null ? e.message : null);

async function loadAttempt(kind: WorkKind, q: WorkQuery): Promise<Loaded> {
  const { workId, paper } = await loadPaper(kind, q);
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
  const sentAt = monotonic();
  const attempt = await send(startAttempt, { ...ref, workId, activityId: q.activityId || undefined }, { silent: true });
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

/**
 * The answering screen (/study/homework/answer, /study/test/answer; issue 13): the question card,
 * the answer card, the countdown by the server's time, and
 * every answer kept on the device until the server has it.
 */
export default function AnswerIsland({ kind }: { kind: WorkKind }) {
  const user = useStudent();
  const query = useWorkQuery();
  const complete = !!query && isComplete(query);
  const key = user && query && complete ? `${user.userId}:${JSON.stringify(query)}` : null;
  const [load, reload] = useLoad<Loaded>(key, () => loadAttempt(kind, query!));
  const name = t(kind === 'homework' ? 'exams.homework' : 'exams.test');
  if (!user || !query) return <Skeleton rows={4} />;
  if (!complete) return <MissingQuery crumbs={<Breadcrumb current={name} classId={query.classId} />} text={t('exams.noQuery')} />;
  if (load.state === 'loading') return <Skeleton rows={4} />;
  if (load.state === 'error')
    return (
      <>
        <Breadcrumb current={name} classId={query.classId} />
        <LoadError message={load.message} onRetry={reload} />
      </>
    );
  return <Answering kind={kind} query={query} loaded={load.data} userId={user.userId} />;
}

type Dialog = 'exit' | 'submit' | 'failed' | 'unsent' | null;

function useOnline(): boolean {
  return useSyncExternalStore(
    (fn) => {
      window.addEventListener('online', fn);
      window.addEventListener('offline', fn);
      return () => {
        window.removeEventListener('online', fn);
        window.removeEventListener('offline', fn);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

function Answering({ kind, query, loaded, userId }: { kind: WorkKind; query: WorkQuery; loaded: Loaded; userId: string }) {
  const { groups, queue, workId, attempt, xskt } = loaded;
  const ref = refOf(query);
  const [answers, setAnswers] = useState(loaded.answers);
  const [place, setPlace] = useState<Place>({ group: 0, index: 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const leavingRef = useRef(false);
  const syncRef = useRef<Sync | null>(loaded.sync);
  const [remaining, setRemaining] = useState<number | null>(loaded.sync ? remainingAt(loaded.sync, monotonic()) : null);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const online = useOnline();
  const [, setVersion] = useState(0);
  useEffect(() => queue.subscribe(() => setVersion((v) => v + 1)), [queue]);
  // Another tab or device changed an answer (or a closed tab left one here): the screen shows it.
  useEffect(() => queue.onReplace((questionId, answer) => setAnswers((m) => new Map(m).set(questionId, answer))), [queue]);

  const current = groups[place.group]?.questions[place.index];
  const counts = useMemo(() => countsOf(groups, answers), [groups, answers]);
  const timed = syncRef.current !== null && attempt.totalSeconds !== null;

  const flushNow = useCallback(() => {
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = null;
    return queue.flush();
  }, [queue]);

  const sendSoon = (ms: number) => {
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = setTimeout(() => void flushNow(), ms);
  };

  // Answers kept from an earlier visit go to the server as soon as the screen opens.
  useEffect(() => {
    void flushNow();
    const back = () => void queue.retryNow();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [queue, flushNow]);

  const onAnswer = (question: ShownQuestion, answer: GivenAnswer) => {
    if (submittingRef.current) return;
    const before = answers.get(question.id);
    if (sameAnswer(before, answer)) return;
    setAnswers((m) => new Map(m).set(question.id, answer));
    // An answer is queued only when it has text or a chosen option. Taking back an
    // answer the server may already hold is queued too, or a reload would bring the old one back.
    if (!isGiven(answer) && !isGiven(before)) return;
    const choice = CHOICE_QUESTION_TYPES.includes(question.questionType);
    void queue.change(question.id, question.questionUnitId ?? '', workId, answer).then(() => {
      if (!xskt) sendSoon(choice ? 0 : TYPING_PAUSE_MS);
    });
  };

  const open = (to: Place) => {
    // Moving saves the current answer first; a failed save is retried by the queue, not shown here.
    void flushNow();
    setPlace(to);
  };

  const move = (by: -1 | 1) => {
    const to = step(groups, place, by);
    if (!to) {
      toast(t(by < 0 ? 'exams.first' : 'exams.last'), 'warning');
      return;
    }
    open(to);
  };

  // The answering page is replaced, so going back from the next page never lands on it (it would open a new attempt).
  const leave = (url: string) => {
    leavingRef.current = true;
    location.replace(sitePath(url));
  };

  const finish = async (result: SubmitResult) => {
    if (query.activityId) await send(reportDuty, dutyReportOf(query, attempt.activity, userId), { silent: true }).catch(() => undefined);
    await queue.forget();
    leave(finishHref(kind, { ...query, workId }, result.status, result.answerLogId));
  };

  const submitOnce = async (): Promise<SubmitResult> => {
    if (xskt) {
      const userAnswerObjects = groups
        .flatMap((g) => g.questions.flatMap((q) => answerables(q)))
        .filter((q) => isGiven(answers.get(q.id)))
        .map((q) => {
          const a = answers.get(q.id)!;
          return { questions_id: q.questions_id ?? q.id, user_answer: a.optionList.length ? a.optionList.join(',') : (a.content ?? '') };
        });
      return send(
        submitXskt,
        {
          ...ref,
          studentWorkId: workId,
          activityId: query.activityId || undefined,
          classroomId: query.classroomId,
          courseId: query.courseId || undefined,
          answerLogId: attempt.answerLogId,
          use_time: Math.max(0, Math.round((monotonic() - loaded.openedAt) / 1000)),
          userAnswerObjects,
          xsktUserToken: loaded.xsktToken,
        },
        { silent: true },
      );
    }
    return kind === 'homework'
      ? send(submitHomework, { ...ref, studentWorkId: workId, answerLogId: attempt.answerLogId }, { silent: true })
      : send(submitTest, { ...ref, testId: workId, answerLogId: attempt.answerLogId }, { silent: true });
  };

  const submit = async (auto: boolean) => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setDialog(null);
    const back = () => {
      submittingRef.current = false;
      setSubmitting(false);
    };
    if (!xskt) {
      let flushed = await flushNow();
      // Time is up: answers still on their way keep going out (the server takes them for a short grace) before the paper goes in.
      while (!flushed && auto && queue.health.kind !== 'refused') {
        await wait(AUTO_RETRY_MS);
        flushed = await flushNow();
      }
      if (!flushed && !auto) {
        back();
        setDialog('unsent');
        return;
      }
    }
    for (let tries = 0; ; tries++) {
      try {
        const result = await submitOnce();
        await finish(result);
        return;
      } catch {
        if (!auto || tries >= 4) break;
        await wait(AUTO_RETRY_MS);
      }
    }
    back();
    setDialog('failed');
  };

  // The countdown: the server's time left, run on the monotonic clock, re-synced when the tab comes back and at its time events.
  const ended = useEvent((status: number) => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    flashToast(t('exams.ended'), 'warning');
    // What is still on this device goes first (kept as late answers, which the completion page
    // names); only what the server answered leaves the device.
    void flushNow()
      .then((flushed) => (flushed ? queue.forget() : undefined))
      .catch(() => undefined)
      .finally(() => leave(finishHref(kind, { ...query, workId }, status, attempt.answerLogId)));
  });
  const submitNow = useEvent(submit);
  const tick = useEvent(() => {
    const sync = syncRef.current;
    if (!sync) return;
    const now = monotonic();
    setRemaining(remainingAt(sync, now));
    if (isUp(sync, now) && !submittingRef.current) void submitNow(true);
  });
  /** Time events already fired, and when the countdown started (monotonic ms). */
  const fired = useRef(0);
  const countdownFrom = useRef(monotonic());
  /** Asks the server how the attempt stands: the time left, or that it has been submitted (by the deadline, or in another tab). */
  const recheck = useEvent(async () => {
    const sentAt = monotonic();
    try {
      const s = await send(attemptState, { ...ref, answerLogId: attempt.answerLogId }, { silent: true });
      if (submittingRef.current) return;
      if (s.status !== ATTEMPT_STATUS.ANSWERING) ended(s.status);
      else {
        queue.resync(s.answers);
        if (s.remainingSeconds !== null && syncRef.current) {
          syncRef.current = syncOf(s.remainingSeconds, sentAt, monotonic());
          tick();
        }
      }
    } catch {
      // Offline: the count goes on by the monotonic clock until the next answer.
    }
  });
  useEffect(() => {
    if (!timed) return;
    const ticker = setInterval(() => {
      tick();
      const due = timeEventsBy((monotonic() - countdownFrom.current) / 1000);
      if (due > fired.current) {
        fired.current = due;
        void recheck();
      }
    }, 1000);
    return () => clearInterval(ticker);
  }, [timed, tick, recheck]);
  // Back in view: the time left and the answers other tabs or devices may have changed meanwhile.
  useEffect(() => {
    if (xskt) return;
    const visible = () => document.visibilityState === 'visible' && void recheck();
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('focus', visible);
    return () => {
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('focus', visible);
    };
  }, [xskt, recheck]);
  // What the server kept from this tab (decision 052): the attempt's other tabs of this browser are
  // told at once and show it. A save's answer also says when another tab or device last saved: when
  // that moved, this tab reads the attempt again (one read at a time), so a change made on another
  // device shows here after this tab's own next save, without a read after every save.
  const rechecking = useRef(false);
  const recheckOnce = useEvent(async () => {
    if (rechecking.current) return;
    rechecking.current = true;
    await recheck().finally(() => {
      rechecking.current = false;
    });
  });
  useEffect(() => {
    if (xskt) return;
    const channel = answerChannel(attempt.answerLogId, loaded.writerId, (answers) => queue.resync(answers));
    const offKept = queue.onKept((answers) => channel.tell(answers));
    const offOthers = queue.onOthersSaved(() => void recheckOnce());
    return () => {
      offKept();
      offOthers();
      channel.close();
    };
  }, [xskt, queue, attempt.answerLogId, loaded.writerId, recheckOnce]);
  // A refused save (time is up, or the attempt was submitted elsewhere): the server says what became of the attempt.
  const refused = queue.health.kind === 'refused';
  useEffect(() => {
    if (refused) void recheck();
  }, [refused, recheck]);

  // Homework: leaving the page before submitting asks first, so unsaved work is not lost by accident.
  useEffect(() => {
    if (kind !== 'homework') return;
    const guard = (e: BeforeUnloadEvent) => {
      if (leavingRef.current) return;
      e.preventDefault();
      e.returnValue = t('exams.leaveGuard');
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [kind]);

  // Arrow keys move between questions outside the answer fields (and say when there is no further question).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || el?.closest('input, textarea, select, [contenteditable], dialog')) return;
      if (e.key === 'ArrowLeft') move(-1);
      else if (e.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stateOf = (gi: number, i: number): CellState => {
    const q = groups[gi]!.questions[i]!;
    const targets = answerables(q);
    // The bank's answers stay on the device until the submit: kept is all they can be.
    if (!xskt && targets.some((x) => queue.stateOf(x.id, isGiven(answers.get(x.id))) === 'pending')) return 'pending';
    if (targets.some((x) => queue.elsewhere.has(x.id))) return 'changed';
    return isAnswered(q, answers) ? 'saved' : 'none';
  };
  const placesText = (ids: ReadonlySet<string>) =>
    placesOfIds(groups, ids)
      .map((p) => t(p.sub === null ? 'exams.place' : 'exams.placeSub', { type: t(`exams.type.${p.type}`), n: p.n, m: p.sub ?? 0 }))
      .join(t('exams.listJoin'));
  const elsewhere = queue.elsewhere.size ? t('exams.changedElsewhere', { questions: placesText(queue.elsewhere) }) : null;
  const late = queue.late.size ? t('exams.lateAnswers', { questions: placesText(queue.late) }) : null;

  const health = queue.health;
  const banner =
    health.kind === 'refused'
      ? t('exams.refused', { message: health.message })
      : !online && !xskt
        ? t('exams.offline')
        : health.kind === 'failing' && queue.pendingCount > 0
          ? t(online ? 'exams.failing' : 'exams.offline')
          : null;
  const first = !step(groups, place, -1);
  const last = !step(groups, place, 1);
  const group = groups[place.group];

  return (
    <div className="min-w-0 space-y-4">
      {/* On a phone the header (with the time left) stays in view while the paper scrolls. */}
      <header
        className={
          'sticky top-0 z-30 -mx-4 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 ' +
          'sm:-mx-8 sm:px-8 lg:static lg:mx-0 lg:px-0 lg:pb-3 lg:pt-0'
        }
      >
        <button
          type="button"
          aria-label={t('exams.back')}
          onClick={() => setDialog('exit')}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">←</span>
        </button>
        <h1 className="min-w-0 flex-1 break-words text-lg font-semibold text-ink">{loaded.title}</h1>
        {timed && remaining !== null && (
          <span className="lg:hidden">
            <CountdownLine remaining={remaining} />
          </span>
        )}
      </header>
      {banner && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {banner}
        </p>
      )}
      {elsewhere && (
        <p role="alert" className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
          {elsewhere}
        </p>
      )}
      {late && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {late}
        </p>
      )}
      {submitting && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {remaining === 0 ? t('exams.autoSubmit') : t('exams.submitting')}
        </p>
      )}
      {!current || !group ? (
        <EmptyPaper />
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <QuestionPanel
            group={group}
            index={place.index}
            question={current}
            answers={answers}
            onAnswer={onAnswer}
            counts={counts}
            onPrevious={first ? undefined : () => move(-1)}
            onNext={last ? undefined : () => move(1)}
            actions={
              <button
                type="button"
                disabled={submitting}
                onClick={() => setDialog('submit')}
                className="ml-auto rounded-lg bg-brand px-5 py-2 text-sm text-white hover:bg-brand-dark disabled:opacity-60"
              >
                {t('exams.submit')}
              </button>
            }
          />
          <aside className="min-w-0 space-y-4">
            {timed && remaining !== null && (
              <div className="hidden rounded-xl border border-slate-200 bg-white p-4 lg:block">
                <Countdown remaining={remaining} total={attempt.totalSeconds} />
              </div>
            )}
            <AnswerCard
              groups={groups}
              current={place}
              stateOf={stateOf}
              onOpen={open}
              legend={xskt ? ['saved', 'none'] : ['saved', 'pending', 'none', ...(queue.elsewhere.size ? (['changed'] as const) : [])]}
            />
          </aside>
        </div>
      )}
      <Confirm
        open={dialog === 'exit'}
        title={t('exams.exitTitle')}
        text={t('exams.exitText')}
        yes={t('common.confirm')}
        no={t('common.cancel')}
        onYes={() => leave(startHref(kind, { ...query, workId }))}
        onNo={() => setDialog(null)}
        onClose={() => setDialog(null)}
      />
      <Confirm
        open={dialog === 'submit'}
        title={t('exams.submitTitle')}
        text={counts.answered !== counts.total ? t('exams.confirmUnanswered') : t('exams.confirmSubmit')}
        yes={t('common.confirm')}
        no={t('common.cancel')}
        onYes={() => void submit(false)}
        onNo={() => setDialog(null)}
        onClose={() => setDialog(null)}
        busy={submitting}
      />
      <Notice open={dialog === 'failed'} title={t('exams.submitFailedTitle')} text={t('exams.submitFailed')} onClose={() => setDialog(null)} />
      <Notice open={dialog === 'unsent'} title={t('common.tip')} text={t('exams.unsent', { n: queue.pendingCount })} onClose={() => setDialog(null)} />
    </div>
  );
}

function Notice({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onClose={onClose} width="w-[min(92vw,420px)]">
      <div className="space-y-4 p-4">
        <p role="alert" className="text-sm text-slate-700">
          {text}
        </p>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90">
            {t('common.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
