import { AppError } from '../errors';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { EngagementActionKind } from './engagement.table';
import { ACTION_KEEP_MS, ACTION_LIMITS, limitMessage } from './engagement.rules';
import * as repo from './limits.repository';

/**
 * The abuse limits of comments, replies and likes (engagement.rules.ts ACTION_LIMITS), counted in
 * the database at the request clock, so several instances agree and tests move the clock.
 */

/**
 * Counts one action of the logged-in user against its limits, or refuses (429 with the limit's
 * message) and counts nothing. Call it after the input and the object were checked and before
 * anything is written. The row is written first and the counts include it, so requests answered
 * at the same moment never get more than a limit between them (at worst both are refused).
 */
export async function countAction(s: Scope, kind: EngagementActionKind): Promise<void> {
  const [{ user }, tenant] = await Promise.all([s.user(), s.tenant()]);
  const id = newId(s.now);
  // The column holds 64 characters; an address is at most 45.
  const ip = s.ip.slice(0, 64);
  await repo.insertAction(s.db, tenant.id, { id, userId: user.id, ip, kind, createdAt: s.now });
  for (const limit of ACTION_LIMITS[kind]) {
    const made = await repo.countActions(s.db, kind, limit.by === 'user' ? { userId: user.id } : { ip }, s.now - limit.windowMs);
    if (made > limit.max) {
      await repo.deleteAction(s.db, tenant.id, id);
      throw AppError.tooMany(limitMessage(limit));
    }
  }
  await repo.deleteActionsBefore(s.db, s.now - ACTION_KEEP_MS);
}
