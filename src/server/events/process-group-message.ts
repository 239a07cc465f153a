// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only.

/**
 * A page change a worker process of one machine's server (PROCESSES > 1, http/process-group.ts)
 * sends its primary process, which hands it to every other worker: on SQLite the workers share one
 * database file and nothing else, so this is how a change reaches the others' render caches.
 */
export const PAGE_CHANGE_MESSAGE = 'portal:pageChange';

export interface PageChangeMessage {
  type: typeof PAGE_CHANGE_MESSAGE;
  /** The change as page-changes.ts encodes it, with the sending process's name. */
  payload: string;
}

export function isPageChangeMessage(message: unknown): message is PageChangeMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === PAGE_CHANGE_MESSAGE &&
    typeof (message as { payload?: unknown }).payload === 'string'
  );
}
