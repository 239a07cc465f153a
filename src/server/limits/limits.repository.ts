import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { RateCountTable, RateKind } from './limits.table';
import { prepared, type Prepared } from '../db/prepared';
import { RATE_SLOTS } from './limits.rules';

/**
 * SQL of the rate limits' counts (rate_count). The limits protect every school alike (one person or
 * one address writing in several schools), so no query names a school: they count a user's or an
 * address's writes and return numbers, never another school's data.
 */

/** The count column of a slot (c0 … c11). */
type SlotColumn = Extract<keyof RateCountTable, `c${number}`>;

const slotColumn = (slot: number) => `c${slot}` as SlotColumn;

/** The sum of the slots from `from` to the last, of the row `table` names (unqualified: the statement's own row). */
function slotsFrom(from: number, table?: string): RawBuilder<number> {
  const columns = Array.from({ length: RATE_SLOTS - from }, (_, i) => sql.ref(table ? `${table}.${slotColumn(from + i)}` : slotColumn(from + i)));
  return sql<number>`${sql.join(columns, sql` + `)}`;
}

/** One statement for each slot: each names its own slot's column, so its text stays fixed and is printed once. */
function bySlot<T>(make: (slot: number) => T): readonly T[] {
  return Array.from({ length: RATE_SLOTS }, (_, slot) => make(slot));
}

type CountArgs = [kind: RateKind, windowMs: number, period: number, subject: string, earlier: number];

/**
 * Adds one write to its slot of the subject's row for the period (made if missing) and answers the
 * writes counted now: all of this period's row, and of the period before the slots from this one on
 * (limits.rules.ts countedFrom). One statement, so writes answered at the same moment by several
 * instances each count all those that came before them.
 */
const countStatements: readonly Prepared<CountArgs, { n: number; before: number | null }>[] = bySlot((slot) =>
  prepared(5, (db: DB, kind: RateKind, windowMs: number, period: number, subject: string, earlier: number) =>
    db
      .insertInto('rateCount')
      .values({ kind, windowMs, period, subject, [slotColumn(slot)]: 1 })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'windowMs', 'period', 'subject'])
          .doUpdateSet((eb) => ({ [slotColumn(slot)]: eb(eb.ref(`rateCount.${slotColumn(slot)}`), '+', 1) })),
      )
      .returning((eb) => [
        slotsFrom(0).as('n'),
        eb
          .selectFrom('rateCount as p')
          .select(slotsFrom(slot, 'p').as('s'))
          .where('p.kind', '=', kind)
          .where('p.windowMs', '=', windowMs)
          .where('p.period', '=', earlier)
          .where('p.subject', '=', subject)
          .as('before'),
      ]),
  ),
);

export interface CountedWrite {
  kind: RateKind;
  windowMs: number;
  period: number;
  slot: number;
  subject: string;
}

/** Counts one write (see countStatements); answers the subject's writes now counted, this one included. */
export async function countWrite(db: DB, w: CountedWrite): Promise<number> {
  const row = await countStatements[w.slot]!.first(db, w.kind, w.windowMs, w.period, w.subject, w.period - 1);
  if (!row) throw new Error('rate_count: the count answered no row');
  return Number(row.n) + Number(row.before ?? 0);
}

const uncountStatements = bySlot((slot) =>
  prepared(4, (db: DB, kind: RateKind, windowMs: number, period: number, subject: string) =>
    db
      .updateTable('rateCount')
      .set((eb) => ({ [slotColumn(slot)]: eb(eb.ref(slotColumn(slot)), '-', 1) }))
      .where('kind', '=', kind)
      .where('windowMs', '=', windowMs)
      .where('period', '=', period)
      .where('subject', '=', subject)
      .where(slotColumn(slot), '>', 0),
  ),
);

/** Takes back a write countWrite counted (it was refused): one less in the same slot. */
export function uncountWrite(db: DB, w: CountedWrite): Promise<number> {
  return uncountStatements[w.slot]!.run(db, w.kind, w.windowMs, w.period, w.subject);
}

/**
 * Housekeeping: up to `batch` rows of a kind's window filed under periods before `period`; answers
 * how many went. They lie together at the front of the key. A batch at a time, so no statement holds
 * the database's write lock long.
 */
const oldRows = prepared(4, (db: DB, kind: RateKind, windowMs: number, period: number, batch: number) =>
  db
    .deleteFrom('rateCount')
    .where('kind', '=', kind)
    .where('windowMs', '=', windowMs)
    .where((eb) =>
      eb(
        eb.refTuple('period', 'subject'),
        'in',
        eb
          .selectFrom('rateCount as o')
          .select(['o.period', 'o.subject'])
          .where('o.kind', '=', kind)
          .where('o.windowMs', '=', windowMs)
          .where('o.period', '<', period)
          .limit(batch)
          .$asTuple('period', 'subject'),
      ),
    ),
);

export function deleteCountsBefore(db: DB, kind: RateKind, windowMs: number, period: number, batch: number): Promise<number> {
  return oldRows.run(db, kind, windowMs, period, batch);
}
