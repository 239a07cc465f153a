import { useCallback, useEffect, useReducer, useRef } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';

/**
 * The state of a list screen in one reducer: the query asked for, what the server answered for it
 * (null while it loads), the refusal's message, and the row an action is running on. Asking a
 * new query (a filter, a page) or the same one again loads it; an answer to a query asked before
 * the latest is dropped, so a slow page never overwrites a newer one.
 */
export interface ListState<Q, P> {
  query: Q;
  /** Bumped by every ask, so asking the same query again loads it again and late answers are told apart. */
  asked: number;
  data: P | null;
  error: string | null;
  /** The id of the row whose action is running (its buttons are disabled), or null. */
  busy: string | null;
}

export type ListAction<Q, P> =
  | { type: 'ask'; query: Q }
  | { type: 'reload' }
  | { type: 'loaded'; asked: number; data: P }
  | { type: 'failed'; asked: number; error: string }
  | { type: 'set'; data: P }
  | { type: 'busy'; id: string | null };

export function listReducer<Q, P>(state: ListState<Q, P>, action: ListAction<Q, P>): ListState<Q, P> {
  switch (action.type) {
    case 'ask':
      return { ...state, query: action.query, asked: state.asked + 1, error: null };
    case 'reload':
      return { ...state, asked: state.asked + 1, error: null };
    case 'loaded':
      return action.asked === state.asked ? { ...state, data: action.data, error: null } : state;
    case 'failed':
      return action.asked === state.asked ? { ...state, error: action.error } : state;
    case 'set':
      return { ...state, data: action.data };
    case 'busy':
      return { ...state, busy: action.id };
  }
}

/** The words of a failure as people read them: the server's refusal, else that the system is busy. */
export const failureText = (e: unknown) => (e instanceof Error ? e.message : t('common.systemBusy'));
/** Says a failure in a toast. */
export const toastFailure = (e: unknown) => toast(failureText(e), 'error');

/** One action on a row: asked to confirm first when `confirm` is given, said in a toast when done or refused. */
export interface RowRun<R> {
  run: () => Promise<R>;
  /** The question asked before running it; no: nothing is done. */
  confirm?: string;
  /** The confirmation dialog's title, when not the default. */
  confirmTitle?: string;
  /** Said when it is done. */
  done?: string;
  /** What follows success: by default the list loads again; given, this runs instead (e.g. put the changed row in place). */
  onDone?: (result: R) => void;
  /** Load the list again after a refusal too (the row may have changed on the server). */
  reloadOnFailure?: boolean;
}

/**
 * A list screen's state and what can be done to it: load a query through `load` (the staff api),
 * ask another (`go`), load again, replace the answer or one row, and run a row's action with its
 * confirmation and toast (`act`). Used for paged lists (Page<T>) and whole lists alike.
 */
export function useListScreen<Q, P>(load: (q: Q) => Promise<P>, initial: Q) {
  const [state, dispatch] = useReducer(listReducer<Q, P>, { query: initial, asked: 0, data: null, error: null, busy: null });
  const latest = useRef(load);
  latest.current = load;
  const { query, asked } = state;
  useEffect(() => {
    latest.current(query).then(
      (data) => dispatch({ type: 'loaded', asked, data }),
      (e: unknown) => dispatch({ type: 'failed', asked, error: failureText(e) }),
    );
  }, [query, asked]);

  const go = useCallback((next: Q) => dispatch({ type: 'ask', query: next }), []);
  const reload = useCallback(() => dispatch({ type: 'reload' }), []);
  const set = useCallback((data: P) => dispatch({ type: 'set', data }), []);

  /** Runs a row's action; false when it was not confirmed (nothing was asked of the server). */
  async function act<R>(id: string, a: RowRun<R>): Promise<boolean> {
    if (a.confirm !== undefined && !(await confirmDialog(a.confirm, a.confirmTitle))) return false;
    dispatch({ type: 'busy', id });
    try {
      const result = await a.run();
      if (a.done) toast(a.done, 'success');
      if (a.onDone) a.onDone(result);
      else reload();
    } catch (e) {
      toastFailure(e);
      if (a.reloadOnFailure) reload();
    } finally {
      dispatch({ type: 'busy', id: null });
    }
    return true;
  }

  return { query: state.query, data: state.data, error: state.error, busy: state.busy, go, reload, set, act };
}

export type ListScreen<Q, P> = ReturnType<typeof useListScreen<Q, P>>;

/** A page of rows with one row put in place of the row with its id. */
export function withRow<T extends { id: string }, P extends { records: T[] }>(page: P, row: T): P {
  return { ...page, records: page.records.map((r) => (r.id === row.id ? row : r)) };
}
