/**
 * A job runner in a process of its own, for the test that kills one with SIGKILL mid-job
 * (tests/api/media-library-kill.test.ts). It opens the test server's database with the test
 * server's configuration (MEDIA_RUNNER_CONFIG, JSON), runs the jobs due at the fixed clock
 * MEDIA_RUNNER_NOW as worker MEDIA_RUNNER_WORKER, and says 'claiming' on stdout first.
 */
import { openDatabase } from '~/server/db/database';
import { closeRuntime, createRuntime } from '~/server/runtime';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import type { Config } from '~/server/config';

const config = JSON.parse(process.env['MEDIA_RUNNER_CONFIG'] ?? '{}') as Config;
const now = Number(process.env['MEDIA_RUNNER_NOW']);
const { db, kind } = await openDatabase({ url: config.DATABASE_URL });
const runtime = createRuntime(config, db, kind, () => now);
process.stdout.write('claiming\n');
const result = await runDueJobs(jobScope(runtime), { worker: process.env['MEDIA_RUNNER_WORKER'] ?? 'runner-process' });
process.stdout.write(`${JSON.stringify(result)}\n`);
await closeRuntime(runtime);
