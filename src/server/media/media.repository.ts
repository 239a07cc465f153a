import type { DB } from '../db/database';
import { idsOfSchool } from '../db/clauses';
import { pageFrom, type PageWindow } from '../db/paging';
import { prepared } from '../db/prepared';
import type { FeedType } from './media.table';
import { PUBLICATION } from '~/lib/status';

/** Banners, album and video-feed SQL. Every function takes the tenant id first after the connection. */

const { PUBLISHED } = PUBLICATION;

const enabledPosters = prepared(1, (db: DB, tenantId: string) =>
  db
    .selectFrom('materialPosters')
    .select(['id', 'name', 'pic', 'url', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('enabled', '=', PUBLISHED)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc'),
);

export function listEnabledPosters(db: DB, tenantId: string) {
  return enabledPosters.all(db, tenantId);
}

export function listTabs(db: DB, tenantId: string) {
  return db
    .selectFrom('materialCategoryTabs')
    .select(['tabKey', 'name', 'seq'])
    .where('tenantId', '=', tenantId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Shown categories for a client type (categories without a client type are shown everywhere). */
export function listCategories(db: DB, tenantId: string, f: { clientType?: string | undefined; categoryTabKey?: string | undefined }) {
  let q = db
    .selectFrom('materialCategories')
    .select(['id', 'categoryName', 'categoryTabKey', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('state', '=', PUBLISHED);
  if (f.clientType) {
    const clientType = f.clientType;
    q = q.where((eb) => eb.or([eb('clientType', 'is', null), eb('clientType', '=', clientType)]));
  }
  if (f.categoryTabKey) q = q.where('categoryTabKey', '=', f.categoryTabKey);
  return q.orderBy('seq', 'asc').orderBy('id', 'asc').execute();
}

function openMaterials(db: DB, tenantId: string) {
  return db.selectFrom('materials').where('tenantId', '=', tenantId).where('open', '=', PUBLISHED);
}

/** Published materials per category and type. */
export function countOpenMaterials(db: DB, tenantId: string, categoryIds: string[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return openMaterials(db, tenantId)
    .select(['categoryId', 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('categoryId', 'in', categoryIds)
    .groupBy(['categoryId', 'type'])
    .execute();
}

/** Published materials of shown categories, filtered by tab key and/or category. */
export function listOpenMaterials(db: DB, tenantId: string, f: { categoryTabKey?: string | undefined; categoryId?: string | undefined }) {
  let q = db
    .selectFrom('materials as m')
    .innerJoin('materialCategories as c', (j) => j.onRef('c.id', '=', 'm.categoryId').onRef('c.tenantId', '=', 'm.tenantId'))
    .select(['m.id', 'm.name', 'm.type', 'm.pic', 'm.video', 'm.introduce', 'm.categoryId', 'c.categoryName', 'c.categoryTabKey'])
    .where('m.tenantId', '=', tenantId)
    .where('m.open', '=', PUBLISHED)
    .where('c.state', '=', PUBLISHED);
  if (f.categoryTabKey) q = q.where('c.categoryTabKey', '=', f.categoryTabKey);
  if (f.categoryId) q = q.where('m.categoryId', '=', f.categoryId);
  return q.orderBy('c.seq', 'asc').orderBy('m.seq', 'asc').orderBy('m.id', 'asc').execute();
}

/** A published album material of this tenant (what comments and likes of UNIVERSITY_PIC refer to). */
export function findOpenMaterial(db: DB, tenantId: string, id: string) {
  return openMaterials(db, tenantId).select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

export function listFeedTags(db: DB, tenantId: string, type?: FeedType) {
  let q = db.selectFrom('contentOperationTags').select(['id', 'name', 'type', 'seq']).where('tenantId', '=', tenantId);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('type', 'asc').orderBy('seq', 'asc').orderBy('id', 'asc').execute();
}

export interface FeedFilter extends PageWindow {
  type: FeedType;
  tagId?: string | undefined;
}

/** Published feed items of this tenant, of one type when it is named. */
function publishedFeed(db: DB, tenantId: string, type?: FeedType) {
  let q = db.selectFrom('contentOperations').where('tenantId', '=', tenantId).where('status', '=', PUBLISHED);
  if (type) q = q.where('type', '=', type);
  return q;
}

const FEED_COLUMNS = ['id', 'type', 'tagId', 'title', 'description', 'pic', 'contentUrl', 'author', 'authorAvatar', 'sort', 'likeBase', 'createdAt'] as const;

export function pagePublishedFeed(db: DB, tenantId: string, f: FeedFilter) {
  const items = f.tagId ? publishedFeed(db, tenantId, f.type).where('tagId', '=', f.tagId) : publishedFeed(db, tenantId, f.type);
  return pageFrom(f, items.select(FEED_COLUMNS).orderBy('sort', f.order).orderBy('id', 'asc'), items);
}

/** A published feed item of this tenant, of the given type when one is named. */
export function findPublishedFeedItem(db: DB, tenantId: string, id: string, type?: FeedType) {
  return publishedFeed(db, tenantId, type)
    .select([...FEED_COLUMNS, 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function tagNames(db: DB, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('contentOperationTags').select(['id', 'name']).$call(idsOfSchool(tenantId, ids)).execute();
}
