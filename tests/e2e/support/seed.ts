/**
 * What the seeded database is expected to show, derived from the seed data itself so the tests
 * follow the fixtures instead of copying them. Only published rows (status 1, the default) show.
 */
import { DEMO_TENANT, SECOND_TENANT, type SeedTenant } from '../../../src/dev/seed/demo-data';

/** Published rows, newest first: the order of every list. */
const published = <T extends { status?: number; ageHours: number }>(rows: T[]) =>
  rows.filter((r) => (r.status ?? 1) === 1).sort((a, b) => a.ageHours - b.ageHours);
const unpublished = <T extends { status?: number }>(rows: T[]) => rows.filter((r) => (r.status ?? 1) !== 1);

export const demo = {
  categories: DEMO_TENANT.categories,
  publishedNewsTitles: published(DEMO_TENANT.news).map((n) => n.title),
  unpublishedNewsTitles: unpublished(DEMO_TENANT.news).map((n) => n.title),
  /** Newest first. */
  publishedNoticeTitles: published(DEMO_TENANT.notices).map((n) => n.title),
  unpublishedNoticeTitles: unpublished(DEMO_TENANT.notices).map((n) => n.title),
  /** Published news of a category, newest first (the list's order). */
  newsOfCategory(name: string): string[] {
    const index = DEMO_TENANT.categories.indexOf(name);
    if (index < 0) throw new Error(`no demo category ${name}`);
    return published(DEMO_TENANT.news)
      .filter((n) => n.categories.includes(index))
      .map((n) => n.title);
  },
};

export const huaxia = {
  publishedNewsTitles: published(SECOND_TENANT.news).map((n) => n.title),
  unpublishedNewsTitles: unpublished(SECOND_TENANT.news).map((n) => n.title),
  publishedNoticeTitles: published(SECOND_TENANT.notices).map((n) => n.title),
};

export function allTitles(t: SeedTenant): string[] {
  return [...t.news.map((n) => n.title), ...t.notices.map((n) => n.title)];
}

export { DEMO_TENANT, SECOND_TENANT };
