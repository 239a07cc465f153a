import { createQueryId, sql, type Compilable, type CompiledQuery, type QueryResult, type SelectQueryBuilder } from 'kysely';
import type { DB } from './database';
import { paged, type Paged, type PageWindow } from './paging';
import { NamingPostgresAdapter } from './statement-names';

/**
 * A statement built and printed once, then run with new values (decision 071). Building a Kysely
 * statement (its immutable tree, every column reference parsed) and printing it cost 15–100 µs a
 * statement, more than SQLite spends running most of them; the calls every learner request makes
 * (its session, its enrolment, the rate limits) paid that on every request. `build` receives one
 * placeholder per value instead of the values, and must put each value into the statement as a
 * bound value (a `where`, `values` or `set`), never into its text: the first build checks that
 * every placeholder became a parameter. A list of varying length (`in (…)`) is prepared once per
 * length with `preparedIn`.
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

/** Prints the statement `build` makes from placeholders 0 … count-1, checking each became a bound value. */
function print<O>(statement: Compilable<O>, count: number): Printed<O> {
  const query = statement.compile();
  const positions = query.parameters.map(placeholderIndex);
  for (let i = 0; i < count; i++) {
    if (!positions.includes(i)) throw new Error(`prepared statement: value ${i} is not a bound value of ${query.sql}`);
  }
  if (query.sql.includes('\u0000')) throw new Error(`prepared statement: a value was written into the text of ${query.sql}`);
  return { query, positions };
}

const placeholders = (from: number, count: number) => Array.from({ length: count }, (_, i) => PLACEHOLDER(from + i));

/** On PostgreSQL a printed statement is also prepared on the server, once per connection, under a name (decision 118). */
function named(adapter: object, p: Printed<unknown>): void {
  if (adapter instanceof NamingPostgresAdapter) adapter.statements.name(p.query.sql);
}

/** Runs a printed statement with the values its placeholders stand for. */
function runPrinted<O>(db: DB, { query, positions }: Printed<O>, values: readonly unknown[]): Promise<QueryResult<O>> {
  const parameters = positions.map((at, i) => (at < 0 ? query.parameters[i] : values[at]));
  return db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
}

function readers<A extends readonly unknown[], O>(execute: (db: DB, values: A) => Promise<QueryResult<O>>): Prepared<A, O> {
  return {
    all: async (db, ...values) => (await execute(db, values)).rows,
    first: async (db, ...values) => (await execute(db, values)).rows[0],
    run: async (db, ...values) => Number((await execute(db, values)).numAffectedRows ?? 0),
  };
}

export function prepared<A extends readonly unknown[], O>(arity: A['length'], build: (db: DB, ...values: A) => Compilable<O>): Prepared<A, O> {
  // The adapter is the dialect's: one per database, shared by its transactions and its plugins' copies.
  const printed = new WeakMap<object, Printed<O>>();
  const printedFor = (db: DB): Printed<O> => {
    const adapter = db.getExecutor().adapter;
    let p = printed.get(adapter);
    if (!p) {
      p = print(build(db, ...(placeholders(0, arity) as unknown as A)), arity);
      named(adapter, p);
      printed.set(adapter, p);
    }
    return p;
  };
  return readers((db, values: A) => runPrinted(db, printedFor(db), values));
}

/**
 * The longest `in (…)` list printed once for its length (a class's courses, a course's lessons); a
 * longer one is built anew on each call, so the statements kept stay few.
 */
export const LONGEST_PREPARED_LIST = 64;

/**
 * A statement whose last value is a list (`in (…)`): printed once for each length of the list, up
 * to LONGEST_PREPARED_LIST, then run with new values as `prepared` does. `build` gets one
 * placeholder per scalar value and a list of placeholders for the list. An empty list is built anew
 * (`in ()` is no statement on PostgreSQL: callers answer an empty list without asking).
 */
export function preparedIn<A extends readonly [...unknown[], readonly unknown[]], O>(
  arity: A['length'],
  build: (db: DB, ...values: A) => Compilable<O>,
): Prepared<A, O> {
  const scalars = arity - 1;
  const printed = new WeakMap<object, Map<number, Printed<O>>>();
  const printedFor = (db: DB, length: number): Printed<O> => {
    const adapter = db.getExecutor().adapter;
    let byLength = printed.get(adapter);
    if (!byLength) {
      byLength = new Map();
      printed.set(adapter, byLength);
    }
    let p = byLength.get(length);
    if (!p) {
      const values = [...placeholders(0, scalars), placeholders(scalars, length)] as unknown as A;
      p = print(build(db, ...values), scalars + length);
      named(adapter, p);
      byLength.set(length, p);
    }
    return p;
  };
  return readers((db, values: A) => {
    const list = values[scalars] as readonly unknown[];
    if (list.length === 0 || list.length > LONGEST_PREPARED_LIST) return db.executeQuery<O>(build(db, ...values).compile());
    return runPrinted(db, printedFor(db, list.length), [...values.slice(0, scalars), ...list]);
  });
}

/**
 * `pageFrom` (paging.ts) printed once: the rows of a window, its offset and limit bound values, and unless not wanted
 * count(*) over the same filters. `rows` gets the values and selects and orders; `filtered` makes the same filters
 * with nothing selected yet.
 */
export function preparedPage<A extends readonly unknown[], O>(
  arity: A['length'],
  // biome-ignore lint/suspicious/noExplicitAny: any tables and aliases, as pageFrom takes them
  rows: (db: DB, ...values: A) => SelectQueryBuilder<any, any, O>,
  // biome-ignore lint/suspicious/noExplicitAny: the same filters before anything is selected, over any tables and aliases
  filtered: (db: DB, ...values: A) => SelectQueryBuilder<any, any, any>,
): (db: DB, w: PageWindow, ...values: A) => Promise<Paged<O>> {
  const windowRows = prepared<[...A, number, number], O>(arity + 2, (db, ...v) =>
    rows(db, ...(v.slice(0, arity) as unknown as A))
      .offset(v[arity] as number)
      .limit(v[arity + 1] as number),
  );
  const count = prepared<A, { n: number | string | bigint }>(arity, (db, ...v) => filtered(db, ...v).select(sql<number>`count(*)`.as('n')));
  return (db, w, ...values) => paged(w, windowRows.all(db, ...values, w.offset, w.limit), () => count.first(db, ...values));
}

/**
 * A statement (or page) that takes one of a few forms: a sort column and direction, a filter given or not. `make`
 * prepares the form a shape names, once; shapes are a closed set of names the code spells (a union of literals),
 * never a value from a request, so the forms kept stay few.
 */
export function byShape<S extends string, P>(make: (shape: S) => P): (shape: S) => P {
  const made = new Map<S, P>();
  return (shape) => {
    let form = made.get(shape);
    if (form === undefined) {
      form = make(shape);
      made.set(shape, form);
    }
    return form;
  };
}
