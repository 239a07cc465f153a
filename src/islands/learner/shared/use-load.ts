import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/api/client';
import { t } from '~/lib/i18n/messages/common';
import { useEvent } from '~/islands/shared/use-event';

export type Load<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'error'; message: string };

/** The message to show for a failed call: the client's (系统繁忙 on network failure) or the server's. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : t('common.systemBusy');
}

/**
 * Runs `load` when `key` changes (null: not yet, e.g. before the session is known) and keeps the
 * last answer; an answer for an older key is dropped. `reload` asks again for the same key.
 * `first`: the answer for the first key, already at hand (a screen's first view, read in one call
 * with the rest of the screen): shown at once and not asked for; a reload or another key asks.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, first?: T): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>(first === undefined ? { state: 'loading' } : { state: 'done', data: first });
  const [round, setRound] = useState(0);
  // `load` is a new function on each render: it runs with the latest values but is not a reason to
  // ask again. A new key, or a reload (the next round), is.
  const run = useEvent(load);
  const request = key === null ? null : `${round}:${key}`;
  const answered = useRef(first === undefined ? null : request);
  useEffect(() => {
    if (request === null) return;
    // The first view's answer is this request's: nothing to ask. Any later request asks.
    if (request === answered.current) return;
    answered.current = null;
    let live = true;
    setResult({ state: 'loading' });
    run().then(
      (data) => live && setResult({ state: 'done', data }),
      (error: unknown) => live && setResult({ state: 'error', message: failureMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [request, run]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return [result, reload];
}
