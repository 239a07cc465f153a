import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createLogger } from '~/server/logger';
import { makeJobWorkspace, removeAbandonedWorkspaces, workspacePrefix } from '~/server/media-library/job-workspace';
import { testTempDir } from '../setup/temp-dir';

/**
 * The media job's working directories after kill -9: a process starting removes those of its
 * machine whose process is gone, and nothing else (a live process's, another machine's, other files).
 * The whole journey, a runner killed mid-job, is in media-library-kill.test.ts.
 */

/** A process id that was a process of this machine a moment ago and is not any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** A process that runs until the test stops it. */
function liveProcess(): { pid: number; stop: () => void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

function workspace(root: string, name: string): string {
  const path = join(root, name);
  mkdirSync(path);
  writeFileSync(join(path, 'original'), 'a copy of a video');
  return name;
}

test('only the directories of this machine whose process is gone are removed', async () => {
  const root = testTempDir('job-workspaces-');
  const dead = await deadPid();
  const live = liveProcess();
  try {
    const gone = workspace(root, `${workspacePrefix(dead)}Ab12Cd`);
    const own = (await makeJobWorkspace(root)).split('/').pop()!;
    const running = workspace(root, `${workspacePrefix(live.pid)}Ef34Gh`);
    const elsewhere = workspace(root, `media-job-another.machine-${dead}-Ij56Kl`);
    const others = [workspace(root, 'media-job-Mn78Op'), workspace(root, 'portal-uploads-Qr90St'), workspace(root, `${workspacePrefix(dead)}a-b`)];
    expect(await removeAbandonedWorkspaces(createLogger('silent'), root)).toEqual([gone]);
    expect(readdirSync(root).sort()).toEqual([own, running, elsewhere, ...others].sort());
    // Once is enough: nothing more is removed the next time.
    expect(await removeAbandonedWorkspaces(createLogger('silent'), root)).toEqual([]);
  } finally {
    live.stop();
  }
});

test("a run's directory is this process's, in the system's temporary directory by default", async () => {
  const made = await makeJobWorkspace();
  try {
    expect(made.startsWith(join(tmpdir(), workspacePrefix()))).toBe(true);
    expect(existsSync(made)).toBe(true);
  } finally {
    rmSync(made, { recursive: true, force: true });
  }
});
