import { AppError } from '../errors';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { RateKind } from './limits.table';
import { RATE_KEEP_MS, RATE_LIMITS, limitMessage } from './limits.rules';
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
 */
export async function countWrite(s: Scope, kind: RateKind): Promise<void> {
  const { user } = await s.user();
  const id = newId(s.now);
  // The column holds 64 characters; an address is at most 45.
  const ip = s.ip.slice(0, 64);
  await repo.insertEvent(s.db, { id, kind, userId: user.id, ip, createdAt: s.now });
  for (const limit of RATE_LIMITS[kind]) {
    const made = await repo.countEvents(s.db, kind, limit.by === 'user' ? { userId: user.id } : { ip }, s.now - limit.windowMs);
    if (made > limit.max) {
      await repo.deleteEvent(s.db, id);
      throw AppError.tooMany(limitMessage(limit));
    }
  }
  await repo.deleteEventsBefore(s.db, s.now - RATE_KEEP_MS);
}
