import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { RateEventTable, RateKind } from './limits.table';
import { prepared } from '../db/prepared';

/**
 * SQL of the rate limits' log. The limits protect every school alike (one person or one address
 * writing in several schools), so no query names a school: they count rows of a user or an
 * address and return numbers, never another school's data.
 */

/** A logged write: the table's row without its id (the database gives it; insertEvent answers it). */
export type NewEvent = Omit<RateEventTable, 'id'>;

const insertRow = prepared(6, (db: DB, kind: RateKind, period: number, userId: string, ip: string, createdAt: number, overShare: 0 | 1) =>
  db.insertInto('rateLog').values({ kind, period, userId, ip, createdAt, overShare }).returning('id'),
);

export async function insertEvent(db: DB, row: NewEvent): Promise<number> {
  const inserted = await insertRow.first(db, row.kind, row.period, row.userId, row.ip, row.createdAt, row.overShare);
  if (!inserted) throw new Error('rate_log: the insert answered no id');
  return Number(inserted.id);
}

const deleteRow = prepared(1, (db: DB, id: number) => db.deleteFrom('rateLog').where('id', '=', id));

export function deleteEvent(db: DB, id: number) {
  return deleteRow.run(db, id);
}

/** A logged write that turned out to be beyond its account's share: from now on it counts against its address. */
const overShare = prepared(1, (db: DB, id: number) => db.updateTable('rateLog').set({ overShare: 1 }).where('id', '=', id));

export function markOverShare(db: DB, id: number) {
  return overShare.run(db, id);
}

/**
 * Events of a kind by one user made after `since`, among those filed under `period` and the period
 * before it (the caller's window lies within the two). Each period is one seek of the log's index.
 */
const userEvents = prepared(5, (db: DB, kind: RateKind, earlier: number, period: number, userId: string, since: number) =>
  db
    .selectFrom('rateLog')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('period', 'in', [earlier, period])
    .where('userId', '=', userId)
    .where('createdAt', '>', since),
);

export async function countUserEvents(db: DB, kind: RateKind, period: number, userId: string, since: number): Promise<number> {
  return Number((await userEvents.first(db, kind, period - 1, period, userId, since))?.n ?? 0);
}

/** Events of a kind from one address made after `since` that count against it (beyond their accounts' shares). */
const addressEvents = prepared(3, (db: DB, kind: RateKind, ip: string, since: number) =>
  db
    .selectFrom('rateLog')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('kind', '=', kind)
    // Written into the statement, not bound: only then may either database read the partial index
    // of these rows (rate_log_over_share_idx).
    .where('overShare', '=', sql.lit(1))
    .where('createdAt', '>', since),
);

export async function countAddressEvents(db: DB, kind: RateKind, ip: string, since: number): Promise<number> {
  return Number((await addressEvents.first(db, kind, ip, since))?.n ?? 0);
}

/**
 * Housekeeping: up to `batch` rows of a kind filed under periods before `period`; answers how many
 * went. They lie together at the front of the log's index. A batch at a time, so no statement holds
 * the database's write lock long.
 */
const oldRows = prepared(3, (db: DB, kind: RateKind, period: number, batch: number) =>
  db.deleteFrom('rateLog').where('id', 'in', (eb) => eb.selectFrom('rateLog').select('id').where('kind', '=', kind).where('period', '<', period).limit(batch)),
);

export function deleteEventsBefore(db: DB, kind: RateKind, period: number, batch: number): Promise<number> {
  return oldRows.run(db, kind, period, batch);
}
