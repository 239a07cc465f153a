import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { Runtime } from '../http/context';
import type { DB } from '../db/database';
import * as repo from './media-library.repository';

/**
 * Where unfinished resumable uploads wait for their next piece: a directory under UPLOAD_DIR that
 * every instance shares (so a resumed upload may reach any of them), with a name no school's
 * directory can have. An upload that receives nothing for STAGING_IDLE_MS is removed (with the room
 * it held: its media_uploads row); none lives longer than STAGING_EXPIRY_MS however it progresses.
 */
export const STAGING_DIR = '.media-uploads';
const HOUR_MS = 3_600_000;
/** An unfinished upload is kept at most this long after it was started (tus's own expiry, told to the client as Upload-Expires). */
export const STAGING_EXPIRY_MS = 7 * 24 * HOUR_MS;
/** An unfinished upload that received no piece for this long is abandoned: the sweep removes it (decision 050). */
export const STAGING_IDLE_MS = 24 * HOUR_MS;
/** How often each process looks for abandoned uploads (removing one twice is harmless). */
export const STAGING_SWEEP_INTERVAL_MS = 3_600_000;

/** The tus extensions the endpoint offers (decision 050). */
export const OFFERED_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;

export function stagingDirectory(uploadDir: string): string {
  return join(uploadDir, STAGING_DIR);
}

/** The tus store of the staging directory (the upload route and the sweep use the same settings). */
/**
 * tus's file store makes its directory from its constructor, in a callback that throws: were the
 * volume gone (or removed while the call is pending), that is an uncaught exception ending the
 * process. Here the constructor makes nothing; the route awaits ensureStagingDirectory instead.
 */
class StagingStore extends TusFileStore {}
Object.defineProperty(StagingStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/** Makes the staging directory if it is not there yet (awaited: a failure is the request's, not the process's). */
export async function ensureStagingDirectory(uploadDir: string): Promise<void> {
  await mkdir(stagingDirectory(uploadDir), { recursive: true });
}

export function stagingStore(uploadDir: string): TusFileStore {
  const store = new StagingStore({ directory: stagingDirectory(uploadDir), expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
  // What OPTIONS advertises is what the endpoint takes: no deferred length (the limits need the
  // length at creation) and no concatenation (the route refuses both with a 400 before tus sees them).
  store.extensions = OFFERED_EXTENSIONS.slice();
  return store;
}

/**
 * Removes abandoned uploads; answers how many. First those without progress for STAGING_IDLE_MS
 * by the server's clock (`now`): each row is forgotten only if still idle (a piece that arrived
 * meanwhile keeps it), then its data and description go. Then, by tus's own expiry against the
 * system clock, anything started more than STAGING_EXPIRY_MS ago (also staged files whose row is
 * gone). No staging directory yet means nothing to remove.
 */
export async function removeAbandonedUploads(db: DB, uploadDir: string, now: number): Promise<number> {
  const before = now - STAGING_IDLE_MS;
  const store = stagingStore(uploadDir);
  let removed = 0;
  for (const id of await repo.idleUploads(db, before)) {
    if (!(await repo.deleteIdleUpload(db, id, before))) continue;
    await store.remove(id).catch(() => undefined);
    removed++;
  }
  try {
    return removed + (await store.deleteExpired());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return removed;
    throw error;
  }
}

/** Starts the process's sweep of abandoned uploads; answers the function that stops it. */
export function startStagingSweep(runtime: Runtime, intervalMs = STAGING_SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await removeAbandonedUploads(runtime.db, runtime.config.UPLOAD_DIR, runtime.now());
      if (removed) runtime.logger.info('abandoned uploads removed', { count: removed });
    } catch (error) {
      runtime.logger.error('abandoned upload sweep failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
