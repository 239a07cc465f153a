/**
 * A process that takes one resumable upload's lock and holds it, renewing its lease, until it is
 * killed: the holder that dies in tests/api/media-library-locks.test.ts. It opens the test server's
 * database with its configuration (UPLOAD_LOCK_CONFIG, JSON), reads leases on a clock that starts
 * at UPLOAD_LOCK_NOW (the test server's) and moves on as a request's does, says 'locked' on stdout
 * once it holds the lock of UPLOAD_LOCK_ID, and 'asked' when a waiting request (of another process)
 * asks it to let go, which it does not: a holder stuck in its work.
 */
import { openDatabase } from '~/server/db/database';
import { createLogger } from '~/server/logger';
import { clockFrom, databaseLocker } from '~/server/media-library/upload-locks';
import type { Config } from '~/server/config';

const config = JSON.parse(process.env['UPLOAD_LOCK_CONFIG'] ?? '{}') as Config;
const now = Number(process.env['UPLOAD_LOCK_NOW']);
const { db } = await openDatabase({ url: config.DATABASE_URL });
const lock = databaseLocker({ db, clock: clockFrom(now), logger: createLogger('silent') }).newLock(process.env['UPLOAD_LOCK_ID'] ?? '');
await lock.lock(new AbortController().signal, () => {
  process.stdout.write('asked\n');
});
process.stdout.write('locked\n');
// Held until killed (the lock's own renewal does not keep a process alive).
setInterval(() => undefined, 60_000);
