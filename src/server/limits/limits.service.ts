import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import type { RateKind } from './limits.table';
import { RATE_LIMITS, RATE_SLOTS, RATE_WINDOWS, limitMessage, ratePeriod, rateSlot, rateSubject, type RateLimit } from './limits.rules';
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
 * before anything is written. The write is counted first and each count read back includes it, so
 * requests answered at the same moment by several instances never get more than a limit between them
 * (at worst both are refused).
 *
 * The user's own limits come first. An address's limit counts only the writes beyond each account's
 * share there (RateLimit.accountShare): a write within its account's share is never counted against
 * the address, so a school behind one address pays nothing for the address check. Whatever the order
 * of concurrent writes, an account's writes within its share in any window are at most the share:
 * the last of them counted all the others.
 *
 * Counts are kept by slot (limits.rules.ts RATE_SLOTS, decision 097): a count holds every write of
 * the last window and, at most, those of one slot more.
 */
export async function countWrite(s: Scope, kind: RateKind): Promise<void> {
  const { user } = await s.user();
  // The column holds 80 characters with its prefix; an address is at most 45.
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
  // A slot is a whole number of milliseconds, so every instance cuts the periods alike.
  if (limits.some((l) => l.windowMs % RATE_SLOTS !== 0)) throw new Error(`rate limits: a window of ${kind} is not ${RATE_SLOTS} whole slots`);
  const counted: repo.CountedWrite[] = [];
  const count = async (by: RateLimit['by'], windowMs: number): Promise<number> => {
    const w = { kind, windowMs, period: ratePeriod(windowMs, now), slot: rateSlot(windowMs, now), subject: rateSubject(by, by === 'user' ? userId : ip) };
    const made = await repo.countWrite(db, w);
    counted.push(w);
    return made;
  };
  // The user's count of a window, counted once for the user's limit and the share of that window.
  const userCounts = new Map<number, number>();
  const userCount = async (windowMs: number) => {
    const known = userCounts.get(windowMs);
    if (known !== undefined) return known;
    const made = await count('user', windowMs);
    userCounts.set(windowMs, made);
    return made;
  };
  for (const limit of limits) {
    if (limit.by === 'ip' && limit.accountShare > 0 && (await userCount(limit.windowMs)) <= limit.accountShare) continue;
    const made = limit.by === 'user' ? await userCount(limit.windowMs) : await count('ip', limit.windowMs);
    if (made > limit.max) {
      for (const w of counted) await repo.uncountWrite(db, w);
      throw AppError.tooMany(limitMessage(limit));
    }
  }
}

/**
 * Rows the clean-up removes in one statement. An exam hall's takers each have a row a minute: removed
 * in one statement, a minute's rows would hold SQLite's write lock (every save and report waits); a
 * batch of 250 holds it for milliseconds, and the requests waiting go on between batches.
 */
export const RATE_SWEEP_BATCH = 250;

/**
 * Removes the counts no limit reads any more (the periodic clean-up: sweep.ts): each kind's window's
 * periods before the last two (limits.rules.ts ratePeriod), so a row goes between one and two of its
 * windows after its period ended. A batch at a time; other writes go on between the batches. Answers
 * how many rows went.
 */
export async function forgetOldWrites(db: DB, now: number, batch = RATE_SWEEP_BATCH): Promise<number> {
  let removed = 0;
  for (const { kind, windowMs } of RATE_WINDOWS) {
    for (;;) {
      const gone = await repo.deleteCountsBefore(db, kind, windowMs, ratePeriod(windowMs, now) - 1, batch);
      removed += gone;
      if (gone < batch) break;
    }
  }
  return removed;
}
