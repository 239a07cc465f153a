import type { DB } from './database';
import type { Database } from './schema';

/**
 * The statements a table of sign-in attempts answers alike (the students' login and the staff's
 * sign-in each keep one, decision 053): every attempt is a row, pending while it is checked; a
 * failure stays as a settled row, a success or an early refusal takes its row back, and rows older
 * than the throttle's window go. Each table's owner calls this with its own table's name.
 */

/** The columns that make a table a ledger of attempts. */
interface AttemptColumns {
  id: string;
  pending: number;
  createdAt: number;
}

/** The tables of the schema that keep attempts. */
type LedgerTable = { [T in keyof Database]: Database[T] extends AttemptColumns ? T : never }[keyof Database];

export function attemptLedger(table: LedgerTable) {
  return {
    /** The attempt failed: its row stays as a failure for its window (a later success of the account forgives it for the address only). */
    settleFailure: (db: DB, id: string) => db.updateTable(table).set({ pending: 0 }).where('id', '=', id).execute(),
    /** Takes back an attempt's row: it succeeded, or it was refused before anything was checked. */
    deleteFailure: (db: DB, id: string) => db.deleteFrom(table).where('id', '=', id).execute(),
    /** Failures older than the longest window are never counted again. */
    deleteOldFailures: (db: DB, before: number) => db.deleteFrom(table).where('createdAt', '<', before).execute(),
  };
}
