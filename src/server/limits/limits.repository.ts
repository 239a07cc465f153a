import type { DB } from '../db/database';
import type { RateEventTable, RateKind } from './limits.table';

/**
 * SQL of the rate limits' log. The limits protect every school alike (one person or one address
 * writing in several schools), so no query names a school: they count rows of a user or an
 * address and return numbers, never another school's data.
 */

export function insertEvent(db: DB, row: RateEventTable) {
  return db.insertInto('rateEvents').values(row).execute();
}

export function deleteEvent(db: DB, id: string) {
  return db.deleteFrom('rateEvents').where('id', '=', id).execute();
}

/** Events of a kind by one user or from one address made after `since`. */
export async function countEvents(db: DB, kind: RateKind, by: { userId: string } | { ip: string }, since: number): Promise<number> {
  const recent = db.selectFrom('rateEvents').where('kind', '=', kind).where('createdAt', '>', since);
  const q = 'userId' in by ? recent.where('userId', '=', by.userId) : recent.where('ip', '=', by.ip);
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Housekeeping: rows no window counts any more. */
export function deleteEventsBefore(db: DB, before: number) {
  return db.deleteFrom('rateEvents').where('createdAt', '<=', before).execute();
}
