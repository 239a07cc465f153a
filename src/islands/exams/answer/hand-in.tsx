import { useEffect, useRef, type RefObject } from 'react';
import { send } from '~/lib/api/client';
import { reportDuty, submitHomework, submitTest, submitXskt, type GivenAnswer, type SubmitResult, type WorkKind } from '~/lib/api/contracts/exams';
import { dutyReportOf } from '~/lib/exams/duty';
import { answerables, isGiven } from '~/lib/exams/paper';
import { finishHref, type WorkQuery } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { sitePath } from '~/lib/navigation';
import { flashToast } from '~/lib/toast';
import { Confirm } from '~/islands/learner/interaction/Confirm';
import { Modal } from '~/islands/shared/Modal';
import { useEvent } from '~/islands/shared/use-event';
import { refOf } from '../shared/load-work';
import { monotonic, wait, type Loaded } from './load-attempt';

/** While time is up and answers are still on their way, the screen tries again this often. */
const AUTO_RETRY_MS = 3_000;
/** A paper handed in when the time is up is tried this many more times before the screen gives up. */
const AUTO_SUBMIT_RETRIES = 4;

export type Dialog = 'exit' | 'submit' | 'failed' | 'unsent' | null;

/** The hand-in's visible state: the dialog open, and whether the paper is on its way in. */
export interface HandInState {
  dialog: Dialog;
  submitting: boolean;
}

export type HandInAction = { type: 'dialog'; dialog: Dialog } | { type: 'submitting' } | { type: 'stopped'; dialog: 'failed' | 'unsent' };

export const HAND_IN_START: HandInState = { dialog: null, submitting: false };

export function handInReducer(state: HandInState, action: HandInAction): HandInState {
  switch (action.type) {
    case 'dialog':
      return { ...state, dialog: action.dialog };
    case 'submitting':
      return { dialog: null, submitting: true };
    case 'stopped':
      return { dialog: action.dialog, submitting: false };
  }
}

/**
 * Leaving the answering page: the page is replaced, so going back from the next page never lands on
 * it (it would open a new attempt). Homework: leaving the page otherwise asks first, so unsaved work
 * is not lost by accident.
 */
export function useLeave(kind: WorkKind) {
  const leaving = useRef(false);
  useEffect(() => {
    if (kind !== 'homework') return;
    const guard = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = t('exams.leaveGuard');
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [kind]);
  return (url: string) => {
    leaving.current = true;
    location.replace(sitePath(url));
  };
}

interface HandInOptions {
  kind: WorkKind;
  query: WorkQuery;
  loaded: Loaded;
  userId: string;
  answers: ReadonlyMap<string, GivenAnswer>;
  flushNow: () => Promise<boolean>;
  /** Set from the moment the paper starts going in (or the attempt ended): answers and the clock stop. */
  handingIn: RefObject<boolean>;
  dispatch: (action: HandInAction) => void;
  leave: (url: string) => void;
}

/**
 * Handing the paper in, by the student (`auto` false) or when the time is up (`auto` true): the
 * answers still on their way go first, then the paper, then the completion page. `ended`: the
 * server ended the attempt (by the deadline or in another tab).
 */
export function useHandIn({ kind, query, loaded, userId, answers, flushNow, handingIn, dispatch, leave }: HandInOptions) {
  const { queue, workId, attempt, xskt, groups } = loaded;
  const ref = refOf(query);

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
    if (handingIn.current) return;
    handingIn.current = true;
    dispatch({ type: 'submitting' });
    const stop = (dialog: 'failed' | 'unsent') => {
      handingIn.current = false;
      dispatch({ type: 'stopped', dialog });
    };
    if (!xskt) {
      let flushed = await flushNow();
      // Time is up: answers still on their way keep going out (the server takes them for a short grace) before the paper goes in.
      while (!flushed && auto && queue.health.kind !== 'refused') {
        await wait(AUTO_RETRY_MS);
        flushed = await flushNow();
      }
      if (!flushed && !auto) {
        stop('unsent');
        return;
      }
    }
    for (let tries = 0; ; tries++) {
      try {
        const result = await submitOnce();
        await finish(result);
        return;
      } catch {
        if (!auto || tries >= AUTO_SUBMIT_RETRIES) break;
        await wait(AUTO_RETRY_MS);
      }
    }
    stop('failed');
  };

  const ended = useEvent((status: number) => {
    if (handingIn.current) return;
    handingIn.current = true;
    flashToast(t('exams.ended'), 'warning');
    // What is still on this device goes first (kept as late answers, which the completion page
    // names); only what the server answered leaves the device.
    void flushNow()
      .then((flushed) => (flushed ? queue.forget() : undefined))
      .catch(() => undefined)
      .finally(() => leave(finishHref(kind, { ...query, workId }, status, attempt.answerLogId)));
  });

  return { submit, ended };
}

interface DialogsProps {
  state: HandInState;
  dispatch: (action: HandInAction) => void;
  /** Whether every question has an answer (the hand-in question says so). */
  allAnswered: boolean;
  pendingCount: number;
  onExit: () => void;
  onSubmit: () => void;
}

/** The answering page's dialogs: leave the paper, hand it in, the hand-in failed, answers not yet sent. */
export function HandInDialogs({ state, dispatch, allAnswered, pendingCount, onExit, onSubmit }: DialogsProps) {
  const close = () => dispatch({ type: 'dialog', dialog: null });
  return (
    <>
      <Confirm
        open={state.dialog === 'exit'}
        title={t('exams.exitTitle')}
        text={t('exams.exitText')}
        yes={t('common.confirm')}
        no={t('common.cancel')}
        onYes={onExit}
        onNo={close}
        onClose={close}
      />
      <Confirm
        open={state.dialog === 'submit'}
        title={t('exams.submitTitle')}
        text={allAnswered ? t('exams.confirmSubmit') : t('exams.confirmUnanswered')}
        yes={t('common.confirm')}
        no={t('common.cancel')}
        onYes={onSubmit}
        onNo={close}
        onClose={close}
        busy={state.submitting}
      />
      <Notice open={state.dialog === 'failed'} title={t('exams.submitFailedTitle')} text={t('exams.submitFailed')} onClose={close} />
      <Notice open={state.dialog === 'unsent'} title={t('common.tip')} text={t('exams.unsent', { n: pendingCount })} onClose={close} />
    </>
  );
}

function Notice({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onClose={onClose} width="w-[min(92vw,420px)]">
      <div className="space-y-4">
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
