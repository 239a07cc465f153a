import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import client from 'prom-client';
import { isPageChangeMessage } from '../events/process-group-message.ts';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only.

/**
 * Several server processes on one machine (PROCESSES > 1, docs/operations.md "Processes per
 * machine"): one Node process uses one core, so scripts/start.mjs becomes a primary process that
 * serves nothing itself and forks the workers, which share the port: each listens on its own
 * sockets there and the kernel spreads new connections over all of them (listen.ts, decision 082).
 * Each worker is an instance as on several machines: its own
 * database pool, render cache and timers; what must be shared is in the database (decision 061's
 * "several instances behave as one"). Two things go through the primary:
 * - page changes on SQLite (PostgreSQL's NOTIFY reaches every worker by itself): a worker's change
 *   is handed to every other worker, so their render caches drop the pages at once;
 * - the metrics: the primary adds up every worker's (prom-client's cluster registry) on METRICS_PORT,
 *   and a worker asked for /metrics with the token asks the primary for the same sum.
 */

const METRICS_REQUEST = 'portal:metricsRequest';
const METRICS_ANSWER = 'portal:metricsAnswer';
/** How long a worker waits for the primary's sum of the metrics. */
const METRICS_ANSWER_TIMEOUT_MS = 5_000;
/** A worker that dies again within this long of being forked is not forked again at once. */
const RESTART_BACKOFF_MS = 1_000;

interface Message {
  type?: unknown;
  id?: unknown;
  text?: unknown;
}

const typeOf = (message: unknown): unknown => (typeof message === 'object' && message !== null ? (message as Message).type : undefined);

type Say = (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

export interface PrimaryOptions {
  processes: number;
  /** METRICS_PORT and METRICS_HOST: the sum of every worker's metrics is served here (0: not served). */
  metricsPort: number;
  metricsHost: string;
  metricsContentType: string;
  announce: Say;
}

/**
 * The primary process: forks the workers, hands page changes and metrics requests between them,
 * forks a worker again when one dies unasked, and on SIGTERM or SIGINT passes the signal on (each
 * worker drains as a single server does) and exits once every worker has.
 */
export function runPrimary(options: PrimaryOptions): void {
  const aggregator = new client.AggregatorRegistry();
  let stopping = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    const forkedAt = Date.now();
    worker.on('message', (message: unknown) => {
      if (isPageChangeMessage(message)) {
        for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker && other.isConnected()) other.send(message);
      } else if (typeOf(message) === METRICS_REQUEST) {
        const id = (message as Message).id;
        aggregator.clusterMetrics().then(
          (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, text }),
          (error: unknown) => options.announce('error', 'metrics of the processes not gathered', { error: String(error) }),
        );
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          options.announce('info', 'stopped');
          process.exit(0);
        }
        return;
      }
      options.announce('error', 'a server process ended unasked; starting another', { pid: worker.process.pid, code, signal });
      setTimeout(fork, Math.max(0, RESTART_BACKOFF_MS - (Date.now() - forkedAt)));
    });
    return worker;
  };

  for (let i = 0; i < options.processes; i++) fork();
  options.announce('info', 'server processes started', { processes: options.processes });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (options.metricsPort) {
    const server = http.createServer((_req, res) => {
      aggregator.clusterMetrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': options.metricsContentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        () => res.writeHead(500).end(),
      );
    });
    server.listen(options.metricsPort, options.metricsHost, () =>
      options.announce('info', 'metrics served', { port: options.metricsPort, host: options.metricsHost, processes: options.processes }),
    );
    server.unref();
  }
}

/** In a worker: answers the primary's requests for this process's metrics (prom-client's cluster listener). */
export function shareMetricsWithPrimary(): void {
  new client.AggregatorRegistry();
}

/** In a worker: the sum of every worker's metrics, from the primary. */
export function metricsOfAllProcesses(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer with the metrics'));
    }, METRICS_ANSWER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (typeOf(message) !== METRICS_ANSWER || (message as Message).id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(String((message as Message).text));
    };
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}
