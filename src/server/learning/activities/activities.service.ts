import type { Scope } from '../../http/scope';
import * as repo from './activities.repository';

/**
 * Class activities. The classes sub-domain asks here for a class's activity total; the callers
 * have already checked that the student is enrolled in the class.
 */

export function countActivities(s: Scope, input: { tenantId: string; classId: string }): Promise<number> {
  return repo.countClassActivities(s.db, input.tenantId, input.classId);
}
