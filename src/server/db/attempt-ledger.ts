import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
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

/** The failures of an attempt's window its verdict reads (attempts.rules.ts AttemptCounts). */
export interface WindowCounts {
  device: number;
  accountAddress: number;
  account: number;
  address: number;
}

// biome-ignore lint/suspicious/noExplicitAny: one count over either ledger: each keys its account with its own columns (ip, device and forgiven are both's)
type AnyLedger = ExpressionBuilder<any, any>;
/** The condition that a row is the account's (its key's columns), or null for an attempt at no known account. */
type AccountRows = ((eb: AnyLedger) => Expression<SqlBool>) | null;

export function attemptLedger(table: LedgerTable) {
  return {
    /** The attempt failed: its row stays as a failure for its window (a later success of the account forgives it for the address only). */
    settleFailure: (db: DB, id: string) => db.updateTable(table).set({ pending: 0 }).where('id', '=', id).execute(),
    /** Takes back an attempt's row: it succeeded, or it was refused before anything was checked. */
    deleteFailure: (db: DB, id: string) => db.deleteFrom(table).where('id', '=', id).execute(),
    /** Failures older than the longest window are never counted again. */
    deleteOldFailures: (db: DB, before: number) => db.deleteFrom(table).where('createdAt', '<', before).execute(),
    /**
     * The window's failures an attempt's verdict reads, counted by one statement: one snapshot. Counted by several at
     * once, on PostgreSQL each saw the rows committed by its own start, and under a burst at one account the address
     * could count rows its account's counts had not seen: an attempt over the account's limit was asked for a captcha
     * (428) instead of refused (429). A known browser (`device`) counts its own failures; any other the account's from
     * the address, the account's from everywhere and the address's not forgiven.
     */
    async countWindow(db: DB, account: AccountRows, of: { ip: string; device: string | null }, since: number): Promise<WindowCounts> {
      const { ip, device } = of;
      // biome-ignore lint/suspicious/noExplicitAny: as AnyLedger: the ledgers' shared columns, and the owner's account condition
      const row = await (db as unknown as Kysely<any>)
        .selectFrom(table)
        .select((eb: AnyLedger) => {
          const mine = account === null ? eb.lit(false) : account(eb);
          const unknown = eb('device', 'is', null);
          return [
            eb.fn
              .countAll<number>()
              .filterWhere(device === null ? eb.lit(false) : eb.and([mine, eb('device', '=', device)]))
              .as('device'),
            eb.fn
              .countAll<number>()
              .filterWhere(eb.and([mine, eb('ip', '=', ip), unknown]))
              .as('accountAddress'),
            eb.fn
              .countAll<number>()
              .filterWhere(eb.and([mine, unknown]))
              .as('account'),
            eb.fn
              .countAll<number>()
              .filterWhere(eb.and([eb('ip', '=', ip), eb('forgiven', '=', 0), unknown]))
              .as('address'),
          ];
        })
        .where('createdAt', '>', since)
        .where((eb: AnyLedger) => (account === null ? eb('ip', '=', ip) : eb.or([account(eb), eb('ip', '=', ip)])))
        .executeTakeFirst();
      return {
        device: Number(row?.device ?? 0),
        accountAddress: Number(row?.accountAddress ?? 0),
        account: Number(row?.account ?? 0),
        address: Number(row?.address ?? 0),
      };
    },
  };
}
