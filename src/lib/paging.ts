/**
 * Paging, one definition for server and browser: the spec's page answer {records, current,
 * pages, size, total} and what a list asks for. Pure and browser-safe.
 */

export interface Page<T> {
  records: T[];
  current: number;
  pages: number;
  size: number;
  total: number;
}

/** Which page of a list: 1-based page number and size, newest or oldest first. */
export interface PageQuery {
  current: number;
  size: number;
  order: 'asc' | 'desc';
  /** false when only the records are shown (sidebars, a few items and no pager): skips counting. */
  countTotal?: boolean;
}

/** The spec's paging request body: {current, size, model, order, sort}. */
export interface PageRequest<M = Record<string, unknown>, S extends string = string> {
  current?: number;
  size?: number;
  model?: M;
  order?: 'ascending' | 'descending' | 'asc' | 'desc';
  sort?: S;
}

export function pageCount(total: number, size: number): number {
  return size > 0 ? Math.ceil(total / size) : 0;
}

export function pageOf<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, current, size, pages: pageCount(total, size) };
}

/** The same page with its records mapped. */
export function mapPage<T, U>(page: Page<T>, map: (record: T) => U): Page<U> {
  return { ...page, records: page.records.map(map) };
}

/** Paging fields may arrive as strings (Long values serialised by some servers): make them numbers. */
export function normalizePage<T>(raw: unknown): Page<T> {
  const p = (raw ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  };
  return {
    records: Array.isArray(p['records']) ? (p['records'] as T[]) : [],
    current: num(p['current']),
    pages: num(p['pages']),
    size: num(p['size']),
    total: num(p['total']),
  };
}
