import client from 'prom-client';
import type { PauseOutcome } from './db/checkpoints';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only. prom-client stays a package of node_modules in both, so they share its
// one default registry.

/**
 * The portal's metrics in Prometheus's format, served by scripts/start.mjs on METRICS_PORT or at
 * /metrics with METRICS_TOKEN. Requests are counted by route (an API call's path template or a
 * page's pattern) and status, which also gives answer saves and progress reports by their calls.
 *
 * Every metric is registered when the process starts (registerMetrics), and every series whose
 * labels are known beforehand starts at 0: a dashboard or an alert sees "none yet", not "no such
 * series", and rate() counts the first event. Series labelled by route and status appear with the
 * first answer of that route and status (their label values are not known beforehand).
 */

const { register } = client;

type Labels<L extends string> = Partial<Record<L, string>>;

function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = [], zero: readonly Labels<L>[] = []): client.Counter<L> {
  const found = register.getSingleMetric(name) as client.Counter<L> | undefined;
  if (found) return found;
  const made = new client.Counter<L>({ name, help, labelNames: [...labelNames] });
  for (const labels of zero) made.inc(labels, 0);
  return made;
}

/** A counter of one label whose values are all known beforehand: each of its series starts at 0. */
function labelledCounter<L extends string>(name: string, help: string, label: L, values: readonly string[]): client.Counter<L> {
  // Looked up before its zero series are listed: every count of a request goes through here.
  const found = register.getSingleMetric(name) as client.Counter<L> | undefined;
  if (found) return found;
  return counter(
    name,
    help,
    [label],
    values.map((value) => ({ [label]: value }) as Labels<L>),
  );
}

/** A gauge read at the scrape by `collect`; made anew when watched again (a reopened pool is the one read). */
function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (g: client.Gauge<L>) => void | Promise<void>,
): client.Gauge<L> {
  const found = register.getSingleMetric(name) as client.Gauge<L> | undefined;
  if (found && !collect) return found;
  if (found) register.removeSingleMetric(name);
  return new client.Gauge<L>({
    name,
    help,
    labelNames: [...labelNames],
    ...(collect
      ? {
          collect(this: client.Gauge<L>) {
            return collect(this);
          },
        }
      : {}),
  });
}

/** A histogram with its buckets (seconds), registered once: a second call returns the one registered. */
function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: readonly number[]): client.Histogram<L> {
  const found = register.getSingleMetric(name) as client.Histogram<L> | undefined;
  return found ?? new client.Histogram<L>({ name, help, labelNames: [...labelNames], buckets: [...buckets] });
}

const RENDER_CACHE_RESULTS = ['hit', 'stale', 'miss'] as const;
/** Why the server gave up on a connection before any route saw a request (gate.ts, clientErrorKind). */
export const CLIENT_ERROR_KINDS = ['timeout', 'headers_too_large', 'unreadable', 'reset'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
const SWEEP_OUTCOMES = ['ok', 'failed'] as const;
const POOL_STATES = ['in_use', 'idle', 'waiting'] as const;
type PoolState = (typeof POOL_STATES)[number];
/** What a job's run came to: done, failed and queued to run again, or failed for good. */
export const JOB_RUN_OUTCOMES = ['done', 'retried', 'failed'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];
/** Request durations (seconds): from a render-cache hit to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = () => counter('portal_http_requests_total', 'Answers by route, method and status.', ['route', 'method', 'status']);
const durations = () => histogram('portal_http_request_duration_seconds', 'Time to answer, by route and method.', ['route', 'method'], DURATION_BUCKETS);
const renderCache = () => labelledCounter('portal_render_cache_total', 'Render cache look-ups by result.', 'result', RENDER_CACHE_RESULTS);
const clientErrors = () =>
  labelledCounter('portal_http_client_errors_total', 'Connections the server gave up on before any route, by kind.', 'kind', CLIENT_ERROR_KINDS);
const sweepRuns = () => labelledCounter('portal_exam_sweep_runs_total', 'Deadline sweep runs by outcome.', 'outcome', SWEEP_OUTCOMES);
const sweepSubmitted = () => counter('portal_exam_sweep_submitted_total', 'Overdue attempts the sweep submitted.');
const slowQueries = () => counter('portal_db_slow_queries_total', 'Statements slower than SLOW_QUERY_MS.');
/** How long SQLite's statements waited while the WAL was started again (seconds): a copy's syncs, up to its 1 s limit. */
const WAL_PAUSE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const walPauses = () =>
  histogram(
    'portal_db_wal_pause_seconds',
    'SQLite: pauses of the statements while the WAL is started again, by outcome (copied, partly, timeout).',
    ['outcome'],
    WAL_PAUSE_BUCKETS,
  );
const PASSWORD_CHECK_RESULTS = ['match', 'mismatch'] as const;
const passwordChecks = () =>
  labelledCounter('portal_password_checks_total', 'Password checks (scrypt) by result; an unknown account is checked too.', 'result', PASSWORD_CHECK_RESULTS);
const jobRuns = () => counter('portal_job_runs_total', 'Job runs of this instance by kind and outcome (retried and failed are failures).', ['kind', 'outcome']);

const POOL_GAUGE = ['portal_db_pool_connections', 'Database pool connections by state (PostgreSQL).'] as const;
const JOBS_GAUGE = ['portal_jobs', 'Jobs queued, running or failed, by kind and state (read from the database at the scrape).'] as const;
const OLDEST_DUE_GAUGE = [
  'portal_jobs_oldest_due_seconds',
  'How long the longest-waiting due job of each kind has waited past its time (0: none is due; read from the database at the scrape).',
] as const;

/**
 * Registers every metric of the portal (once per process; again is harmless), with the process
 * metrics (CPU, memory, event-loop lag). The gauges read from a resource (the database pool, the
 * jobs table) get their reading when the server that owns it is made (watchPool, watchJobQueue).
 */
export function registerMetrics(): void {
  requests();
  durations();
  renderCache();
  clientErrors();
  sweepRuns();
  sweepSubmitted();
  slowQueries();
  walPauses();
  jobRuns();
  passwordChecks();
  pageChanges();
  cdnPurges();
  gauge(POOL_GAUGE[0], POOL_GAUGE[1], ['state']);
  gauge(JOBS_GAUGE[0], JOBS_GAUGE[1], ['kind', 'state']);
  gauge(OLDEST_DUE_GAUGE[0], OLDEST_DUE_GAUGE[1], ['kind']);
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) client.collectDefaultMetrics();
}

/** One answered request. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requests().inc({ route, method, status: String(status) });
  durations().observe({ route, method }, seconds);
}

/** A page request met the render cache: served fresh, served stale (and revalidated), or rendered. */
export function countRenderCache(result: 'hit' | 'stale' | 'miss'): void {
  renderCache().inc({ result });
}

/**
 * A connection the server gave up on before any route saw a request: no whole request in time (answered 408),
 * headers too large (431), bytes that are no HTTP (400), or reset by the client (closed without an answer).
 */
export function countClientError(kind: ClientErrorKind): void {
  clientErrors().inc({ kind });
}

const PAGE_CHANGE_ORIGINS = ['here', 'elsewhere', 'unsent'] as const;
type PageChangeOrigin = (typeof PAGE_CHANGE_ORIGINS)[number];
const pageChanges = () => labelledCounter('portal_page_changes_total', 'Changes of public pages by origin.', 'origin', PAGE_CHANGE_ORIGINS);
const CDN_PURGE_OUTCOMES = ['ok', 'retried', 'failed'] as const;
type CdnPurgeOutcome = (typeof CDN_PURGE_OUTCOMES)[number];
const cdnPurges = () => labelledCounter('portal_cdn_purge_requests_total', 'CDN purge requests by outcome.', 'outcome', CDN_PURGE_OUTCOMES);

/**
 * A change of public pages (src/server/events): made here, heard from another instance, or not sent
 * to the others (NOTIFY failed; their copies then last until the pages' max-age).
 */
export function countPageChange(origin: PageChangeOrigin): void {
  pageChanges().inc({ origin });
}

/** A request to the CDN purge hook: answered 2xx, failed and tried again later, or given up after the last try. */
export function countCdnPurge(outcome: CdnPurgeOutcome): void {
  cdnPurges().inc({ outcome });
}

/** One run of the exam deadline sweep and how many attempts it submitted. */
export function countSweep(outcome: 'ok' | 'failed', submitted = 0): void {
  sweepRuns().inc({ outcome });
  if (submitted) sweepSubmitted().inc(submitted);
}

/** A statement slower than SLOW_QUERY_MS. */
export function countSlowQuery(): void {
  slowQueries().inc();
}

/** SQLite: one pause of the statements while the WAL was started again, and how it ended (db/checkpoints.ts). */
export function observeWalPause(ms: number, outcome: PauseOutcome): void {
  walPauses().observe({ outcome }, ms / 1000);
}

/**
 * One password checked against a stored hash (scrypt's tens of milliseconds of CPU): a sign-in of a student or of staff,
 * or a change of password. A sign-in to an unknown account is checked against a hash nobody knows, so it counts as a
 * mismatch like a wrong password: the answer takes the same time either way.
 */
export function countPasswordCheck(matched: boolean): void {
  passwordChecks().inc({ result: matched ? 'match' : 'mismatch' });
}

/** One job run that this instance recorded, by the job's kind. */
export function countJobRun(kind: string, outcome: JobRunOutcome): void {
  jobRuns().inc({ kind, outcome });
}

/** The database pool, read at each scrape: connections open, idle, and requests waiting for one. */
export function watchPool(read: () => { total: number; idle: number; waiting: number }): void {
  gauge(POOL_GAUGE[0], POOL_GAUGE[1], ['state'], (g) => {
    const p = read();
    const now: Record<PoolState, number> = { in_use: p.total - p.idle, idle: p.idle, waiting: p.waiting };
    for (const state of POOL_STATES) g.set({ state }, now[state]);
  });
}

/** Whether the media library's programs can be run (ffmpeg and ffprobe both: 1, else 0); set at start and on every change. */
export function setMediaToolsAvailable(available: boolean): void {
  gauge('portal_ffmpeg_available', 'Whether ffmpeg and ffprobe can be run (1) or not (0): without them no video or audio is processed.', []).set(
    available ? 1 : 0,
  );
}

/** The jobs table as the scrape reads it: jobs by kind and state, and per kind the oldest due job's wait. */
export interface JobQueueReading {
  jobs: readonly { kind: string; state: string; count: number }[];
  oldestDue: readonly { kind: string; seconds: number }[];
}

export interface JobQueueWatch {
  /** The job kinds the code runs: each has its series from the start, at 0. */
  kinds: readonly string[];
  /** The states counted (the ones that end, done and cancelled, only grow and are left out). */
  states: readonly string[];
  /** One query: what the scrape reports. */
  read: () => Promise<JobQueueReading>;
  /** A reading slower than this is given up: the scrape answers without the job gauges. */
  timeoutMs: number;
}

/**
 * The job gauges, read from the database when scraped: one query per scrape, shared by both
 * gauges (and by scrapes that overlap), never on a request's path. When the database does not
 * answer in time the gauges are left out of that scrape rather than failing it or reporting old
 * figures. Also starts the run counters of every known kind at 0.
 */
export function watchJobQueue(watch: JobQueueWatch): void {
  for (const kind of watch.kinds) for (const outcome of JOB_RUN_OUTCOMES) jobRuns().inc({ kind, outcome }, 0);
  let reading: Promise<JobQueueReading | null> | undefined;
  const current = () => {
    reading ??= timed(watch.read(), watch.timeoutMs).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  gauge(JOBS_GAUGE[0], JOBS_GAUGE[1], ['kind', 'state'], async (g) => {
    const r = await current();
    g.reset();
    if (!r) return;
    for (const kind of watch.kinds) for (const state of watch.states) g.set({ kind, state }, 0);
    for (const row of r.jobs) g.set({ kind: row.kind, state: row.state }, row.count);
  });
  gauge(OLDEST_DUE_GAUGE[0], OLDEST_DUE_GAUGE[1], ['kind'], async (g) => {
    const r = await current();
    g.reset();
    if (!r) return;
    for (const kind of watch.kinds) g.set({ kind }, 0);
    for (const row of r.oldestDue) g.set({ kind: row.kind }, row.seconds);
  });
}

/** The reading, or null when it failed or took longer than `ms`. */
function timed<T>(work: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

export function metricsText(): Promise<string> {
  return register.metrics();
}

export const METRICS_CONTENT_TYPE = register.contentType;
