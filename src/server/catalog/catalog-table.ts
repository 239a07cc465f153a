import type { AliasedExpression, Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DB } from '../db/database';
import { idsOfSchool } from '../db/clauses';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { CATALOG_STATE, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import { storedFilter } from '~/lib/staff/catalog-schedule';

/**
 * The queries every catalogue table answers the same way, built once from the table's description:
 * a page searched by name and filtered by state, one row, insert, update, delete, the conditional
 * state-and-time move behind scheduling, and the names of some rows. The owning domain's repository
 * calls `catalogTable` with its own table (so the table is named only there) and exports the result;
 * the rows come out through the owner's mapper, converted once (PostgreSQL answers counts and
 * bigints as strings).
 */

/** The list's filter: a page window, part of the name, and CATALOG_STATE (SCHEDULED: a draft with a time). */
export interface CatalogFilter extends PageWindow {
  keyword?: string | undefined;
  /** One row by its id. */
  id?: string | undefined;
  state?: number | undefined;
}

/** The one conditional write of a row's state and time: only while it is in `fromState` (and, with `fromAt`, still scheduled then). */
export interface ScheduleMove {
  fromState: CatalogState;
  fromAt?: number;
  set: { state?: CatalogState; scheduledAt: number | null };
}

// The tables differ in every column but these, so the queries are written over an untyped view of
// them; each owner's spec names real columns and its mapper types what comes back.
// biome-ignore lint/suspicious/noExplicitAny: one query shape over several tables: Kysely is invariant in the table, nothing narrower accepts them all
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: the same untyped view, for the owner's extra columns and guards
export type AnyBuilder = ExpressionBuilder<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a select over the untyped view
type AnySelect = SelectQueryBuilder<any, any, any>;

export interface CatalogTableSpec<Row> {
  /** The owner's table (its name as the schema types it). */
  table: string;
  /** The column searched by keyword, and what the jobs screen names a row by. */
  name: string;
  /** The draft/published column. */
  state: string;
  /**
   * How the stored column reads published: `equal`, the column is PUBLISHED; `notDraft`, any
   * value but DRAFT (a coupon is published while receivable or ended).
   */
  published?: 'equal' | 'notDraft';
  /**
   * The row as the code uses it, in the order its fields are answered: each field read from its
   * column (of its own name unless `column` names another, or one of `extra`'s) and converted once.
   */
  fields: { [K in keyof Row]-?: FieldReader<Row[K]> };
  /** Computed columns of a row (counts of what hangs off it), each aliased by its field, over the table by its own name. */
  extra?: (eb: AnyBuilder) => AliasedExpression<unknown, string>[];
  /** The list's order. */
  order: (q: AnySelect) => AnySelect;
  /** What is left of the row is kept while this holds (the delete's guard, in the delete's own statement). */
  inUse?: (eb: AnyBuilder, tenantId: string, id: string) => Expression<SqlBool>;
}

/** How a field is read: a conversion of the column of its own name, or of another (`from`; null: an `extra` column of its name). */
export type FieldReader<T> = ((raw: unknown) => T) | { from: string | null; read: (raw: unknown) => T };

/** A field read from a column of another name. */
export const column = <T>(from: string, read: (raw: unknown) => T): FieldReader<T> => ({ from, read });
/** A field read from the spec's `extra` column of its name. */
export const computed = <T>(read: (raw: unknown) => T): FieldReader<T> => ({ from: null, read });

/** The columns a spec's fields are read from, and its mapper of a stored row. */
function readerOf<Row>(fields: CatalogTableSpec<Row>['fields']) {
  const entries = Object.entries(fields) as [string, FieldReader<unknown>][];
  const columns = entries.flatMap(([key, f]) => (typeof f === 'function' ? [key] : f.from === null ? [] : [f.from]));
  const toRow = (raw: Record<string, unknown>) =>
    Object.fromEntries(entries.map(([key, f]) => [key, typeof f === 'function' ? f(raw[key]) : f.read(raw[f.from ?? key])])) as Row;
  return { columns, toRow };
}

export interface CatalogTable<Row, Write> {
  page(db: DB, tenantId: string, f: CatalogFilter): Promise<{ rows: Row[]; total: number }>;
  find(db: DB, tenantId: string, id: string): Promise<Row | undefined>;
  insert(db: DB, row: Write & { id: string; tenantId: string; createdAt: number }): Promise<void>;
  update(db: DB, tenantId: string, id: string, patch: Partial<Write> & { scheduledAt?: null }): Promise<boolean>;
  /** Deletes the row unless the spec's guard holds: whether it was deleted. */
  remove(db: DB, tenantId: string, id: string): Promise<boolean>;
  move(db: DB, tenantId: string, id: string, m: ScheduleMove): Promise<boolean>;
  names(db: DB, tenantId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]>;
}

export function catalogTable<Row, Write>(spec: CatalogTableSpec<Row>): CatalogTable<Row, Write> {
  const { table } = spec;
  const { columns, toRow } = readerOf(spec.fields);
  const any = (db: DB) => db as unknown as AnyDb;
  /** The state column is (or, for `notDraft` tables, reads as) `state`. */
  const inState = (state: number) => (eb: AnyBuilder) =>
    spec.published === 'notDraft' ? eb(spec.state, state === CATALOG_STATE.DRAFT ? '=' : '<>', CATALOG_STATE.DRAFT) : eb(spec.state, '=', state);

  function rows(db: DB, tenantId: string, f: Pick<CatalogFilter, 'keyword' | 'id' | 'state'>): AnySelect {
    let q = any(db).selectFrom(table).where(`${table}.tenantId`, '=', tenantId);
    if (f.id) q = q.where(`${table}.id`, '=', f.id);
    if (f.keyword) q = q.where(spec.name, 'like', containing(f.keyword));
    const stored = storedFilter(f.state);
    if (stored) q = q.where(inState(stored.published ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT));
    if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
    return q;
  }
  const selected = (q: AnySelect) => q.select((eb) => [...columns.map((c) => `${table}.${c}`), ...(spec.extra?.(eb) ?? [])]);

  return {
    async page(db, tenantId, f) {
      const { rows: found, total } = await pageFrom(f, spec.order(selected(rows(db, tenantId, f))), rows(db, tenantId, f));
      return { rows: found.map(toRow), total };
    },
    async find(db, tenantId, id) {
      const raw = await selected(rows(db, tenantId, {}))
        .where(`${table}.id`, '=', id)
        .executeTakeFirst();
      return raw ? toRow(raw) : undefined;
    },
    async insert(db, row) {
      await any(db).insertInto(table).values(row).execute();
    },
    async update(db, tenantId, id, patch) {
      const r = await any(db).updateTable(table).set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(db, tenantId, id) {
      let q = any(db).deleteFrom(table).where('tenantId', '=', tenantId).where('id', '=', id);
      const { inUse } = spec;
      if (inUse) q = q.where((eb) => eb.not(inUse(eb, tenantId, id)));
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async move(db, tenantId, id, m) {
      const set = { scheduledAt: m.set.scheduledAt, ...(m.set.state === undefined ? {} : { [spec.state]: m.set.state }) };
      let q = any(db).updateTable(table).set(set).where('tenantId', '=', tenantId).where('id', '=', id).where(inState(m.fromState));
      if (m.fromAt !== undefined) q = q.where('scheduledAt', '=', m.fromAt);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async names(db, tenantId, ids) {
      if (ids.length === 0) return [];
      return any(db)
        .selectFrom(table)
        .select((eb) => ['id', eb.ref(spec.name).as('name')])
        .$call(idsOfSchool(tenantId, ids))
        .execute() as Promise<{ id: string; name: string }[]>;
    },
  };
}

/** A text column as it is stored. */
export const textOf = (v: unknown): string => v as string;
/** A text column that may be empty (null). */
export const optionalTextOf = (v: unknown): string | null => v as string | null;
/** A number column (PostgreSQL answers bigints as strings). */
export const numberOf = (v: unknown): number => Number(v);
/** A count column as the drivers answer it (SQLite a number, PostgreSQL a string; none as 0). */
export const countOf = (v: unknown): number => Number(v ?? 0);
/** A time column (epoch ms, a bigint PostgreSQL answers as a string), or null. */
export const timeOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** A stored draft/published column as the catalogue's state: anything but published is a draft. */
export const stateOf = (v: unknown): CatalogState => (Number(v) === CATALOG_STATE.PUBLISHED ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT);
