import type { DB } from '../db/database';
import type { EngagementActionKind, EngagementActionTable } from './engagement.table';

/**
 * SQL of the abuse limits' log. The limits protect every school alike (one user or one address
 * writing in several schools), so the counts and the clean-up are the only queries without a
 * tenant id: they return numbers, never another school's rows.
 */

export function insertAction(db: DB, tenantId: string, row: Omit<EngagementActionTable, 'tenantId'>) {
  return db
    .insertInto('engagementActions')
    .values({ ...row, tenantId })
    .execute();
}

export function deleteAction(db: DB, tenantId: string, id: string) {
  return db.deleteFrom('engagementActions').where('tenantId', '=', tenantId).where('id', '=', id).execute();
}

/** Actions of a kind by one user or from one address made after `since`, in any school. */
export async function countActions(db: DB, kind: EngagementActionKind, by: { userId: string } | { ip: string }, since: number): Promise<number> {
  const recent = db.selectFrom('engagementActions').where('kind', '=', kind).where('createdAt', '>', since);
  const q = 'userId' in by ? recent.where('userId', '=', by.userId) : recent.where('ip', '=', by.ip);
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Housekeeping: rows no window counts any more. */
export function deleteActionsBefore(db: DB, before: number) {
  return db.deleteFrom('engagementActions').where('createdAt', '<=', before).execute();
}
