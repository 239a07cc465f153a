import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { DB } from '../db/database';
import type { Logger } from '../logger';
import * as repo from './media-library.repository';

/**
 * The locks of resumable uploads, shared by every instance through the database (decision 055):
 * while a request works on an upload (writes a piece, reads its offset, cancels it), no other
 * request on any instance does. A lock is a row of media_upload_locks with a lease:
 * - the holder renews the lease every UPLOAD_LOCK_RENEW_MS while it works and removes the row when
 *   it is done; a holder that died (kill -9, a lost machine) stops renewing, and once its lease
 *   has run out the next request takes the lock over;
 * - a request that finds the lock held asks the holder to let go (tus's "request release": a new
 *   request for an upload usually means the client gave up on the old one) and tries again every
 *   UPLOAD_LOCK_POLL_MS; the holder reads the request as it renews, then ends its piece with the
 *   bytes it has within UPLOAD_LOCK_DRAIN_MS (tus's lock drain); a request still waiting after
 *   UPLOAD_LOCK_WAIT_MS is answered 423 (the client tries again).
 * Leases are read on the portal's clock: instances' clocks must agree to well within the lease.
 */

/** How long a lock stays its holder's without a renewal: how long an upload waits after its holder died. */
export const UPLOAD_LOCK_LEASE_MS = 15_000;
/** How often a holder renews its lease and looks whether a waiting request asked it to let go. */
export const UPLOAD_LOCK_RENEW_MS = 1_000;
/** How often a waiting request tries to take the lock again. */
export const UPLOAD_LOCK_POLL_MS = 100;
/** How long a request waits for a held lock before it is answered 423 (the holder notices a request, drains, finishes its write). */
export const UPLOAD_LOCK_WAIT_MS = 20_000;
/** How long a holder asked to let go may go on writing the piece it receives (tus's lockDrainTimeout). */
export const UPLOAD_LOCK_DRAIN_MS = 3_000;

/** A lock still held by another request after the wait: the protocol's 423 Locked (the client tries again). */
export const UPLOAD_LOCKED = { status_code: 423, body: 'Upload locked\n' } as const;

export interface UploadLockOptions {
  db: DB;
  /** The clock of the leases (epoch ms). */
  clock: () => number;
  logger: Logger;
}

/** A clock that starts at a request's instant and moves on with the time since (a lock outlives the instant). */
export function clockFrom(start: number): () => number {
  const began = performance.now();
  return () => start + Math.round(performance.now() - began);
}

/** tus's locker over the database: each request's locks are rows of media_upload_locks. */
export function databaseLocker(options: UploadLockOptions): Locker {
  return { newLock: (id: string) => new DatabaseLock(id, options) };
}

class DatabaseLock implements Lock {
  /** This request's token: only it renews or removes the row it took. */
  private readonly holder = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly id: string,
    private readonly options: UploadLockOptions,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { db, clock } = this.options;
    const giveUpAt = performance.now() + UPLOAD_LOCK_WAIT_MS;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      const now = clock();
      if (await repo.takeUploadLock(db, this.id, this.holder, now, now + UPLOAD_LOCK_LEASE_MS)) {
        this.keep(requestRelease);
        return;
      }
      // Asked again on every try: a lock that changed hands meanwhile has a new holder to ask.
      await repo.requestUploadLockRelease(db, this.id, this.holder, now);
      if (performance.now() >= giveUpAt) throw UPLOAD_LOCKED;
      try {
        await sleep(UPLOAD_LOCK_POLL_MS, undefined, { signal });
      } catch {
        throw ERRORS.ABORTED;
      }
    }
  }

  /** Renews the lease while the lock is held; passes on a waiting request's wish to the holding request (once). */
  private keep(requestRelease: RequestRelease): void {
    const { db, clock, logger } = this.options;
    let told = false;
    let renewing = false;
    const tell = () => {
      if (told) return;
      told = true;
      void Promise.resolve(requestRelease()).catch(() => undefined);
    };
    const renewal = setInterval(() => {
      if (renewing) return;
      renewing = true;
      repo
        .renewUploadLock(db, this.id, this.holder, clock() + UPLOAD_LOCK_LEASE_MS)
        .then((held) => {
          if (!held) {
            // The lease ran out (this process stalled longer than the lease) and another request took
            // the upload over: this request stops as soon as it can.
            logger.warn('upload lock lost', { upload: this.id });
            clearInterval(renewal);
            tell();
          } else if (held.releaseRequested) tell();
        })
        .catch((error: unknown) => logger.warn('upload lock not renewed', { upload: this.id, error: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          renewing = false;
        });
    }, UPLOAD_LOCK_RENEW_MS);
    // A lock never keeps the process alive (its row lapses if the process ends holding it).
    renewal.unref();
    this.renewal = renewal;
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    await repo.releaseUploadLock(this.options.db, this.id, this.holder);
  }
}
