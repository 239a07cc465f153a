import { sql } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { byShape, prepared, preparedIn, preparedPage } from '../db/prepared';
import type { ContentSort } from '~/lib/api/contracts/content';
import { PUBLICATION } from '~/lib/status';
import { ofSchool } from '../db/rows';

/** All content SQL. Every function takes the tenant id first after the connection. */

const { PUBLISHED } = PUBLICATION;

/** The column each list sort names (news and notices share them). */
const SORT_COLUMN = { publishTime: 'publishTime', seq: 'seq', createdTime: 'createdAt' } as const satisfies Record<ContentSort, string>;

/**
 * A public list's order, the shape its statement is printed once for (decision 071): the sort and its direction.
 * A list searched by a text is rare and its statement is built anew each time.
 */
type Order = PageWindow['order'];
type SortShape = `${ContentSort} ${Order}`;
const sortOf = (shape: SortShape) => shape.split(' ') as [ContentSort, Order];

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

/** The columns and order of a news list. */
const newsRows = (news: ReturnType<typeof newsBase>, sort: ContentSort, order: Order) =>
  news
    .select(['news.id', 'news.title', 'news.cover', 'news.introduction', 'news.contentType', 'news.sources'])
    .select(['news.publishTime', 'news.status', 'news.seq', 'news.browseCount'])
    .orderBy(`news.${SORT_COLUMN[sort]}`, order)
    .orderBy('news.id', 'desc');

const publishedNewsPage = byShape((shape: SortShape) => {
  const [sort, order] = sortOf(shape);
  const news = (db: DB, tenantId: string) => newsBase(db, tenantId, {});
  return preparedPage(1, (db, tenantId: string) => newsRows(news(db, tenantId), sort, order), news);
});

const publishedNewsPageInCategory = byShape((shape: SortShape) => {
  const [sort, order] = sortOf(shape);
  const news = (db: DB, tenantId: string, categorizeId: string) => newsBase(db, tenantId, { categorizeId });
  return preparedPage(2, (db, tenantId: string, categorizeId: string) => newsRows(news(db, tenantId, categorizeId), sort, order), news);
});

export function pagePublishedNews(db: DB, tenantId: string, f: NewsFilter) {
  if (f.title) {
    const news = newsBase(db, tenantId, f);
    return pageFrom(f, newsRows(news, f.sort, f.order), news);
  }
  const shape: SortShape = `${f.sort} ${f.order}`;
  return f.categorizeId ? publishedNewsPageInCategory(shape)(db, f, tenantId, f.categorizeId) : publishedNewsPage(shape)(db, f, tenantId);
}

/**
 * One published item of a school's news, notices or hot majors is found by its id and its state; its school is
 * compared on the row (decisions 121, 123). With the school in the statement, PostgreSQL's generic plan of the look-up
 * took the index of the school's published items in order (tenant_id, status, …), which reads all of them: 72 buffers
 * a news item's page with 5,000 published, against 3 by the id's key.
 */
export const publishedNewsById = (db: DB, id: string) => db.selectFrom('news').selectAll().where('id', '=', id).where('status', '=', PUBLISHED);
const publishedNews = prepared(1, publishedNewsById);

export async function findPublishedNews(db: DB, tenantId: string, id: string) {
  return ofSchool(await publishedNews.first(db, id), tenantId);
}

/** A news item of the school whatever its state (draft, scheduled, withdrawn): for previews only. */
export function findNewsForPreview(db: DB, tenantId: string, id: string) {
  return db.selectFrom('news').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

const categoriesOfNewsIn = preparedIn(2, (db: DB, tenantId: string, newsIds: readonly string[]) =>
  newsCategoryLinks(db, tenantId, newsIds).select(['l.newsId', 'l.categorizeId', 'c.name as categorizeName']),
);

/** Category links of some news items, with the category names. */
export function categoriesOfNews(db: DB, tenantId: string, newsIds: string[]) {
  if (newsIds.length === 0) return Promise.resolve([]);
  return categoriesOfNewsIn.all(db, tenantId, newsIds);
}

/** The category links of some news items (at least one) with their categories, in the categories' order. */
export function newsCategoryLinks(db: DB, tenantId: string, newsIds: readonly string[]) {
  return db
    .selectFrom('newsCategoryLinks as l')
    .innerJoin('newsCategories as c', (j) => j.onRef('c.id', '=', 'l.categorizeId').onRef('c.tenantId', '=', 'l.tenantId'))
    .where('l.tenantId', '=', tenantId)
    .where('l.newsId', 'in', newsIds)
    .orderBy('c.seq');
}

const categoriesPage = byShape((order: Order) => {
  const categories = (db: DB, tenantId: string) => db.selectFrom('newsCategories').where('tenantId', '=', tenantId);
  return preparedPage(1, (db, tenantId: string) => categories(db, tenantId).select(['id', 'name', 'seq']).orderBy('seq', order).orderBy('id'), categories);
});

export function pageCategories(db: DB, tenantId: string, p: PageWindow) {
  return categoriesPage(p.order)(db, p, tenantId);
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

/** The columns and order of a notice list. */
const noticeRows = (notices: ReturnType<typeof noticeBase>, sort: ContentSort, order: Order) =>
  notices.select(['id', 'title', 'writerName', 'publishTime', 'createdAt', 'status']).orderBy(SORT_COLUMN[sort], order).orderBy('id', 'desc');

const publishedNoticesPage = byShape((shape: SortShape) => {
  const [sort, order] = sortOf(shape);
  const notices = (db: DB, tenantId: string) => noticeBase(db, tenantId, {});
  return preparedPage(1, (db, tenantId: string) => noticeRows(notices(db, tenantId), sort, order), notices);
});

export function pagePublishedNotices(db: DB, tenantId: string, f: NoticeFilter) {
  if (f.title) {
    const notices = noticeBase(db, tenantId, f);
    return pageFrom(f, noticeRows(notices, f.sort, f.order), notices);
  }
  return publishedNoticesPage(`${f.sort} ${f.order}`)(db, f, tenantId);
}

/** A published notice by its id, its school compared on the row (as `publishedNews`). */
const publishedNotice = prepared(1, (db: DB, id: string) => db.selectFrom('notices').selectAll().where('id', '=', id).where('status', '=', PUBLISHED));

export async function findPublishedNotice(db: DB, tenantId: string, id: string) {
  return ofSchool(await publishedNotice.first(db, id), tenantId);
}

/** A notice in any state (a preview ticket names it). */
export function findNoticeForPreview(db: DB, tenantId: string, id: string) {
  return db.selectFrom('notices').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The published notices and news of a school with a publish time in [start, end], each marked with the kind the list shows. */
function recentArticles(db: DB, tenantId: string, start: number, end: number) {
  const published = (table: 'news' | 'notices', kind: string) =>
    db
      .selectFrom(table)
      .select(['id', 'title', 'publishTime'])
      .select(sql<string>`${sql.lit(kind)}`.as('kind'))
      .where('tenantId', '=', tenantId)
      .where('status', '=', PUBLISHED)
      .where('publishTime', '>=', start)
      .where('publishTime', '<=', end);
  return db.selectFrom(published('news', 'NEW_INFORMATION').unionAll(published('notices', 'NOTICE')).as('a'));
}

const recentArticlesPage = preparedPage(
  3,
  (db, tenantId: string, start: number, end: number) =>
    recentArticles(db, tenantId, start, end).selectAll().orderBy('publishTime', 'desc').orderBy('id', 'desc'),
  recentArticles,
);

/** Published notices and news with a publish time in [start, end], newest first. */
export function pageRecentArticles(db: DB, tenantId: string, start: number, end: number, p: PageWindow) {
  return recentArticlesPage(db, p, tenantId, start, end);
}

export interface HotMajorFilter extends PageWindow {
  name?: string | undefined;
}

function hotMajorBase(db: DB, tenantId: string, f: Pick<HotMajorFilter, 'name'>) {
  let q = db.selectFrom('hotMajors').where('tenantId', '=', tenantId).where('state', '=', PUBLISHED);
  if (f.name) q = q.where('name', 'like', containing(f.name));
  return q;
}

const hotMajorRows = (majors: ReturnType<typeof hotMajorBase>, order: Order) =>
  majors.select(['id', 'name', 'seq', 'pic', 'industrySalary']).orderBy('seq', order).orderBy('id');

const hotMajorsPage = byShape((order: Order) => {
  const majors = (db: DB, tenantId: string) => hotMajorBase(db, tenantId, {});
  return preparedPage(1, (db, tenantId: string) => hotMajorRows(majors(db, tenantId), order), majors);
});

export function pageHotMajors(db: DB, tenantId: string, f: HotMajorFilter) {
  if (f.name) return pageFrom(f, hotMajorRows(hotMajorBase(db, tenantId, f), f.order), hotMajorBase(db, tenantId, f));
  return hotMajorsPage(f.order)(db, f, tenantId);
}

/** A published hot major by its id, its school compared on the row (as `publishedNews`). */
const activeHotMajor = prepared(1, (db: DB, id: string) => db.selectFrom('hotMajors').selectAll().where('id', '=', id).where('state', '=', PUBLISHED));

export async function findActiveHotMajor(db: DB, tenantId: string, id: string) {
  return ofSchool(await activeHotMajor.first(db, id), tenantId);
}
