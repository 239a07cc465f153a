import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../logger';

/**
 * The private directories the media job works in (the original copied from the store, ffmpeg's
 * renditions). A run removes its own when it ends, whichever way; a process killed mid-job
 * (kill -9, the machine's out-of-memory killer, a container stopped hard) cannot, and a video's
 * copies are hundreds of megabytes. So each directory names its machine and process, and a
 * process starting removes those of its machine whose process is gone.
 *
 * The machine's name keeps a process from judging another machine's (or container's) directories
 * by its own process table when a temporary directory is shared.
 */

const PREFIX = 'media-job-';

/** The machine's part of a name: its host name with anything but letters, digits and dots dropped. */
const machineOf = (host: string) => host.replace(/[^A-Za-z0-9.]/g, '') || 'host';

/** The start of the names of this machine's directories. */
const machinePrefix = () => `${PREFIX}${machineOf(hostname())}-`;

/** The start of the names of process `pid`'s directories on this machine. */
export const workspacePrefix = (pid: number = process.pid): string => `${machinePrefix()}${pid}-`;

/** A new directory of this process's run; the run removes it when it ends. */
export function makeJobWorkspace(dir = tmpdir()): Promise<string> {
  return mkdtemp(join(dir, workspacePrefix()));
}

/** Whether process `pid` of this machine still runs (signal 0 only asks; EPERM: it runs as someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the job directories of this machine's processes that are gone; answers their names.
 * Directories of live processes, of other machines, and anything else in the directory stay.
 */
export async function removeAbandonedWorkspaces(logger: Logger, dir = tmpdir()): Promise<string[]> {
  const mine = machinePrefix();
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(mine)) continue;
    const pid = Number(/^(\d+)-[^-]+$/.exec(name.slice(mine.length))?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length) logger.info('media job directories of stopped processes removed', { count: removed.length, names: removed });
  return removed;
}
