import client from 'prom-client';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only. prom-client stays a package of node_modules in both, so they share its
// one default registry.

/**
 * The portal's metrics in Prometheus's format, served by scripts/start.mjs on METRICS_PORT or at
 * /metrics with METRICS_TOKEN. Requests are counted by route (an API contract's path or a page's
 * pattern) and status, which also gives answer saves and progress reports by their calls.
 */

const { register } = client;

function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): client.Counter<L> {
  return (register.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter<L>({ name, help, labelNames: [...labelNames] });
}

function gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (g: client.Gauge<L>) => void): client.Gauge<L> {
  return (
    (register.getSingleMetric(name) as client.Gauge<L> | undefined) ??
    new client.Gauge<L>({
      name,
      help,
      labelNames: [...labelNames],
      collect() {
        collect(this);
      },
    })
  );
}

const requests = () => counter('portal_http_requests_total', 'Answers by route, method and status.', ['route', 'method', 'status']);
const durations = () =>
  (register.getSingleMetric('portal_http_request_duration_seconds') as client.Histogram<'route' | 'method'> | undefined) ??
  new client.Histogram<'route' | 'method'>({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by route and method.',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

/** One answered request. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requests().inc({ route, method, status: String(status) });
  durations().observe({ route, method }, seconds);
}

/** A page request met the render cache: served fresh, served stale (and revalidated), or rendered. */
export function countRenderCache(result: 'hit' | 'stale' | 'miss'): void {
  counter('portal_render_cache_total', 'Render cache look-ups by result.', ['result']).inc({ result });
}

/**
 * A change of public pages (src/server/events): made here, heard from another instance, or not sent
 * to the others (NOTIFY failed; their copies then last until the pages' max-age).
 */
export function countPageChange(origin: 'here' | 'elsewhere' | 'unsent'): void {
  counter('portal_page_changes_total', 'Changes of public pages by origin.', ['origin']).inc({ origin });
}

/** A request to the CDN purge hook: answered 2xx, failed and tried again later, or given up after the last try. */
export function countCdnPurge(outcome: 'ok' | 'retried' | 'failed'): void {
  counter('portal_cdn_purge_requests_total', 'CDN purge requests by outcome.', ['outcome']).inc({ outcome });
}

/** One run of the exam deadline sweep and how many attempts it submitted. */
export function countSweep(outcome: 'ok' | 'failed', submitted = 0): void {
  counter('portal_exam_sweep_runs_total', 'Deadline sweep runs by outcome.', ['outcome']).inc({ outcome });
  if (submitted) counter('portal_exam_sweep_submitted_total', 'Overdue attempts the sweep submitted.').inc(submitted);
}

/** A statement slower than SLOW_QUERY_MS. */
export function countSlowQuery(): void {
  counter('portal_db_slow_queries_total', 'Statements slower than SLOW_QUERY_MS.').inc();
}

/** The database pool, read at each scrape: connections open, idle, and requests waiting for one. */
export function watchPool(read: () => { total: number; idle: number; waiting: number }): void {
  gauge('portal_db_pool_connections', 'Database pool connections by state.', ['state'], (g) => {
    const p = read();
    g.set({ state: 'in_use' }, p.total - p.idle);
    g.set({ state: 'idle' }, p.idle);
    g.set({ state: 'waiting' }, p.waiting);
  });
}

/** Whether the media library's programs can be run (ffmpeg and ffprobe both: 1, else 0); set at start and on every change. */
export function setMediaToolsAvailable(available: boolean): void {
  const name = 'portal_ffmpeg_available';
  const g =
    (register.getSingleMetric(name) as client.Gauge | undefined) ??
    new client.Gauge({ name, help: 'Whether ffmpeg and ffprobe can be run (1) or not (0): without them no video or audio is processed.' });
  g.set(available ? 1 : 0);
}

/** Process metrics (CPU, memory, event-loop lag), once per process. */
export function collectProcessMetrics(): void {
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) client.collectDefaultMetrics();
}

export function metricsText(): Promise<string> {
  return register.metrics();
}

export const METRICS_CONTENT_TYPE = register.contentType;
