import { sql } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { ContentSort } from '~/lib/api/contracts/content';
import { PUBLICATION } from '~/lib/status';

/** All content SQL. Every function takes the tenant id first after the connection. */

const { PUBLISHED } = PUBLICATION;

/** The column each list sort names (news and notices share them). */
const SORT_COLUMN = { publishTime: 'publishTime', seq: 'seq', createdTime: 'createdAt' } as const satisfies Record<ContentSort, string>;

export interface NewsFilter extends PageWindow {
  categorizeId?: string | undefined;
  title?: string | undefined;
  sort: ContentSort;
}

/** The school's news narrowed to a state, a category and a title containing some text (each when given). */
export function newsWhere(db: DB, tenantId: string, f: { status?: number | undefined; categorizeId?: string | undefined; title?: string | undefined }) {
  let q = db.selectFrom('news').where('news.tenantId', '=', tenantId);
  if (f.status !== undefined) q = q.where('news.status', '=', f.status);
  if (f.categorizeId) {
    const categorizeId = f.categorizeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('newsCategoryLinks as l')
          .select('l.newsId')
          .whereRef('l.newsId', '=', 'news.id')
          .where('l.tenantId', '=', tenantId)
          .where('l.categorizeId', '=', categorizeId),
      ),
    );
  }
  if (f.title) q = q.where('news.title', 'like', containing(f.title));
  return q;
}

function newsBase(db: DB, tenantId: string, f: Pick<NewsFilter, 'categorizeId' | 'title'>) {
  return newsWhere(db, tenantId, { ...f, status: PUBLISHED });
}

export function pagePublishedNews(db: DB, tenantId: string, f: NewsFilter) {
  const news = newsBase(db, tenantId, f);
  return pageFrom(
    f,
    news
      .select(['news.id', 'news.title', 'news.cover', 'news.introduction', 'news.contentType', 'news.sources'])
      .select(['news.publishTime', 'news.status', 'news.seq', 'news.browseCount'])
      .orderBy(`news.${SORT_COLUMN[f.sort]}`, f.order)
      .orderBy('news.id', 'desc'),
    news,
  );
}

export function findPublishedNews(db: DB, tenantId: string, id: string) {
  return newsBase(db, tenantId, {}).selectAll().where('news.id', '=', id).executeTakeFirst();
}

/** A news item of the school whatever its state (draft, scheduled, withdrawn): for previews only. */
export function findNewsForPreview(db: DB, tenantId: string, id: string) {
  return db.selectFrom('news').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Category links of some news items, with the category names. */
export function categoriesOfNews(db: DB, tenantId: string, newsIds: string[]) {
  if (newsIds.length === 0) return Promise.resolve([]);
  return newsCategoryLinks(db, tenantId, newsIds).select(['l.newsId', 'l.categorizeId', 'c.name as categorizeName']).execute();
}

/** The category links of some news items (at least one) with their categories, in the categories' order. */
export function newsCategoryLinks(db: DB, tenantId: string, newsIds: string[]) {
  return db
    .selectFrom('newsCategoryLinks as l')
    .innerJoin('newsCategories as c', (j) => j.onRef('c.id', '=', 'l.categorizeId').onRef('c.tenantId', '=', 'l.tenantId'))
    .where('l.tenantId', '=', tenantId)
    .where('l.newsId', 'in', newsIds)
    .orderBy('c.seq');
}

export function pageCategories(db: DB, tenantId: string, p: PageWindow) {
  const categories = db.selectFrom('newsCategories').where('tenantId', '=', tenantId);
  return pageFrom(p, categories.select(['id', 'name', 'seq']).orderBy('seq', p.order).orderBy('id'), categories);
}

export interface NoticeFilter extends PageWindow {
  sort: ContentSort;
  title?: string | undefined;
}

function noticeBase(db: DB, tenantId: string, f: Pick<NoticeFilter, 'title'>) {
  let q = db.selectFrom('notices').where('tenantId', '=', tenantId).where('status', '=', PUBLISHED);
  if (f.title) q = q.where('title', 'like', containing(f.title));
  return q;
}

export function pagePublishedNotices(db: DB, tenantId: string, f: NoticeFilter) {
  const notices = noticeBase(db, tenantId, f);
  return pageFrom(
    f,
    notices.select(['id', 'title', 'writerName', 'publishTime', 'createdAt', 'status']).orderBy(SORT_COLUMN[f.sort], f.order).orderBy('id', 'desc'),
    notices,
  );
}

export function findPublishedNotice(db: DB, tenantId: string, id: string) {
  return noticeBase(db, tenantId, {}).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A notice in any state (a preview ticket names it). */
export function findNoticeForPreview(db: DB, tenantId: string, id: string) {
  return db.selectFrom('notices').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Published notices and news with a publish time in [start, end], newest first. */
export function pageRecentArticles(db: DB, tenantId: string, start: number, end: number, p: PageWindow) {
  // The published articles of one table in the window, each marked with the kind the list shows.
  const published = (table: 'news' | 'notices', kind: string) =>
    db
      .selectFrom(table)
      .select(['id', 'title', 'publishTime'])
      .select(sql<string>`${sql.lit(kind)}`.as('kind'))
      .where('tenantId', '=', tenantId)
      .where('status', '=', PUBLISHED)
      .where('publishTime', '>=', start)
      .where('publishTime', '<=', end);
  const items = published('news', 'NEW_INFORMATION').unionAll(published('notices', 'NOTICE'));
  const all = db.selectFrom(items.as('a'));
  return pageFrom(p, all.selectAll().orderBy('publishTime', 'desc').orderBy('id', 'desc'), all);
}

export interface HotMajorFilter extends PageWindow {
  name?: string | undefined;
}

function hotMajorBase(db: DB, tenantId: string, f: Pick<HotMajorFilter, 'name'>) {
  let q = db.selectFrom('hotMajors').where('tenantId', '=', tenantId).where('state', '=', PUBLISHED);
  if (f.name) q = q.where('name', 'like', containing(f.name));
  return q;
}

export function pageHotMajors(db: DB, tenantId: string, f: HotMajorFilter) {
  return pageFrom(
    f,
    hotMajorBase(db, tenantId, f).select(['id', 'name', 'seq', 'pic', 'industrySalary']).orderBy('seq', f.order).orderBy('id'),
    hotMajorBase(db, tenantId, f),
  );
}

export function findActiveHotMajor(db: DB, tenantId: string, id: string) {
  return hotMajorBase(db, tenantId, {}).selectAll().where('id', '=', id).executeTakeFirst();
}
