import { join } from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { Runtime } from '../http/context';

/**
 * Where unfinished resumable uploads wait for their next piece: a directory under UPLOAD_DIR that
 * every instance shares (so a resumed upload may reach any of them), with a name no school's
 * directory can have. An upload nobody finishes is removed once it is STAGING_EXPIRY_MS old.
 */
export const STAGING_DIR = '.media-uploads';
/** An unfinished upload is kept this long after it was started; then the sweep removes it. */
export const STAGING_EXPIRY_MS = 7 * 24 * 3_600_000;
/** How often each process looks for abandoned uploads (removing one twice is harmless). */
export const STAGING_SWEEP_INTERVAL_MS = 3_600_000;

export function stagingDirectory(uploadDir: string): string {
  return join(uploadDir, STAGING_DIR);
}

/** The tus store of the staging directory (the upload route and the sweep use the same settings). */
export function stagingStore(uploadDir: string): TusFileStore {
  return new TusFileStore({ directory: stagingDirectory(uploadDir), expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
}

/**
 * Removes the unfinished uploads started more than STAGING_EXPIRY_MS ago (their data and their
 * description); answers how many. The age is the upload's creation date as tus wrote it, read
 * against the system clock by tus itself. No staging directory yet means nothing to remove.
 */
export async function removeAbandonedUploads(uploadDir: string): Promise<number> {
  try {
    return await stagingStore(uploadDir).deleteExpired();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
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
      const removed = await removeAbandonedUploads(runtime.config.UPLOAD_DIR);
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
