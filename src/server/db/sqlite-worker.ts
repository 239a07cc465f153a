import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread over the SQLite file, running `source` as a script: the build has no module of its own to point a
 * worker at, so better-sqlite3's path comes in the worker's data as `driver`, beside `data`. Never what keeps a process
 * alive: it ends with the process (checkpoints.ts, read-worker.ts).
 */
export function sqliteWorker(source: string, data: Record<string, unknown>): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { driver, ...data } });
  worker.unref();
  return worker;
}
