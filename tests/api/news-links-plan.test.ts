import { CompiledQuery } from 'kysely';
import { expect, test } from 'vitest';
import { removeLinksOf } from '~/server/content/content-admin.repository';
import { categoriesOfNews, newsCategoryLinks } from '~/server/content/content.repository';
import { DEMO, ON_POSTGRES, useTestServer } from '../setup/server';

/**
 * The news list names the categories of the items on its page by those items (categoriesOfNews), and a staff edit
 * replaces one item's links: each must search the school's links by news item, never read every link of the school,
 * whose count grows with its news (migration 20261202T0100: at 20,000 items the list's look-up took 1.6 ms a page
 * against 0.1 ms). SQLite's planner has no statistics to go by, so its plan is read here, the statement as the
 * portal sends it; PostgreSQL chooses by its statistics and is not asked.
 */
const server = useTestServer();

/** The lines of SQLite's plan of a statement, with the values it is sent with. */
async function planOf(query: CompiledQuery): Promise<string[]> {
  const plan = await server().runtime.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return plan.rows.map((r) => r.detail);
}

/** A search of the links table (aliased or not) by the school and a news item. */
const BY_NEWS_ITEM = /^SEARCH (?:news_category_links|l) USING (?:COVERING )?INDEX \S+ \(tenant_id=\? AND news_id=\?\)$/;

test.skipIf(ON_POSTGRES)('the categories of a list page and a staff edit search the links of their news items only', async () => {
  const db = server().runtime.db;
  const listed = await db.selectFrom('news').select('id').where('tenantId', '=', DEMO.id).limit(10).execute();
  const ids = listed.map((r) => r.id);
  expect(ids.length).toBeGreaterThan(1);
  // The look-up answers the links of these items (the plan below is of the statement that found them).
  const links = await categoriesOfNews(db, DEMO.id, ids);
  expect(links.length).toBeGreaterThan(0);
  expect(links.every((l) => ids.includes(l.newsId))).toBe(true);

  const list = newsCategoryLinks(db, DEMO.id, ids).select(['l.newsId', 'l.categorizeId', 'c.name as categorizeName']).compile();
  expect(await planOf(list)).toContainEqual(expect.stringMatching(BY_NEWS_ITEM));
  const edit = removeLinksOf(db, DEMO.id, ids[0]!).compile();
  expect(await planOf(edit)).toContainEqual(expect.stringMatching(BY_NEWS_ITEM));
});
