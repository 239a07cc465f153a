import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { DB } from './database';

/**
 * A statement built and printed once, then run with new values (decision 071). Building a Kysely
 * statement (its immutable tree, every column reference parsed) and printing it cost 15–100 µs a
 * statement, more than SQLite spends running most of them; the calls every learner request makes
 * (its session, its enrolment, the rate limits) paid that on every request. `build` receives one
 * placeholder per value instead of the values, and must put each value into the statement as a
 * bound value (a `where`, `values` or `set`), never into its text: the first build checks that
 * every placeholder became a parameter. Lists of varying length (`in (…)`) cannot be prepared.
 * The statement is printed once per database dialect (SQLite and PostgreSQL print differently).
 */
export interface Prepared<A extends readonly unknown[], O> {
  /** Every row. */
  all(db: DB, ...values: A): Promise<O[]>;
  /** The first row, or undefined. */
  first(db: DB, ...values: A): Promise<O | undefined>;
  /** A write: how many rows it changed. */
  run(db: DB, ...values: A): Promise<number>;
}

const PLACEHOLDER = (i: number) => `\u0000prepared value ${i}\u0000`;
const placeholderIndex = (p: unknown): number => {
  if (typeof p !== 'string' || !p.startsWith('\u0000prepared value ')) return -1;
  return Number(p.slice('\u0000prepared value '.length, -1));
};

interface Printed<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the printed statement: the index of the value it takes, or -1 (a constant of the statement). */
  positions: readonly number[];
}

export function prepared<A extends readonly unknown[], O>(arity: A['length'], build: (db: DB, ...values: A) => Compilable<O>): Prepared<A, O> {
  // The adapter is the dialect's: one per database, shared by its transactions and its plugins' copies.
  const printed = new WeakMap<object, Printed<O>>();
  const printedFor = (db: DB): Printed<O> => {
    const adapter = db.getExecutor().adapter;
    let p = printed.get(adapter);
    if (!p) {
      const placeholders = Array.from({ length: arity }, (_, i) => PLACEHOLDER(i)) as unknown as A;
      const query = build(db, ...placeholders).compile();
      const positions = query.parameters.map(placeholderIndex);
      for (let i = 0; i < arity; i++) {
        if (!positions.includes(i)) throw new Error(`prepared statement: value ${i} is not a bound value of ${query.sql}`);
      }
      if (query.sql.includes('\u0000')) throw new Error(`prepared statement: a value was written into the text of ${query.sql}`);
      p = { query, positions };
      printed.set(adapter, p);
    }
    return p;
  };
  const execute = (db: DB, values: A): Promise<QueryResult<O>> => {
    const { query, positions } = printedFor(db);
    const parameters = positions.map((at, i) => (at < 0 ? query.parameters[i] : values[at]));
    return db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
  };
  return {
    all: async (db, ...values) => (await execute(db, values)).rows,
    first: async (db, ...values) => (await execute(db, values)).rows[0],
    run: async (db, ...values) => Number((await execute(db, values)).numAffectedRows ?? 0),
  };
}
