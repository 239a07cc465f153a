import { sql } from 'kysely';
import type { DB } from '../db/database';
import { newsCategoryLinks, newsWhere } from './content.repository';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { News, NewsCategory, Notice } from './content.table';
import { changedAny } from '../db/rows';
import { idsOfSchool, whereEqual } from '../db/clauses';

/**
 * The staff side's content SQL: items in every state, always within one school (tenant id first).
 * State changes that must happen once are conditional on the state they start from.
 */

export interface AdminFilter extends PageWindow {
  title?: string | undefined;
  status?: number | undefined;
  categorizeId?: string | undefined;
}

export function pageNews(db: DB, tenantId: string, f: AdminFilter) {
  const q = newsWhere(db, tenantId, f);
  return pageFrom(
    f,
    q
      .select(['news.id', 'news.title', 'news.status', 'news.contentType', 'news.publishTime', 'news.updatedAt'])
      .orderBy('news.updatedAt', 'desc')
      .orderBy('news.id', 'desc'),
    q,
  );
}

export function findNews(db: DB, tenantId: string, id: string): Promise<News | undefined> {
  return db.selectFrom('news').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export function linksOf(db: DB, tenantId: string, newsIds: string[]) {
  if (newsIds.length === 0) return Promise.resolve([]);
  return newsCategoryLinks(db, tenantId, newsIds).select(['l.newsId', 'c.id', 'c.name']).orderBy('c.id').execute();
}

export async function insertNews(db: DB, row: News): Promise<void> {
  await db.insertInto('news').values(row).execute();
}

export async function updateNewsFields(
  db: DB,
  tenantId: string,
  id: string,
  fields: Pick<News, 'title' | 'cover' | 'introduction' | 'sources' | 'contentType' | 'content' | 'updatedAt'>,
): Promise<void> {
  await db.updateTable('news').set(fields).$call(whereEqual({ tenantId, id })).execute();
}

/** The removal of one news item's category links (the first half of replacing them). */
export function removeLinksOf(db: DB, tenantId: string, newsId: string) {
  return db.deleteFrom('newsCategoryLinks').where('tenantId', '=', tenantId).where('newsId', '=', newsId);
}

export async function replaceLinks(db: DB, tenantId: string, newsId: string, categoryIds: string[]): Promise<void> {
  await removeLinksOf(db, tenantId, newsId).execute();
  if (categoryIds.length)
    await db
      .insertInto('newsCategoryLinks')
      .values(categoryIds.map((categorizeId) => ({ tenantId, newsId, categorizeId })))
      .execute();
}

type ArticleTable = 'news' | 'notices';

/**
 * Moves an item to `status` (and publish time) only from one of `from`: the one conditional write
 * that makes publishing, scheduling and withdrawing happen once. Answers whether it changed.
 */
export async function moveState(
  db: DB,
  table: ArticleTable,
  tenantId: string,
  id: string,
  change: { from: readonly number[]; status: number; publishTime?: number; now: number; onlyAt?: number },
): Promise<boolean> {
  let q = db
    .updateTable(table as 'news')
    .set({ status: change.status, updatedAt: change.now, ...(change.publishTime === undefined ? {} : { publishTime: change.publishTime }) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', [...change.from]);
  if (change.onlyAt !== undefined) q = q.where('publishTime', '=', change.onlyAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteArticle(db: DB, table: ArticleTable, tenantId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom(table as 'news')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id),
  );
}

export function pageNotices(db: DB, tenantId: string, f: AdminFilter) {
  let q = db.selectFrom('notices').where('tenantId', '=', tenantId);
  if (f.title) q = q.where('title', 'like', containing(f.title));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return pageFrom(f, q.select(['id', 'title', 'status', 'writerName', 'publishTime', 'updatedAt']).orderBy('updatedAt', 'desc').orderBy('id', 'desc'), q);
}

export function findNotice(db: DB, tenantId: string, id: string): Promise<Notice | undefined> {
  return db.selectFrom('notices').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export async function insertNotice(db: DB, row: Notice): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

export async function updateNoticeFields(db: DB, tenantId: string, id: string, fields: Pick<Notice, 'title' | 'writerName' | 'content' | 'updatedAt'>) {
  await db.updateTable('notices').set(fields).$call(whereEqual({ tenantId, id })).execute();
}

/** The school's categories in order, with how many news items each holds. */
/** A category with the number of news items filed under it. */
export interface CategoryCount {
  id: string;
  name: string;
  seq: number;
  newsCount: number;
}

export async function listCategories(db: DB, tenantId: string): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('newsCategories as c')
    .select(['c.id', 'c.name', 'c.seq'])
    .select((eb) =>
      eb
        .selectFrom('newsCategoryLinks as l')
        .select(sql<number | string>`count(*)`.as('n'))
        .whereRef('l.categorizeId', '=', 'c.id')
        .where('l.tenantId', '=', tenantId)
        .as('newsCount'),
    )
    .where('c.tenantId', '=', tenantId)
    .orderBy('c.seq')
    .orderBy('c.id')
    .execute();
  return rows.map((c) => ({ id: c.id, name: c.name, seq: c.seq, newsCount: Number(c.newsCount ?? 0) }));
}

export function findCategory(db: DB, tenantId: string, id: string): Promise<NewsCategory | undefined> {
  return db.selectFrom('newsCategories').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export function findCategoryByName(db: DB, tenantId: string, name: string) {
  return db.selectFrom('newsCategories').select('id').where('tenantId', '=', tenantId).where('name', '=', name).executeTakeFirst();
}

/** Which of `ids` are categories of the school. */
export async function existingCategoryIds(db: DB, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('newsCategories').select('id').$call(idsOfSchool(tenantId, ids)).execute();
  return rows.map((r) => r.id);
}

export async function maxCategorySeq(db: DB, tenantId: string): Promise<number> {
  const r = await db.selectFrom('newsCategories').select(sql<number | null>`max(seq)`.as('m')).where('tenantId', '=', tenantId).executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function insertCategory(db: DB, row: NewsCategory): Promise<void> {
  await db.insertInto('newsCategories').values(row).execute();
}

export async function renameCategory(db: DB, tenantId: string, id: string, name: string): Promise<void> {
  await db.updateTable('newsCategories').set({ name }).$call(whereEqual({ tenantId, id })).execute();
}

export async function setCategorySeq(db: DB, tenantId: string, id: string, seq: number): Promise<void> {
  await db.updateTable('newsCategories').set({ seq }).$call(whereEqual({ tenantId, id })).execute();
}

export async function categoryInUse(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .selectFrom('newsCategoryLinks')
    .select('newsId')
    .where('tenantId', '=', tenantId)
    .where('categorizeId', '=', id)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** Deletes a category only while no news item is in it (checked in the same statement). */
export async function deleteUnusedCategory(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('newsCategories')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('newsCategoryLinks as l').select('l.newsId').where('l.tenantId', '=', tenantId).where('l.categorizeId', '=', id))),
      ),
  );
}

/** The titles of news items or notices (the jobs screen names what a job works on). */
export function titlesOf(db: DB, table: ArticleTable, tenantId: string, ids: string[]): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table as 'news')
    .select(['id', 'title'])
    .$call(idsOfSchool(tenantId, ids))
    .execute();
}
