import { useEffect, useRef, useState, type RefObject } from 'react';
import { send } from '~/lib/api/client';
import { attemptState } from '~/lib/api/contracts/exams';
import { answerChannel } from '~/lib/exams/answer-broadcast';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { isUp, remainingAt, syncOf, timeEventsBy, type Sync } from '~/lib/exams/countdown';
import type { WorkQuery } from '~/lib/exams/routes';
import { useEvent } from '~/islands/shared/use-event';
import { refOf } from '../shared/load-work';
import { monotonic, type Loaded } from './load-attempt';

const TICK_MS = 1000;

interface ClockOptions {
  loaded: Loaded;
  query: WorkQuery;
  /** Set while the paper is being handed in: the clock then neither hands it in nor ends it. */
  handingIn: RefObject<boolean>;
  /** The time is up: hand the paper in. */
  onTimeUp: () => void;
  /** The server says the attempt is over (its status): submitted by the deadline or in another tab. */
  onEnded: (status: number) => void;
}

/**
 * The countdown: the server's time left, run on the monotonic clock, re-synced when the tab comes
 * back and at its time events. Also answers `recheck`: asks the server how the attempt stands (the
 * time left, or that it has been submitted) and takes the answers it holds.
 */
export function useAttemptClock({ loaded, query, handingIn, onTimeUp, onEnded }: ClockOptions) {
  const { attempt, queue, xskt } = loaded;
  const syncRef = useRef<Sync | null>(loaded.sync);
  const [remaining, setRemaining] = useState<number | null>(loaded.sync ? remainingAt(loaded.sync, monotonic()) : null);
  const timed = syncRef.current !== null && attempt.totalSeconds !== null;
  const timeUp = useEvent(onTimeUp);
  const tick = useEvent(() => {
    const sync = syncRef.current;
    if (!sync) return;
    const now = monotonic();
    setRemaining(remainingAt(sync, now));
    if (isUp(sync, now) && !handingIn.current) timeUp();
  });
  /** Time events already fired, and when the countdown started (monotonic ms). */
  const fired = useRef(0);
  const countdownFrom = useRef(monotonic());
  const recheck = useEvent(async () => {
    const sentAt = monotonic();
    try {
      const s = await send(attemptState, { ...refOf(query), answerLogId: attempt.answerLogId }, { silent: true });
      if (handingIn.current) return;
      if (s.status !== ATTEMPT_STATUS.ANSWERING) onEnded(s.status);
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
    }, TICK_MS);
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
  return { timed, remaining, recheck };
}

/**
 * What the server kept from this tab (decision 052): the attempt's other tabs of this browser are
 * told at once and show it. A save's answer also says when another tab or device last saved: when
 * that moved, this tab reads the attempt again (one read at a time), so a change made on another
 * device shows here after this tab's own next save, without a read after every save. A refused save
 * (time is up, or the attempt was submitted elsewhere): the server says what became of the attempt.
 */
export function useOtherWriters(loaded: Loaded, recheck: () => Promise<void>) {
  const { attempt, queue, xskt, writerId } = loaded;
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
    const channel = answerChannel(attempt.answerLogId, writerId, (answers) => queue.resync(answers));
    const offKept = queue.onKept((answers) => channel.tell(answers));
    const offOthers = queue.onOthersSaved(() => void recheckOnce());
    return () => {
      offKept();
      offOthers();
      channel.close();
    };
  }, [xskt, queue, attempt.answerLogId, writerId, recheckOnce]);
  const refused = queue.health.kind === 'refused';
  useEffect(() => {
    if (refused) void recheck();
  }, [refused, recheck]);
}
