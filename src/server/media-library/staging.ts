import type { Runtime } from '../http/context';
import type { DB } from '../db/database';
import { errorStack, type Logger } from '../logger';
import * as repo from './media-library.repository';
import type { UploadStaging } from './staging-store';
import { clockFrom, databaseLocker } from './upload-locks';
import { DAY, HOUR } from '~/lib/time/cst';
import { repeatEvery } from '../repeat';

/**
 * The lifetime of unfinished resumable uploads (decision 050): an upload that receives nothing for
 * STAGING_IDLE_MS is removed (with the room it held: its media_uploads row); none lives longer
 * than STAGING_EXPIRY_MS however it progresses. Every instance sweeps; removing one twice is harmless.
 */

/** An unfinished upload that received no piece for this long is abandoned: the sweep removes it (decision 050). */
export const STAGING_IDLE_MS = DAY;
/** How often each process looks for abandoned uploads (removing one twice is harmless). */
export const STAGING_SWEEP_INTERVAL_MS = HOUR;

export { STAGING_DIR, STAGING_EXPIRY_MS } from './staging-store';

/**
 * Removes abandoned uploads; answers how many. First those without progress for STAGING_IDLE_MS
 * by the server's clock (`now`): each row is forgotten only if still idle (a piece that arrived
 * meanwhile keeps it), then its staged bytes, under the upload's lock (a request that got in before
 * the row went finishes first; one still holding it after the lock's wait leaves them to the
 * expiry). Then, by tus's own expiry against the system clock, anything started more than
 * STAGING_EXPIRY_MS ago (also staged uploads whose row is gone), and the locks whose holders died.
 */
export async function removeAbandonedUploads(db: DB, staging: UploadStaging, now: number, logger: Logger): Promise<number> {
  const before = now - STAGING_IDLE_MS;
  const locker = databaseLocker({ db, clock: clockFrom(now), logger });
  let removed = 0;
  for (const id of await repo.idleUploads(db, before)) {
    if (!(await repo.deleteIdleUpload(db, id, before))) continue;
    removed++;
    const lock = locker.newLock(id);
    try {
      await lock.lock(new AbortController().signal, () => undefined);
    } catch {
      continue;
    }
    try {
      await staging.discard(id);
    } finally {
      await lock.unlock();
    }
  }
  removed += await staging.deleteExpired();
  await repo.deleteLapsedUploadLocks(db, now);
  return removed;
}

/** Starts the process's sweep of abandoned uploads; answers the function that stops it. */
export function startStagingSweep(runtime: Runtime, intervalMs = STAGING_SWEEP_INTERVAL_MS): () => void {
  return repeatEvery(
    intervalMs,
    async () => {
      const removed = await removeAbandonedUploads(runtime.db, runtime.uploadStaging, runtime.now(), runtime.logger);
      if (removed) runtime.logger.info('abandoned uploads removed', { count: removed });
    },
    (error) => runtime.logger.error('abandoned upload sweep failed', { error: errorStack(error) }),
  );
}
