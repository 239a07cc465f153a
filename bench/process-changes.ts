// How long a change of public pages takes to reach another server process of the same machine on SQLite
// (PROCESSES=2: worker A's change goes to the primary process, which hands it to worker B; src/server/http/process-group.ts).
// tests/e2e/operations-processes.spec.ts checks that both processes' cached pages change; this measures the hand-over.
//
//   npx tsx bench/process-changes.ts      (npm run bench runs it)
//
// The primary is the server's own (runPrimary) with its two workers; each worker has the page change bus a server
// process has. A publishes changes one after the other (each sent once B heard the one before), then a burst at once;
// latency runs from A's publish to B's delivery, on the machine's clock (both processes read the same one).
// Goal: every change heard within a second, as between instances on PostgreSQL (bench/page-changes.ts).
import cluster from 'node:cluster';
import { createProcessGroupPageChangeBus } from '../src/server/events/page-change-bus';
import type { PageChange } from '../src/server/events/page-changes';
import { runPrimary } from '../src/server/http/process-group';
import { createLogger } from '../src/server/logger';
import { changeTimings, runChangeSeries } from './change-latency';

const PROCESSES = 2;
/** How long the whole run may take before the primary gives up (a worker that never answers). */
const RUN_TIMEOUT_MS = 60_000;

/** Messages between the bench's primary and its workers (beside the server's own page change messages). */
type BenchMessage = { type: 'bench:heard'; id: string; at: number } | { type: 'bench:sent'; id: string; at: number } | { type: 'bench:send'; id: string };

const isBench = (m: unknown): m is BenchMessage => typeof m === 'object' && m !== null && String((m as { type?: unknown }).type).startsWith('bench:');
/** The machine's clock in milliseconds with microseconds: the same in every process. */
const clock = () => performance.timeOrigin + performance.now();

if (cluster.isPrimary) {
  runPrimary({ processes: PROCESSES, metricsPort: 0, metricsHost: '127.0.0.1', metricsContentType: 'text/plain', announce: () => {} });
  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  await new Promise<void>((resolve) => cluster.on('online', () => workers().length === PROCESSES && resolve()));
  // Either worker sends; the other hears (a worker never hears its own changes through the primary).
  const [sender] = workers();

  const timings = changeTimings();
  cluster.on('message', (_worker, message: unknown) => {
    if (!isBench(message)) return;
    if (message.type === 'bench:sent') timings.sent(message.id, message.at);
    if (message.type === 'bench:heard') timings.heard(message.id, message.at);
  });
  const send = (id: string) => {
    const heard = timings.heardOf(id);
    sender!.send({ type: 'bench:send', id } satisfies BenchMessage);
    return heard;
  };
  const giveUp = setTimeout(() => {
    process.stderr.write(`bench/process-changes.ts: not done within ${RUN_TIMEOUT_MS} ms\n`);
    process.exit(1);
  }, RUN_TIMEOUT_MS);
  const met = await runChangeSeries('Page changes from process A to process B of one machine on SQLite', send, timings);
  clearTimeout(giveUp);
  // The primary stops its workers and exits 0 on SIGTERM (as the server's does); a missed goal exits 1 first.
  if (!met) process.exit(1);
  process.kill(process.pid, 'SIGTERM');
} else {
  const logger = createLogger('warn');
  const bus = createProcessGroupPageChangeBus(() => logger, process as Parameters<typeof createProcessGroupPageChangeBus>[1]);
  bus.subscribe((change: PageChange, where) => {
    if (where !== 'elsewhere') return;
    process.send?.({ type: 'bench:heard', id: change.schoolId ?? '', at: clock() } satisfies BenchMessage);
  });
  process.on('message', (message: unknown) => {
    if (!isBench(message) || message.type !== 'bench:send') return;
    process.send?.({ type: 'bench:sent', id: message.id, at: clock() } satisfies BenchMessage);
    void bus.publish({ schoolId: message.id, kinds: ['news'] });
  });
}
