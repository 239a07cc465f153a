import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { JOB_LEASE_MS, JOB_STATE } from '~/server/jobs/jobs.rules';
import { jobOf } from '~/server/jobs/jobs.service';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { MEDIA_PROCESS_JOB, bytesOfPath, completeUpload } from '~/server/media-library/media-library.service';
import { parseRenditions } from '~/server/media-library/media-library.rules';
import { removeAbandonedWorkspaces, workspacePrefix } from '~/server/media-library/job-workspace';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { DEMO, useTestServer } from '../setup/server';
import { makeStaff } from '../setup/staff';
import { testVideo } from '../setup/media';
import { testTempDir } from '../setup/temp-dir';
import { testScope } from '../setup/scope';

/**
 * The renditions job survives kill -9: a runner process is killed with SIGKILL while ffmpeg
 * works; while its lease lasts no other runner takes the job (the lease was being renewed); once
 * the clock passes the lease, another runner takes it and the job finishes once, with one set of
 * renditions and the asset ready.
 */

const server = useTestServer();
const WORKER = 'runner-to-be-killed';

const scope = () => testScope(server().runtime, 'kill-test', DEMO.id);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a runner killed with SIGKILL mid-job: the job is taken again after its lease and finishes once', async () => {
  const db = server().runtime.db;
  const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
  const actor = {
    account: await db.selectFrom('staffAccounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow(),
    tenant: await scope().tenant(),
  };
  // Long enough that ffmpeg is still at work when the runner is killed.
  const dir = testTempDir('media-kill-');
  writeFileSync(join(dir, 'v.mp4'), testVideo(1280, 720, 8));
  const asset = await completeUpload(scope(), actor as never, {
    uploadId: `${DEMO.id}-${account.id}-${'b'.repeat(32)}`,
    bytes: bytesOfPath(join(dir, 'v.mp4')),
    name: '长录像.mp4',
  });

  // The runner's temporary directory is the test's own, so no other process's start judges its leftovers first.
  const runnerTmp = testTempDir('media-kill-tmp-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/job-runner-process.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      MEDIA_RUNNER_CONFIG: JSON.stringify(server().runtime.config),
      MEDIA_RUNNER_NOW: String(server().clock.value),
      MEDIA_RUNNER_WORKER: WORKER,
      TMPDIR: runnerTmp,
    },
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ? -1 : code)));
  try {
    // The job is that runner's, ffmpeg has made progress and the lease has been renewed at least
    // once. Progress and lease are written side by side on each tick, so either may land first:
    // waiting for both (not for the progress alone) keeps the check from racing the tick.
    await until(`the runner's progress and renewed lease (${errors})`, async () => {
      const job = await jobOf(db, MEDIA_PROCESS_JOB, asset.id);
      const row = await db.selectFrom('mediaAssets').select('progress').where('id', '=', asset.id).executeTakeFirstOrThrow();
      return job?.state === JOB_STATE.running && job.lockedBy === WORKER && row.progress > 0 && (job.leaseUntil ?? 0) > server().clock.value + JOB_LEASE_MS;
    });
  } finally {
    // kill -9 of the runner and its ffmpeg (the process group).
    process.kill(-child.pid!, 'SIGKILL');
  }
  expect(await exited).toBe(-1);
  // The dead runner's working copy (the original and the renditions it had made) is still on disk; the next process
  // to start on this machine removes it, and only it.
  const leftBehind = readdirSync(runnerTmp).filter((name) => name.startsWith(workspacePrefix(child.pid!)));
  expect(leftBehind).toHaveLength(1);
  expect(await removeAbandonedWorkspaces(server().runtime.logger, runnerTmp)).toEqual(leftBehind);
  expect(existsSync(join(runnerTmp, leftBehind[0]!))).toBe(false);
  const killed = await jobOf(db, MEDIA_PROCESS_JOB, asset.id);
  expect(killed).toMatchObject({ state: JOB_STATE.running, lockedBy: WORKER, attempts: 1 });
  // The run renewed its lease while ffmpeg worked (the claim alone gives clock + JOB_LEASE_MS).
  expect(killed!.leaseUntil!).toBeGreaterThan(server().clock.value + JOB_LEASE_MS);
  expect((await db.selectFrom('mediaAssets').select('state').where('id', '=', asset.id).executeTakeFirstOrThrow()).state).toBe('processing');

  // While the dead runner's lease lasts, nobody takes the job.
  expect(await runDueJobs(jobScope(server().runtime), { worker: 'second' })).toEqual({ done: [], retried: [], failed: [] });

  // Past the lease, another runner takes it and finishes it once.
  server().clock.advance(JOB_LEASE_MS + 5 * 60_000);
  const second = await runDueJobs(jobScope(server().runtime), { worker: 'second' });
  expect(second.done).toEqual([killed!.id]);
  const job = await jobOf(db, MEDIA_PROCESS_JOB, asset.id);
  expect(job).toMatchObject({ state: JOB_STATE.done, attempts: 2, lockedBy: 'second' });
  const row = await db.selectFrom('mediaAssets').selectAll().where('id', '=', asset.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ state: 'ready', progress: 100, error: null });
  const renditions = parseRenditions(row.renditions);
  expect(renditions.map((r) => r.height)).toEqual([360, 480, 720]);
  // The renditions are the second run's (its keys name run 2), and nothing runs again.
  expect(renditions.every((r) => r.key.includes(`${asset.id}-r2-`))).toBe(true);
  server().clock.advance(JOB_LEASE_MS * 10);
  expect(await runDueJobs(jobScope(server().runtime), { worker: 'third' })).toEqual({ done: [], retried: [], failed: [] });
}, 120_000);
