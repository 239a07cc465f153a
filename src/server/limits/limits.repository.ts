import type { DB } from '../db/database';
import type { RateEventTable, RateKind } from './limits.table';
import { countOf } from '../db/rows';

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

/** A logged write that turned out to be beyond its account's share: from now on it counts against its address. */
export function markOverShare(db: DB, id: string) {
  return db.updateTable('rateEvents').set({ overShare: 1 }).where('id', '=', id).execute();
}

/** Events of a kind by one user made after `since`. */
export function countUserEvents(db: DB, kind: RateKind, userId: string, since: number): Promise<number> {
  return countOf(db.selectFrom('rateEvents').where('userId', '=', userId).where('kind', '=', kind).where('createdAt', '>', since));
}

/** Events of a kind from one address made after `since` that count against it (beyond their accounts' shares). */
export function countAddressEvents(db: DB, kind: RateKind, ip: string, since: number): Promise<number> {
  return countOf(db.selectFrom('rateEvents').where('ip', '=', ip).where('kind', '=', kind).where('overShare', '=', 1).where('createdAt', '>', since));
}

/** Housekeeping: rows no window counts any more. */
export function deleteEventsBefore(db: DB, before: number) {
  return db.deleteFrom('rateEvents').where('createdAt', '<=', before).execute();
}
