import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's checkpoints off the request path (decision 102). In WAL mode every commit appends its pages to the WAL, and
 * by default the commit that takes the WAL past 1,000 pages copies them all into the database file and syncs both,
 * on the thread that committed: the server's one event loop stops for 8–10 ms (every request waits), and an exam
 * hall's saves fill 1,000 pages a few times a second. Here a worker thread, on a connection of its own, copies the WAL
 * a few times a second (PASSIVE: it never waits for, or holds up, a reader or the writer), so the syncs run beside the
 * requests. The writer still checkpoints by itself past WRITER_CHECKPOINT_PAGES, should the worker fall behind or
 * stop: the WAL never grows without bound. Several processes on one file each run one; two at once cost nothing
 * (the second finds the checkpoint taken and returns).
 */

/** How often the worker copies the WAL into the database file: an exam hall's saves write about 1,300 pages in this time. */
const CHECKPOINT_EVERY_MS = 250;

/** The writer's own checkpoint, only should the worker fall this many pages (40 MB) behind. */
export const WRITER_CHECKPOINT_PAGES = 10_000;

// The worker runs as a script (no module of the build to point at): the driver's path comes in its data.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Another process's checkpoint holds the file this moment: the next turn copies what is left.
    if (error && error.code === 'SQLITE_BUSY') return;
    clearInterval(timer);
    throw error;
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoints {
  /** Stops the worker (its connection closed when it is not in the middle of a copy). */
  stop(): void;
}

/**
 * Starts the worker for the database file `file` (already open in WAL mode by the caller). `onError` hears why it
 * stopped, should it fail: the writer's own checkpoints then keep the WAL bounded.
 */
export function checkpointInBackground(file: string, onError: (error: Error) => void): BackgroundCheckpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  // Never what keeps a process alive: it ends with the process.
  worker.unref();
  worker.on('error', onError);
  return {
    stop: () => worker.postMessage('stop'),
  };
}
