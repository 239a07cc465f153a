import { changesAnyOf, type PageChange } from '../events/page-changes';
import type { Asides } from './asides';

/**
 * The news list's first page of a school, with no category or with one of its categories (decision 111): every visitor
 * of it sees the same four items and pager, so they are read once per school and category through a look-up kept a
 * few seconds (getNewsFirstPage, src/server/pages/layout-data.ts), cleared at once by a change of news (with their
 * categories) or of the school here and on every other instance (src/server/runtime.ts), as the side columns are
 * (decision 104); their HTML is kept beside the look-up's object (KeptPart, decision 100). Later pages, searches and
 * addresses naming no category of the school are read and drawn for their request alone. A news item's page reads its
 * item through a look-up of the same kind, cleared by the same changes (decision 113).
 */

/** How long the look-up keeps a first page (cleared sooner by a change of news). */
export const NEWS_LIST_KEPT_MS = 5_000;

/**
 * How long the look-up of news items' pages keeps an item (cleared sooner by a change of news), and how many items it
 * keeps of all schools at most: the oldest read goes first. Only published items are kept; an id of no published item
 * is read for its request alone, so addresses cannot make the look-up keep more than a school's items.
 */
export const NEWS_ITEM_KEPT_MS = 5_000;
export const NEWS_ITEMS_KEPT = 500;

/** The look-up's key of a school's news item. */
export const newsItemKey = (tenantId: string, id: string): string => `${tenantId}:${id}`;

/** How many news items the list shows a page. */
export const NEWS_LIST_PAGE_SIZE = 4;

/** Whether a change reaches the kept first pages and items: news and their categories, or the school itself. */
export function changesNewsList(change: PageChange): boolean {
  return changesAnyOf(change, ['news']);
}

/**
 * The look-up's key of the first page of a school's news list showing `categorizeId` (none: every category), or null
 * when the page is not kept: a later page, or a category the school does not have (so addresses cannot make the
 * look-up keep more than one first page per category of the school, and one with none).
 */
export function newsFirstPageKey(tenantId: string, asides: Asides, categorizeId: string | undefined, current: number): string | null {
  if (current !== 1) return null;
  if (categorizeId !== undefined && !asides.categories.some((c) => c.id === categorizeId)) return null;
  return `${tenantId}:${categorizeId ?? ''}`;
}
