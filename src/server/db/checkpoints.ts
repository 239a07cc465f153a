import { sqliteWorker } from './sqlite-worker';

/**
 * SQLite's checkpoints off the request path (decisions 102 and 107). In WAL mode every commit appends its pages to the
 * WAL, and by default the commit that takes the WAL past 1,000 pages copies them all into the database file and syncs
 * both, on the thread that committed: the server's one event loop stops for 8–10 ms (every request waits), and an
 * exam hall's saves fill 1,000 pages a few times a second. Here a worker thread, on a connection of its own, copies
 * the WAL a few times a second (PASSIVE: it never waits for, or holds up, a reader or the writer), so the syncs run
 * beside the requests.
 *
 * SQLite writes the WAL from its beginning again only when a write begins while every page of it is already in the
 * database file. Under a steady stream of writes that never happens (each copy has new pages behind it), so once the
 * WAL is RESTART_PAGES long the worker asks for a pause: the process's statements wait (they queue for the one
 * connection; the event loop goes on), the worker copies the few pages written since its last copy, and the next
 * write starts the WAL again. The writer still checkpoints by itself past WRITER_CHECKPOINT_PAGES, should the worker
 * fall behind or stop: the WAL never grows without bound. Several processes on one file each run one; two at once
 * cost nothing (the second finds the checkpoint taken and returns).
 */

/** How often the worker copies the WAL into the database file: an exam hall's saves write about 1,300 pages in this time. */
const CHECKPOINT_EVERY_MS = 250;

/**
 * The WAL's length (16 MB) at which the worker asks for a pause to start it again. Each pause stops the statements for
 * one copy (5–40 ms in an exam hall, most of it the copy's syncs), so the longer the WAL may grow, the fewer pauses:
 * at 20,000 takers one about every second.
 */
const RESTART_PAGES = 4_000;

/** The longest the process's statements wait for the worker's last copy: past it they go on and the WAL grows. */
const PAUSE_LIMIT_MS = 1_000;

/**
 * The writer's own checkpoint, only should the worker fall this many pages (80 MB) behind: well past RESTART_PAGES and
 * what an overloaded server writes before its pause comes (a WAL of up to 9,900 pages was seen).
 */
export const WRITER_CHECKPOINT_PAGES = 20_000;

// The worker runs as a script (no module of the build to point at): the driver's path comes in its data.
// It asks for one pause at a time ('long'), and answers each 'copy' (sent while the process's statements wait) with
// the WAL's length and the pages now in the file ('copied'). A pause that did not start the WAL again (another
// process wrote, or read, meanwhile) is asked again only once the WAL is RESTART_PAGES longer: a shared file costs
// no more pauses than one process's. It opens only a file that is there: the caller made it before starting the worker,
// and a file removed since (a test's database dropped as soon as its server closed) is not made again, empty.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
} catch {
  parentPort.close();
}
if (db) {
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 0');
  let asked = false;
  let nextAsk = workerData.restartPages;
  let lastLog = 0;
  function copy() {
    try {
      return db.pragma('wal_checkpoint(PASSIVE)')[0];
    } catch (error) {
      // Another process's checkpoint holds the file this moment: the next turn copies what is left.
      if (error && error.code === 'SQLITE_BUSY') return undefined;
      clearInterval(timer);
      throw error;
    }
  }
  const timer = setInterval(() => {
    const result = copy();
    if (!result) return;
    // Shorter than at the last turn: the WAL started again.
    if (result.log < lastLog) nextAsk = workerData.restartPages;
    lastLog = result.log;
    if (!asked && result.log >= nextAsk) {
      asked = true;
      nextAsk = result.log + workerData.restartPages;
      parentPort.postMessage({ type: 'long', log: result.log });
    }
  }, workerData.everyMs);
  parentPort.on('message', (message) => {
    if (message.type === 'copy') {
      const result = copy();
      asked = false;
      parentPort.postMessage({ type: 'copied', id: message.id, log: result ? result.log : -1, checkpointed: result ? result.checkpointed : -1 });
      return;
    }
    clearInterval(timer);
    db.close();
    parentPort.close();
  });
}
`;

type FromWorker = { type: 'long'; log: number } | { type: 'copied'; id: number; log: number; checkpointed: number };

/** How a pause ended: every page of the WAL copied (the next write starts it again), some left, or no answer in time. */
export type PauseOutcome = 'copied' | 'partly' | 'timeout';

export interface BackgroundCheckpoints {
  /** Stops the worker (its connection closed when it is not in the middle of a copy); resolves once the thread has ended. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  /** The database file, already open in WAL mode by the caller. */
  file: string;
  /**
   * Runs `work` while the process's statements wait for it (holding the process's one connection, without blocking
   * the event loop). `work` never takes longer than PAUSE_LIMIT_MS.
   */
  whileStatementsWait: (work: () => Promise<void>) => Promise<void>;
  /** Why the worker stopped, should it fail: the writer's own checkpoints then keep the WAL bounded. */
  onError: (error: Error) => void;
  /** Each pause of the statements: how long they waited (ms) and how it ended (for the metrics). */
  onPause?: (ms: number, outcome: PauseOutcome) => void;
  /** Override for tests: the WAL's length at which it is started again. */
  restartPages?: number;
}

/** Starts the worker for the database file; the WAL starts again from its beginning each time it is `restartPages` long. */
export function checkpointInBackground({
  file,
  whileStatementsWait,
  onError,
  onPause = () => undefined,
  restartPages = RESTART_PAGES,
}: CheckpointOptions): BackgroundCheckpoints {
  const worker = sqliteWorker(WORKER_SOURCE, { file, everyMs: CHECKPOINT_EVERY_MS, restartPages });
  worker.on('error', onError);
  // Each pause's copy, by its number: a reply that comes after its pause gave up finds nobody waiting.
  const waiting = new Map<number, (outcome: PauseOutcome) => void>();
  let pauses = 0;
  const lastCopy = (): Promise<void> =>
    new Promise((resolve) => {
      const id = ++pauses;
      const began = performance.now();
      const done = (outcome: PauseOutcome) => {
        clearTimeout(limit);
        waiting.delete(id);
        onPause(performance.now() - began, outcome);
        resolve();
      };
      // Never what keeps a stopping process alive (the worker may have stopped before it answered).
      const limit = setTimeout(() => done('timeout'), PAUSE_LIMIT_MS).unref();
      waiting.set(id, done);
      worker.postMessage({ type: 'copy', id });
    });
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'copied') waiting.get(message.id)?.(message.log >= 0 && message.checkpointed === message.log ? 'copied' : 'partly');
    else whileStatementsWait(lastCopy).catch(onError);
  });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: () => {
      worker.postMessage({ type: 'stop' });
      return ended;
    },
  };
}
