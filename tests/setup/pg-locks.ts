import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DB } from '~/server/db/database';

/** How many times waitForLockWaiters looks before giving up, LOCK_WAIT_STEP_MS apart. */
const LOCK_WAIT_TRIES = 500;
const LOCK_WAIT_STEP_MS = 10;

/**
 * PostgreSQL: waits until `count` statements of the test's database (only those starting with `queryPrefix`, when given)
 * wait on a lock, or until `settled()` says what they would wait for has already happened (the test's assertions then
 * tell what went wrong). Throws `message` should neither come within about five seconds.
 */
export async function waitForLockWaiters(db: DB, options: { count?: number; queryPrefix?: string; settled?: () => boolean; message: string }): Promise<void> {
  const { count = 1, queryPrefix = '', settled = () => false, message } = options;
  for (let tries = 0; ; tries++) {
    if (settled()) return;
    const waiting = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and starts_with(query, ${queryPrefix})`.execute(db);
    if (waiting.rows[0]!.n >= count) return;
    if (tries >= LOCK_WAIT_TRIES) throw new Error(message);
    await sleep(LOCK_WAIT_STEP_MS);
  }
}
