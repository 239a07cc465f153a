import type { DB } from '../db/database';
import type { RateEventTable, RateKind } from './limits.table';
import { prepared } from '../db/prepared';

/**
 * SQL of the rate limits' log. The limits protect every school alike (one person or one address
 * writing in several schools), so no query names a school: they count rows of a user or an
 * address and return numbers, never another school's data.
 */

const insertRow = prepared(6, (db: DB, id: string, kind: RateKind, userId: string, ip: string, createdAt: number, overShare: RateEventTable['overShare']) =>
  db.insertInto('rateEvents').values({ id, kind, userId, ip, createdAt, overShare }),
);

export function insertEvent(db: DB, row: RateEventTable) {
  return insertRow.run(db, row.id, row.kind, row.userId, row.ip, row.createdAt, row.overShare);
}

export function deleteEvent(db: DB, id: string) {
  return db.deleteFrom('rateEvents').where('id', '=', id).execute();
}

/** A logged write that turned out to be beyond its account's share: from now on it counts against its address. */
const overShare = prepared(1, (db: DB, id: string) => db.updateTable('rateEvents').set({ overShare: 1 }).where('id', '=', id));

export function markOverShare(db: DB, id: string) {
  return overShare.run(db, id);
}

/** Events of a kind by one user made after `since`. */
const userEvents = prepared(3, (db: DB, kind: RateKind, userId: string, since: number) =>
  db
    .selectFrom('rateEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('createdAt', '>', since),
);

export async function countUserEvents(db: DB, kind: RateKind, userId: string, since: number): Promise<number> {
  return Number((await userEvents.first(db, kind, userId, since))?.n ?? 0);
}

/** Events of a kind from one address made after `since` that count against it (beyond their accounts' shares). */
const addressEvents = prepared(3, (db: DB, kind: RateKind, ip: string, since: number) =>
  db
    .selectFrom('rateEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('kind', '=', kind)
    .where('overShare', '=', 1)
    .where('createdAt', '>', since),
);

export async function countAddressEvents(db: DB, kind: RateKind, ip: string, since: number): Promise<number> {
  return Number((await addressEvents.first(db, kind, ip, since))?.n ?? 0);
}

/** Housekeeping: rows no window counts any more. */
export function deleteEventsBefore(db: DB, before: number) {
  return db.deleteFrom('rateEvents').where('createdAt', '<=', before).execute();
}
