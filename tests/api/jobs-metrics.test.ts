import client from 'prom-client';
import { describe, expect, test } from 'vitest';
import { enqueue } from '~/server/jobs/jobs.service';
import { claimNextJob } from '~/server/jobs/jobs.repository';
import { JOB_LEASE_MS, JOB_STATE } from '~/server/jobs/jobs.rules';
import { jobScope, runDueJobs, watchJobMetrics } from '~/server/jobs/runner';
import type { JobHandlers } from '~/server/jobs/handlers';
import { metricsText, registerMetrics } from '~/server/metrics';
import { useTestServer } from '../setup/server';

/**
 * The job metrics of a server on a real database: what the scrape reads from the jobs table (jobs
 * by kind and state, how long the oldest due job of each kind has waited, whether it is queued past
 * its time or running on a lease that ran out) and the runs this instance recorded, failures
 * included. Each test's jobs are of a kind of its own; only that kind's series are read.
 */

const server = useTestServer();
const SECOND = 1_000;
let serial = 0;
const freshKind = () => `test.metrics${++serial}`;

/** The value of one sample line of the scrape, or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(handlers: JobHandlers): Promise<string> {
  client.register.clear();
  registerMetrics();
  watchJobMetrics(server().runtime, handlers);
  return metricsText();
}

describe('job metrics', () => {
  test('jobs by state and the oldest due wait come from the table at the scrape', async () => {
    const kind = freshKind();
    const handlers: JobHandlers = { [kind]: async () => undefined };
    const db = server().runtime.db;
    const now = server().clock.value;
    const before = await scrape(handlers);
    expect(sample(before, `portal_jobs{kind="${kind}",state="queued"}`)).toBe(0);
    expect(sample(before, `portal_jobs_oldest_due_seconds{kind="${kind}"}`)).toBe(0);

    await enqueue(db, now, { tenantId: null, kind, key: 'due-90s', payload: {}, runAt: now - 90 * SECOND });
    await enqueue(db, now, { tenantId: null, kind, key: 'due-30s', payload: {}, runAt: now - 30 * SECOND });
    await enqueue(db, now, { tenantId: null, kind, key: 'tomorrow', payload: {}, runAt: now + 86_400 * SECOND });
    const queued = await scrape(handlers);
    expect(sample(queued, `portal_jobs{kind="${kind}",state="queued"}`)).toBe(3);
    expect(sample(queued, `portal_jobs{kind="${kind}",state="running"}`)).toBe(0);
    expect(sample(queued, `portal_jobs_oldest_due_seconds{kind="${kind}"}`)).toBe(90);

    // Claimed by an instance that then died: running, and due again once its lease has run out.
    await db
      .updateTable('jobs')
      .set({ runAt: now + 86_400 * SECOND })
      .where('kind', '=', kind)
      .where('jobKey', '=', 'due-30s')
      .execute();
    const claimed = await claimNextJob(db, 'dead-instance', now, JOB_LEASE_MS);
    expect(claimed?.jobKey).toBe('due-90s');
    const running = await scrape(handlers);
    expect(sample(running, `portal_jobs{kind="${kind}",state="queued"}`)).toBe(2);
    expect(sample(running, `portal_jobs{kind="${kind}",state="running"}`)).toBe(1);
    expect(sample(running, `portal_jobs_oldest_due_seconds{kind="${kind}"}`)).toBe(0);
    server().clock.advance(JOB_LEASE_MS + 45 * SECOND);
    const stalled = await scrape(handlers);
    expect(sample(stalled, `portal_jobs_oldest_due_seconds{kind="${kind}"}`)).toBe(45);
    // Done and cancelled jobs are not counted.
    await db.updateTable('jobs').set({ state: JOB_STATE.cancelled }).where('kind', '=', kind).execute();
    expect(sample(await scrape(handlers), `portal_jobs{kind="${kind}",state="queued"}`)).toBe(0);
  });

  test('runs are counted by outcome: done, failed and queued again, failed for good', async () => {
    const kind = freshKind();
    const handlers: JobHandlers = {
      [kind]: async (_s, payload) => {
        if (payload['fail']) throw new Error('the handler failed');
      },
    };
    const db = server().runtime.db;
    // Jobs of other tests that are still due are ended first, so these runs meet only this test's jobs.
    await db.updateTable('jobs').set({ state: JOB_STATE.cancelled }).where('state', 'in', [JOB_STATE.queued, JOB_STATE.running]).execute();
    const now = server().clock.value;
    await scrape(handlers);
    await enqueue(db, now, { tenantId: null, kind, key: 'ok', payload: {}, runAt: now });
    await enqueue(db, now, { tenantId: null, kind, key: 'again', payload: { fail: true }, runAt: now });
    await enqueue(db, now, { tenantId: null, kind, key: 'last', payload: { fail: true }, runAt: now, maxAttempts: 1 });
    await runDueJobs(jobScope(server().runtime), { handlers });
    // The scrape reads the counters this process kept since it started (registerMetrics is not asked again here).
    const text = await metricsText();
    expect(sample(text, `portal_job_runs_total{kind="${kind}",outcome="done"}`)).toBe(1);
    expect(sample(text, `portal_job_runs_total{kind="${kind}",outcome="retried"}`)).toBe(1);
    expect(sample(text, `portal_job_runs_total{kind="${kind}",outcome="failed"}`)).toBe(1);
    expect(sample(text, `portal_jobs{kind="${kind}",state="failed"}`)).toBe(1);
    expect(sample(text, `portal_jobs{kind="${kind}",state="queued"}`)).toBe(1);
  });
});
