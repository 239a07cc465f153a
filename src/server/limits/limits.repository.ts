import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { RateKind, RateTallyTable } from './limits.table';
import { prepared, type Prepared } from '../db/prepared';
import { RATE_SLOTS } from './limits.rules';

/**
 * SQL of the rate limits' counts (rate_tally, decision 127). The limits protect every school alike (one person or
 * one address writing in several schools), so no query names a school: they count a user's or an
 * address's writes and return numbers, never another school's data.
 *
 * A subject's row holds the counts of the latest period it wrote in (c0 … c11) and of the period before (b0 … b11). A
 * count is one insert of the row, or on its key one update of it in place: no statement reads another row, so nothing
 * depends on a plan (PostgreSQL keeps one for a statement prepared by name, made when the table may have held a page).
 */

/** A count column of a slot: the latest period's (c0 … c11) or the period before's (b0 … b11). */
type SlotColumn = Extract<keyof RateTallyTable, `c${number}` | `b${number}`>;

const latest = (slot: number) => `c${slot}` as SlotColumn;
const previous = (slot: number) => `b${slot}` as SlotColumn;

/** The sum of a row's columns `column(from)` to `column(RATE_SLOTS - 1)` (unqualified: the statement's own row). */
function sumFrom(column: (slot: number) => SlotColumn, from: number): RawBuilder<number> {
  const columns = Array.from({ length: RATE_SLOTS - from }, (_, i) => sql.ref(column(from + i)));
  return sql<number>`${sql.join(columns, sql` + `)}`;
}

/** One statement for each slot: each names its own slot's columns, so its text stays fixed and is printed once. */
function bySlot<T>(make: (slot: number) => T): readonly T[] {
  return Array.from({ length: RATE_SLOTS }, (_, slot) => make(slot));
}

type Upsert = ExpressionBuilder<Database & { excluded: RateTallyTable }, 'rateTally' | 'excluded'>;

/**
 * The row after one write to `slot` of the period being written (`excluded.period`), from the row as it was:
 * - the same period: the slot's count goes up by one;
 * - a later one: the latest counts become the period before's (the period right after) or are cleared (two or more
 *   periods on), the latest start again with this write, and the row's period is the new one;
 * - the period before the row's (a write an instance answered at a period's end, counted after another instance
 *   began the next): it goes to the period before's slot. Older ones are not kept: no count reads them.
 */
function written(eb: Upsert, slot: number) {
  const rowPeriod = eb.ref('rateTally.period');
  const period = eb.ref('excluded.period');
  const same = eb(rowPeriod, '=', period);
  const later = eb(rowPeriod, '<', period);
  const next = eb(rowPeriod, '=', eb(period, '-', sql.lit(1)));
  const late = eb(rowPeriod, '=', eb(period, '+', sql.lit(1)));
  const set: Partial<Record<SlotColumn | 'period', unknown>> = {
    period: eb.case().when(later).then(period).else(rowPeriod).end(),
  };
  for (let j = 0; j < RATE_SLOTS; j++) {
    const c = eb.ref(`rateTally.${latest(j)}`);
    const b = eb.ref(`rateTally.${previous(j)}`);
    const added = j === slot ? 1 : 0;
    set[latest(j)] = eb
      .case()
      .when(same)
      .then(added ? eb(c, '+', sql.lit(1)) : c)
      .when(later)
      .then(sql.lit(added))
      .else(c)
      .end();
    set[previous(j)] = eb
      .case()
      .when(next)
      .then(c)
      .when(later)
      .then(sql.lit(0))
      .when(late)
      .then(added ? eb(b, '+', sql.lit(1)) : b)
      .else(b)
      .end();
  }
  return set as never;
}

type CountArgs = [kind: RateKind, windowMs: number, period: number, subject: string];

/**
 * Adds one write to its slot of the subject's row (made if missing, moved on a period if it is behind) and answers the
 * writes counted now: all of the latest period's, and of the period before the slots from this one on (limits.rules.ts
 * countedFrom). One statement, so writes answered at the same moment by several instances each count all those that
 * came before them.
 *
 * A write of a period before the row's (an instance's clock a moment behind another's at a period's end) is answered
 * with both periods the row holds whole: its own period's writes and the next one's. The period before its own is no
 * longer held, so the writes of its slots from this one on are missing from that answer: at most one slot's writes, and
 * only within the moment the clocks differ (decision 127).
 */
const countStatements: readonly Prepared<CountArgs, { n: number }>[] = bySlot((slot) =>
  prepared(4, (db: DB, kind: RateKind, windowMs: number, period: number, subject: string) =>
    db
      .insertInto('rateTally')
      .values({ kind, windowMs, subject, period, [latest(slot)]: 1 })
      .onConflict((oc) => oc.columns(['kind', 'windowMs', 'subject']).doUpdateSet((eb) => written(eb as unknown as Upsert, slot)))
      .returning((eb) =>
        eb
          .case()
          .when('period', '=', period)
          .then(sql<number>`${sumFrom(latest, 0)} + ${sumFrom(previous, slot)}`)
          .else(sql<number>`${sumFrom(latest, 0)} + ${sumFrom(previous, 0)}`)
          .end()
          .as('n'),
      ),
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
  const row = await countStatements[w.slot]!.first(db, w.kind, w.windowMs, w.period, w.subject);
  if (!row) throw new Error('rate_tally: the count answered no row');
  return Number(row.n);
}

/**
 * One less in the slot a write was counted in, wherever the row holds that period now (the latest or the period
 * before); never below zero. An insert on the key too, so it reads no other row (a row gone meanwhile comes back
 * empty, and the clean-up takes it).
 */
const uncountStatements = bySlot((slot) =>
  prepared(4, (db: DB, kind: RateKind, windowMs: number, period: number, subject: string) =>
    db
      .insertInto('rateTally')
      .values({ kind, windowMs, subject, period })
      .onConflict((oc) =>
        oc.columns(['kind', 'windowMs', 'subject']).doUpdateSet((eb) => {
          const rowPeriod = eb.ref('rateTally.period');
          const period = eb.ref('excluded.period');
          const c = eb.ref(`rateTally.${latest(slot)}`);
          const b = eb.ref(`rateTally.${previous(slot)}`);
          return {
            [latest(slot)]: eb
              .case()
              .when(eb.and([eb(rowPeriod, '=', period), eb(c, '>', sql.lit(0))]))
              .then(eb(c, '-', sql.lit(1)))
              .else(c)
              .end(),
            [previous(slot)]: eb
              .case()
              .when(eb.and([eb(rowPeriod, '=', eb(period, '+', sql.lit(1))), eb(b, '>', sql.lit(0))]))
              .then(eb(b, '-', sql.lit(1)))
              .else(b)
              .end(),
          } as never;
        }),
      ),
  ),
);

/** Takes back a write countWrite counted (it was refused): one less in the same slot. */
export function uncountWrite(db: DB, w: CountedWrite): Promise<number> {
  return uncountStatements[w.slot]!.run(db, w.kind, w.windowMs, w.period, w.subject);
}

/**
 * Housekeeping: up to `batch` rows of a kind's window whose latest period is before `period`; answers how many went.
 * The index of the periods finds them. A batch at a time, so no statement holds the database's write lock long. The
 * period is compared again on each row deleted: a count that moved a row on meanwhile keeps it.
 */
const oldRows = prepared(4, (db: DB, kind: RateKind, windowMs: number, period: number, batch: number) =>
  db
    .deleteFrom('rateTally')
    .where('kind', '=', kind)
    .where('windowMs', '=', windowMs)
    .where('period', '<', period)
    .where('subject', 'in', (eb) =>
      eb
        .selectFrom('rateTally as o')
        .select('o.subject')
        .where('o.kind', '=', kind)
        .where('o.windowMs', '=', windowMs)
        .where('o.period', '<', period)
        .limit(batch),
    ),
);

export function deleteCountsBefore(db: DB, kind: RateKind, windowMs: number, period: number, batch: number): Promise<number> {
  return oldRows.run(db, kind, windowMs, period, batch);
}
