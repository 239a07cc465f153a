import type { Category, HotMajorSummary, NoticeSummary } from '~/lib/api/contracts/content';
import { changesAnyOf, type PageChange, type PageKind } from '../events/page-changes';

/**
 * The side columns the news and notice pages show alike for a school: the news categories, the first hot majors and
 * the latest notices. Every list page, every news item's page and every notice page of a school shows the same ones,
 * so they are read once per school through a look-up kept a few seconds (src/server/ttl-cache.ts), cleared at once
 * by a change of what they show here and on every other instance (src/server/runtime.ts), as the school's header is
 * (read by getAsides, src/server/pages/layout-data.ts). Their HTML is kept beside the look-up's object (KeptPart,
 * decisions 100 and 104).
 */
export interface Asides {
  categories: Category[];
  hotMajors: HotMajorSummary[];
  notices: NoticeSummary[];
}

/** How many of each the columns show: every category (a school has a handful), five hot majors, five notices. */
export const ASIDE_SIZES = { categories: 99, hotMajors: 5, notices: 5 } as const;

/** The kinds of content the columns show: news (with their categories), notices, the catalogue (hot majors). */
const ASIDE_KINDS: readonly PageKind[] = ['news', 'notices', 'catalogue'];

/** Whether a change reaches the columns (any of their kinds, or the school itself). */
export function changesAsides(change: PageChange): boolean {
  return changesAnyOf(change, ASIDE_KINDS);
}

/**
 * The kept part's name of the category navigation with `activeId` highlighted, or null when `activeId` names no
 * category of the school: a value from the address that no category has is drawn for its request alone, never kept
 * (the kept parts of one look-up are as many as its categories, whatever addresses are asked for).
 */
export function categoryNavPart(asides: Asides, variant: 'tabs' | 'catalogue', activeId: string | null | undefined): string | null {
  if (activeId && !asides.categories.some((c) => c.id === activeId)) return null;
  return `categories-${variant}:${activeId ?? ''}`;
}
