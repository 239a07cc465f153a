import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import type { RateKind } from './limits.table';
import { KIND_KEEP_MS, RATE_LIMITS, limitMessage, ratePeriod, type RateLimit } from './limits.rules';
import type { DB } from '../db/database';
import * as repo from './limits.repository';

/**
 * The one rate limiter of the portal's writes (limits.rules.ts RATE_LIMITS): counted in the
 * database at the request clock, so every instance on one database agrees and tests move the
 * clock instead of waiting.
 */

export type { RateKind } from './limits.table';

/**
 * Counts one write of the logged-in user against its kind's limits, or refuses it (429 with the
 * limit's message) and counts nothing. Call it after the input and the object were checked and
 * before anything is written. The row is written first and the counts include it, so requests
 * answered at the same moment by several instances never get more than a limit between them (at
 * worst both are refused).
 *
 * The user's own limits come first. An address's limit counts only the writes beyond each account's
 * share there (RateLimit.accountShare): a write within its account's share is never counted against
 * the address, so a school behind one address pays nothing for the address check. Whatever the order
 * of concurrent writes, an account's writes within its share in any window are at most the share:
 * the last of them counted all the others.
 */
export async function countWrite(s: Scope, kind: RateKind): Promise<void> {
  const { user } = await s.user();
  // The column holds 64 characters; an address is at most 45.
  await logWrite(s.db, kind, RATE_LIMITS[kind], { userId: user.id, ip: s.ip.slice(0, 64), now: s.now });
}

/** One write to count: by whom, from where, when. */
export interface RateWrite {
  userId: string;
  ip: string;
  now: number;
}

/** countWrite with the limits given (the kind's own in the portal; smaller ones in the property test of the rules). */
export async function logWrite(db: DB, kind: RateKind, limits: readonly RateLimit[], write: RateWrite): Promise<void> {
  const { userId, ip, now } = write;
  const shared = limits.some((l) => l.by === 'ip' && l.accountShare > 0);
  // A window longer than its kind's keep would reach past the two periods the count reads.
  if (limits.some((l) => l.windowMs > KIND_KEEP_MS[kind])) throw new Error(`rate limits: a window of ${kind} is longer than its keep`);
  const period = ratePeriod(kind, now);
  const id = await repo.insertEvent(db, { kind, period, userId, ip, createdAt: now, overShare: shared ? 0 : 1 });
  // The user's count of a window, read once for the user's limit and the share of that window.
  const userCounts = new Map<number, number>();
  const userCount = async (windowMs: number) => {
    const known = userCounts.get(windowMs);
    if (known !== undefined) return known;
    const made = await repo.countUserEvents(db, kind, period, userId, now - windowMs);
    userCounts.set(windowMs, made);
    return made;
  };
  for (const limit of limits) {
    if (limit.by === 'ip' && limit.accountShare > 0) {
      if ((await userCount(limit.windowMs)) <= limit.accountShare) continue;
      await repo.markOverShare(db, id);
    }
    const made = limit.by === 'user' ? await userCount(limit.windowMs) : await repo.countAddressEvents(db, kind, ip, now - limit.windowMs);
    if (made > limit.max) {
      await repo.deleteEvent(db, id);
      throw AppError.tooMany(limitMessage(limit));
    }
  }
}

/**
 * Rows the clean-up removes in one statement. An exam hall logs over a thousand saves a second: a
 * minute's rows removed in one statement held SQLite's write lock (every save and report waits) for
 * over a second (1.6 s for 80,000 rows of a 1,000,000-row log on this machine); a batch of 250 holds
 * it for 10–30 ms, and the requests waiting go on between batches.
 */
export const RATE_SWEEP_BATCH = 250;

/**
 * Removes the logged writes no window counts any more (the periodic clean-up: sweep.ts): each kind's
 * periods before the last two (limits.rules.ts ratePeriod), so a row goes between one and two of its
 * kind's longest windows after it was made. A batch at a time; other writes go on between the
 * batches. Answers how many rows went.
 */
export async function forgetOldWrites(db: DB, now: number, batch = RATE_SWEEP_BATCH): Promise<number> {
  let removed = 0;
  for (const kind of Object.keys(KIND_KEEP_MS) as RateKind[]) {
    for (;;) {
      const gone = await repo.deleteEventsBefore(db, kind, ratePeriod(kind, now) - 1, batch);
      removed += gone;
      if (gone < batch) break;
    }
  }
  return removed;
}
