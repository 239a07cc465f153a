import { useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import type { WorkKind } from '~/lib/api/contracts/exams';
import { answerables, countsOf, isAnswered, isGiven } from '~/lib/exams/paper';
import { startHref, type WorkQuery } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { Breadcrumb, MissingQuery } from '~/islands/learner/shared/Breadcrumb';
import { LoadError } from '~/islands/learner/shared/LoadError';
import { Skeleton } from '~/islands/learner/shared/Skeleton';
import { useLoad } from '~/islands/learner/shared/use-load';
import { useStudent } from '~/islands/learner/shared/use-student';
import type { CellState } from '../shared/AnswerCard';
import { Countdown, CountdownLine } from '../shared/Countdown';
import { PaperHeader } from '../shared/PaperHeader';
import { PaperScreen } from '../shared/PaperScreen';
import { isComplete, useWorkQuery } from '../shared/use-work-query';
import { HAND_IN_START, HandInDialogs, handInReducer, useHandIn, useLeave } from './hand-in';
import { loadAttempt, type Loaded } from './load-attempt';
import { SaveBanners } from './SaveBanners';
import { useAnswerSaving } from './use-answer-saving';
import { useAttemptClock, useOtherWriters } from './use-attempt-clock';
import { usePlace } from './use-place';

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

/**
 * The open attempt: the answers go through the device's queue (useAnswerSaving), the countdown
 * and the server's word on the attempt (useAttemptClock, useOtherWriters), the hand-in (useHandIn).
 */
function Answering({ kind, query, loaded, userId }: { kind: WorkKind; query: WorkQuery; loaded: Loaded; userId: string }) {
  const { groups, queue, workId, attempt, xskt } = loaded;
  /** Set from the moment the paper starts going in, or the attempt ended: read at once by every handler, so it is not state. */
  const handingIn = useRef(false);
  const [handIn, dispatch] = useReducer(handInReducer, HAND_IN_START);
  const { answers, onAnswer, flushNow } = useAnswerSaving(loaded, handingIn);
  const online = useOnline();
  const leave = useLeave(kind);
  const { submit, ended } = useHandIn({ kind, query, loaded, userId, answers, flushNow, handingIn, dispatch, leave });
  const { timed, remaining, recheck } = useAttemptClock({ loaded, query, handingIn, onTimeUp: () => void submit(true), onEnded: ended });
  useOtherWriters(loaded, recheck);
  const { place, open, move, first, last } = usePlace(groups, () => void flushNow());
  const counts = useMemo(() => countsOf(groups, answers), [groups, answers]);

  const stateOf = (gi: number, i: number): CellState => {
    const q = groups[gi]!.questions[i]!;
    const targets = answerables(q);
    // The bank's answers stay on the device until the submit: kept is all they can be.
    if (!xskt && targets.some((x) => queue.stateOf(x.id, isGiven(answers.get(x.id))) === 'pending')) return 'pending';
    if (targets.some((x) => queue.elsewhere.has(x.id))) return 'changed';
    return isAnswered(q, answers) ? 'saved' : 'none';
  };
  const showTime = timed && remaining !== null;

  return (
    <div className="min-w-0 space-y-4">
      <AnswerHeader title={loaded.title} remaining={showTime ? remaining : null} onBack={() => dispatch({ type: 'dialog', dialog: 'exit' })} />
      <SaveBanners groups={groups} queue={queue} online={online} xskt={xskt} submitting={handIn.submitting} remaining={remaining} />
      <PaperScreen
        groups={groups}
        place={place}
        answers={answers}
        onAnswer={onAnswer}
        counts={counts}
        onPrevious={first ? undefined : () => move(-1)}
        onNext={last ? undefined : () => move(1)}
        actions={
          <button
            type="button"
            disabled={handIn.submitting}
            onClick={() => dispatch({ type: 'dialog', dialog: 'submit' })}
            className="ml-auto rounded-lg bg-brand px-5 py-2 text-sm text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {t('exams.submit')}
          </button>
        }
        aside={
          showTime && (
            <div className="hidden rounded-xl border border-slate-200 bg-white p-4 lg:block">
              <Countdown remaining={remaining} total={attempt.totalSeconds} />
            </div>
          )
        }
        stateOf={stateOf}
        onOpen={open}
        legend={xskt ? ['saved', 'none'] : ['saved', 'pending', 'none', ...(queue.elsewhere.size ? (['changed'] as const) : [])]}
      />
      <HandInDialogs
        state={handIn}
        dispatch={dispatch}
        allAnswered={counts.answered === counts.total}
        pendingCount={queue.pendingCount}
        onExit={() => leave(startHref(kind, { ...query, workId }))}
        onSubmit={() => void submit(false)}
      />
    </div>
  );
}

/** The paper's title with the way back; on a phone it stays in view (with the time left) while the paper scrolls. */
function AnswerHeader({ title, remaining, onBack }: { title: string; remaining: number | null; onBack: () => void }) {
  return (
    <PaperHeader
      title={title}
      backLabel={t('exams.back')}
      onBack={onBack}
      className={
        'sticky top-0 z-30 -mx-4 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 ' +
        'sm:-mx-8 sm:px-8 lg:static lg:mx-0 lg:px-0 lg:pb-3 lg:pt-0'
      }
    >
      {remaining !== null && (
        <span className="lg:hidden">
          <CountdownLine remaining={remaining} />
        </span>
      )}
    </PaperHeader>
  );
}
