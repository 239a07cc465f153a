import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '~/lib/paging';

/** The rows of one page as SQL reads them: offset, limit, direction, and whether to count. */
export interface PageWindow {
  offset: number;
  limit: number;
  order: 'asc' | 'desc';
  /** Sidebars show a few items and no pager: false skips the count query. */
  countTotal?: boolean;
}

export function windowOf(q: PageQuery): PageWindow {
  return { offset: (q.current - 1) * q.size, limit: q.size, order: q.order, countTotal: q.countTotal ?? true };
}

export interface Paged<R> {
  rows: R[];
  total: number;
}

/** Runs the rows query and, unless not wanted, the count query beside it. */
export async function paged<R>(
  w: Pick<PageWindow, 'countTotal'>,
  rows: Promise<R[]>,
  count: () => Promise<{ n: number | string | bigint } | undefined>,
): Promise<Paged<R>> {
  const [r, c] = await Promise.all([rows, w.countTotal === false ? null : count()]);
  return { rows: r, total: c ? Number(c.n) : r.length };
}

/** A LIKE pattern that matches the text anywhere, with the user's wildcards removed. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

/**
 * One page of a select: the rows of the window from `rows` (already selected and ordered) and,
 * unless not wanted, count(*) over `filtered` (the same filters, nothing selected yet).
 */
export function pageFrom<O>(
  w: PageWindow,
  // biome-ignore lint/suspicious/noExplicitAny: any tables and aliases: Kysely's builder is invariant in them, nothing narrower accepts every caller
  rows: SelectQueryBuilder<any, any, O>,
  // biome-ignore lint/suspicious/noExplicitAny: the same filters before anything is selected, over any tables and aliases
  filtered: SelectQueryBuilder<any, any, any>,
): Promise<Paged<O>> {
  return paged(
    w,
    rows.offset(w.offset).limit(w.limit).execute(),
    () => filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst() as Promise<{ n: number } | undefined>,
  );
}
