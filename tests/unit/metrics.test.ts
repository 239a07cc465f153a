import client from 'prom-client';
import { beforeEach, describe, expect, test } from 'vitest';
import { countClientError, countJobRun, metricsText, registerMetrics, watchJobQueue, type JobQueueReading } from '~/server/metrics';
import { PORTAL_METRICS } from '../setup/metrics';

/**
 * The metrics of a fresh process (src/server/metrics.ts): every metric listed before its first
 * event, every series with known labels at 0; the job gauges read once per scrape, and a reading
 * that fails or hangs leaves them out of that scrape instead of failing it.
 */

const KINDS = ['content.publish', 'media.process'];
const STATES = ['queued', 'running', 'failed'];

/** The sample lines of one metric (name and labels → value). */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

function watch(read: () => Promise<JobQueueReading>, timeoutMs = 1_000) {
  watchJobQueue({ kinds: KINDS, states: STATES, read, timeoutMs });
}

beforeEach(() => {
  // A fresh process's registry (another test file of this worker may have counted already).
  client.register.clear();
});

describe('metrics of a fresh process', () => {
  test('every metric is listed before any event, and every series with known labels is 0', async () => {
    registerMetrics();
    const text = await metricsText();
    for (const name of PORTAL_METRICS) expect(text, name).toContain(`# TYPE ${name} `);
    expect(samples(text, 'portal_render_cache_total')).toEqual(
      new Map([
        ['portal_render_cache_total{result="hit"}', 0],
        ['portal_render_cache_total{result="stale"}', 0],
        ['portal_render_cache_total{result="miss"}', 0],
      ]),
    );
    expect(samples(text, 'portal_exam_sweep_runs_total')).toEqual(
      new Map([
        ['portal_exam_sweep_runs_total{outcome="ok"}', 0],
        ['portal_exam_sweep_runs_total{outcome="failed"}', 0],
      ]),
    );
    expect(samples(text, 'portal_http_client_errors_total')).toEqual(
      new Map([
        ['portal_http_client_errors_total{kind="timeout"}', 0],
        ['portal_http_client_errors_total{kind="headers_too_large"}', 0],
        ['portal_http_client_errors_total{kind="unreadable"}', 0],
        ['portal_http_client_errors_total{kind="reset"}', 0],
      ]),
    );
    expect(samples(text, 'portal_exam_sweep_submitted_total')).toEqual(new Map([['portal_exam_sweep_submitted_total', 0]]));
    expect(samples(text, 'portal_db_slow_queries_total')).toEqual(new Map([['portal_db_slow_queries_total', 0]]));
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  test('a connection given up on counts under its kind only', async () => {
    registerMetrics();
    countClientError('timeout');
    countClientError('timeout');
    const errors = samples(await metricsText(), 'portal_http_client_errors_total');
    expect(errors.get('portal_http_client_errors_total{kind="timeout"}')).toBe(2);
    expect(errors.get('portal_http_client_errors_total{kind="unreadable"}')).toBe(0);
  });

  test('the job run counters of every kind the code runs start at 0, and count each outcome', async () => {
    registerMetrics();
    watch(async () => ({ jobs: [], oldestDue: [] }));
    countJobRun('media.process', 'retried');
    const runs = samples(await metricsText(), 'portal_job_runs_total');
    expect(runs.size).toBe(KINDS.length * 3);
    expect(runs.get('portal_job_runs_total{kind="content.publish",outcome="done"}')).toBe(0);
    expect(runs.get('portal_job_runs_total{kind="media.process",outcome="retried"}')).toBe(1);
    expect(runs.get('portal_job_runs_total{kind="media.process",outcome="failed"}')).toBe(0);
  });
});

describe('the job gauges', () => {
  test('one reading per scrape serves both gauges; known kinds and states are 0 unless read otherwise', async () => {
    registerMetrics();
    let reads = 0;
    watch(async () => {
      reads += 1;
      return { jobs: [{ kind: 'media.process', state: 'queued', count: 4 }], oldestDue: [{ kind: 'media.process', seconds: 90.5 }] };
    });
    const text = await metricsText();
    expect(reads).toBe(1);
    const jobs = samples(text, 'portal_jobs');
    expect(jobs.size).toBe(KINDS.length * STATES.length);
    expect(jobs.get('portal_jobs{kind="media.process",state="queued"}')).toBe(4);
    expect(jobs.get('portal_jobs{kind="content.publish",state="failed"}')).toBe(0);
    expect(samples(text, 'portal_jobs_oldest_due_seconds')).toEqual(
      new Map([
        ['portal_jobs_oldest_due_seconds{kind="content.publish"}', 0],
        ['portal_jobs_oldest_due_seconds{kind="media.process"}', 90.5],
      ]),
    );
    // Scrapes that overlap share the reading; the next scrape reads again.
    await Promise.all([metricsText(), metricsText()]);
    expect(reads).toBe(2);
    await metricsText();
    expect(reads).toBe(3);
  });

  test('a reading that fails or takes too long leaves the job gauges out; the rest of the scrape answers', async () => {
    registerMetrics();
    watch(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    const failed = await metricsText();
    expect(samples(failed, 'portal_jobs').size).toBe(0);
    expect(samples(failed, 'portal_jobs_oldest_due_seconds').size).toBe(0);
    expect(samples(failed, 'portal_render_cache_total').size).toBe(3);

    const TIMEOUT_MS = 20;
    watch(() => new Promise<JobQueueReading>(() => undefined), TIMEOUT_MS);
    const slow = await metricsText();
    expect(samples(slow, 'portal_jobs').size).toBe(0);
    expect(slow).toContain('# TYPE portal_jobs gauge');
  });

  test('watched again (a server made anew), the gauges read from the new source only', async () => {
    registerMetrics();
    watch(async () => ({ jobs: [{ kind: 'content.publish', state: 'failed', count: 1 }], oldestDue: [] }));
    watch(async () => ({ jobs: [{ kind: 'content.publish', state: 'failed', count: 7 }], oldestDue: [] }));
    expect(samples(await metricsText(), 'portal_jobs').get('portal_jobs{kind="content.publish",state="failed"}')).toBe(7);
  });
});
