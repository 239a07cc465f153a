import { changesAnyOf, type PageChange } from '../events/page-changes';

/**
 * The notice list's first page and each published notice of a school, as their pages show them (decision 114): every
 * visitor of them sees the same, so they are read once per school (and notice) through look-ups kept a few seconds
 * (getNoticeListPage and getNoticeItem, src/server/pages/layout-data.ts), cleared at once by a change of notices or of
 * the school here and on every other instance (src/server/runtime.ts), as the news list and items are (decisions 111
 * and 113); their HTML is kept beside the look-up's object (KeptPart, decision 100). Later pages, and ids of no
 * published notice of the school, are read and drawn for their request alone, so addresses cannot fill the look-ups.
 */

/** How long the look-ups keep the first page and a notice (cleared sooner by a change of notices). */
export const NOTICE_PAGES_KEPT_MS = 5_000;

/** How many notices of all schools the look-up keeps at most: the oldest read goes first. */
export const NOTICE_ITEMS_KEPT = 500;

/** How many notices the list shows a page. */
export const NOTICE_LIST_PAGE_SIZE = 6;

/** Whether a change reaches the kept first pages and notices: notices, or the school itself. */
export function changesNotices(change: PageChange): boolean {
  return changesAnyOf(change, ['notices']);
}

/** The look-up's key of a school's notice. */
export const noticeItemKey = (tenantId: string, id: string): string => `${tenantId}:${id}`;
