import type { NewsSummary, RecentArticle } from '~/lib/api/contracts/content';
import type { CouponVO } from '~/lib/api/contracts/leads';
import type { Banner } from '~/lib/api/contracts/media';
import type { HomeTrainingProjects } from '~/lib/api/contracts/products';
import { changesAnyOf, type PageChange, type PageKind } from '../events/page-changes';

/**
 * The home page's sections of a school (decision 110): the ticker, the latest news, the banners, the coupons and the
 * training projects as the home's own address shows them. Every visitor of a school's home sees the same ones, so they
 * are read once per school (getHomeSections, src/server/pages/home-data.ts) through a look-up kept a few seconds
 * (src/server/ttl-cache.ts), cleared at once by a change of what they show here and on every other instance
 * (src/server/runtime.ts), as the side columns are (decision 104). Their HTML is kept beside the look-up's object
 * (KeptPart, decision 100).
 */
export interface HomeSections {
  /** The clock reading they were read at (epoch ms): the ticker's window ends here, the coupons' days are counted from it. */
  at: number;
  /** The ticker: notices and news of the last TICKER_DAYS days, newest first. */
  recent: RecentArticle[];
  /** The latest news. */
  news: NewsSummary[];
  /** The banners with a picture, in their order. */
  slides: (Banner & { pic: string })[];
  /** The receivable coupons, newest first. */
  coupons: CouponVO[];
  /** The training projects of the home's own address: the first category, its first page. */
  projects: HomeTrainingProjects;
}

/** How many of each the home shows: the ticker's items, the latest news, the coupons. */
export const HOME_SIZES = { ticker: 10, news: 4, coupons: 3 } as const;

/** How far back the ticker's notices and news go. */
export const TICKER_DAYS = 30;

/** What the home shows besides the school itself: its cache tags (Astro.locals.shows) and what clears its look-up. */
export const HOME_KINDS: readonly PageKind[] = ['news', 'notices', 'media', 'coupons', 'catalogue'];

/** Whether a change reaches the home's sections (any of their kinds, or the school itself). */
export function changesHome(change: PageChange): boolean {
  return changesAnyOf(change, HOME_KINDS);
}

/** Kept sections older or newer than this by the request's own clock are not shown to it (a clock set forward or back). */
export const HOME_SECTIONS_KEPT_MS = 5_000;
