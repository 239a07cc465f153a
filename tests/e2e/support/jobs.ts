import { openDatabase } from '../../../src/server/db/database';
import { parseConfig } from '../../../src/server/config';
import { closeRuntime, createRuntime } from '../../../src/server/runtime';
import { enqueue } from '../../../src/server/jobs/jobs.service';
import { jobScope, runDueJobs, type RunResult } from '../../../src/server/jobs/runner';
import { CATALOG_PUBLISH_JOB } from '../../../src/lib/staff/catalog-schedule';
import { DEMO_TENANT } from '../../../src/dev/seed/demo-data';
import { E2E_DB_FILE } from './env';

/**
 * The e2e server's jobs, run from the test at a clock the test chooses (the server's own runner
 * keeps the real clock): a scheduled publication is published "at its time" without waiting for it.
 */

/**
 * Runs the jobs due at `at` on the e2e database, as an instance's runner would then, in a runtime of
 * this process: the page changes its publications make are heard here, not by the e2e server (its
 * cached pages are read at fresh addresses by the tests that run jobs).
 */
export async function runJobsAt(at: number): Promise<RunResult> {
  const url = `file:./${E2E_DB_FILE}`;
  const { db, kind } = await openDatabase({ url });
  const runtime = createRuntime(parseConfig({ NODE_ENV: 'development', DATABASE_URL: url, LOG_LEVEL: 'silent' }), db, kind, () => at);
  try {
    return await runDueJobs(jobScope(runtime));
  } finally {
    await closeRuntime(runtime);
  }
}

/** A job of the demo school whose handler fails (a catalogue publication naming no time), run once: failed with its error. */
export async function makeFailedJob(): Promise<{ key: string; error: string }> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  const key = `banner:e2e-broken-${Date.now().toString(36)}`;
  try {
    const now = Date.now();
    await enqueue(db, now, {
      tenantId: DEMO_TENANT.id,
      kind: CATALOG_PUBLISH_JOB,
      key,
      payload: { type: 'banner', id: 'e2e-gone' },
      runAt: now,
      maxAttempts: 1,
    });
  } finally {
    await db.destroy();
  }
  await runJobsAt(Date.now());
  return { key, error: 'malformed catalog.publish payload' };
}
