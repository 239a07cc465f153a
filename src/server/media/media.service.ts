import type { DB } from '../db/database';
import { AppError } from '../errors';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/lib/i18n';
import { safeMediaUrl, sanitizeRichText } from '../content/sanitize';
import * as thumbs from '../engagement/thumbs.repository';
import { bannerLink } from '../engagement/rules';
import * as repo from './media.repository';
import type { FeedType, MaterialType } from './media.table';

/** Home banners, the photo album and the two home video feeds, as the public side reads them. */

export interface Banner {
  id: string;
  name: string;
  pic: string | null;
  /** Link target, or null. */
  url: string | null;
  seq: number;
}

export async function listBanners(db: DB, tenantId: string): Promise<Banner[]> {
  const rows = await repo.listEnabledPosters(db, tenantId);
  return rows.map((r) => ({ id: r.id, name: r.name, pic: safeMediaUrl(r.pic), url: bannerLink(r.url), seq: r.seq }));
}

export interface AlbumTab {
  key: string;
  name: string;
}

export async function listAlbumTabs(db: DB, tenantId: string): Promise<AlbumTab[]> {
  const rows = await repo.listTabs(db, tenantId);
  return rows.map((r) => ({ key: r.tabKey, name: r.name }));
}

export interface AlbumCategory {
  id: string;
  categoryName: string;
  categoryTabKey: string;
  seq: number;
  /** Published pictures in the category. */
  picNum: number;
  /** Published videos in the category. */
  videoNum: number;
}

export async function listAlbumCategories(
  db: DB,
  tenantId: string,
  f: { clientType?: string | undefined; categoryTabKey?: string | undefined },
): Promise<AlbumCategory[]> {
  const rows = await repo.listCategories(db, tenantId, f);
  const counts = await repo.countOpenMaterials(db, tenantId, rows.map((r) => r.id));
  const num = (id: string, type: MaterialType) => Number(counts.find((c) => c.categoryId === id && c.type === type)?.n ?? 0);
  return rows.map((r) => ({
    id: r.id,
    categoryName: r.categoryName,
    categoryTabKey: r.categoryTabKey,
    seq: r.seq,
    picNum: num(r.id, 'PIC'),
    videoNum: num(r.id, 'VIDEO'),
  }));
}

export interface AlbumMaterial {
  id: string;
  name: string;
  type: MaterialType;
  pic: string | null;
  video: string | null;
  introduce: string | null;
  materialCategoryId: string;
  materialCategoryName: string;
  categoryTabKey: string;
}

export async function listAlbumMaterials(
  db: DB,
  tenantId: string,
  f: { categoryTabKey?: string | undefined; categoryId?: string | undefined },
): Promise<AlbumMaterial[]> {
  const rows = await repo.listOpenMaterials(db, tenantId, f);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    pic: safeMediaUrl(r.pic),
    video: r.type === 'VIDEO' ? safeMediaUrl(r.video) : null,
    introduce: r.introduce,
    materialCategoryId: r.categoryId,
    materialCategoryName: r.categoryName,
    categoryTabKey: r.categoryTabKey,
  }));
}

export interface FeedTag {
  id: string;
  name: string;
  type: FeedType;
}

export async function listFeedTags(db: DB, tenantId: string, type?: FeedType): Promise<FeedTag[]> {
  const rows = await repo.listFeedTags(db, tenantId, type);
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type }));
}

export interface FeedItem {
  id: string;
  type: FeedType;
  tagId: string | null;
  tagName: string | null;
  title: string;
  description: string | null;
  pic: string | null;
  /** The video URL. */
  contentUrl: string | null;
  author: string | null;
  authorAvatar: string | null;
  sort: number;
  /** 1 when the current user (valid Token) likes it, else 0. */
  likeStatus: 0 | 1;
  likeNum: number;
  relatedProductResultVOS: never[];
}

export interface FeedItemDetail extends FeedItem {
  /** Sanitised HTML. */
  content: string;
}

type FeedRow = Awaited<ReturnType<typeof repo.pagePublishedFeed>>['rows'][number];

async function feedItems(db: DB, tenantId: string, userId: string | null, rows: FeedRow[]): Promise<FeedItem[]> {
  const byType = new Map<FeedType, string[]>();
  for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  const counts = new Map<string, number>();
  const liked = new Set<string>();
  for (const [type, ids] of byType) {
    for (const [id, n] of await thumbs.countThumbs(db, tenantId, type, ids)) counts.set(id, n);
    for (const id of await thumbs.likedBy(db, tenantId, userId, type, ids)) liked.add(id);
  }
  const tagIds = [...new Set(rows.map((r) => r.tagId).filter((id): id is string => !!id))];
  const tags = new Map((await repo.tagNames(db, tenantId, tagIds)).map((tg) => [tg.id, tg.name]));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    tagId: r.tagId,
    tagName: r.tagId ? (tags.get(r.tagId) ?? null) : null,
    title: r.title,
    description: r.description,
    pic: safeMediaUrl(r.pic),
    contentUrl: safeMediaUrl(r.contentUrl),
    author: r.author,
    authorAvatar: safeMediaUrl(r.authorAvatar),
    sort: r.sort,
    likeStatus: liked.has(r.id) ? 1 : 0,
    likeNum: r.likeBase + (counts.get(r.id) ?? 0),
    relatedProductResultVOS: [],
  }));
}

export async function pageFeed(
  db: DB,
  tenantId: string,
  userId: string | null,
  q: { type: FeedType; tagId?: string | undefined; current: number; size: number; order: 'asc' | 'desc' },
): Promise<Page<FeedItem>> {
  const { rows, total } = await repo.pagePublishedFeed(db, tenantId, {
    type: q.type,
    tagId: q.tagId,
    offset: (q.current - 1) * q.size,
    limit: q.size,
    order: q.order,
  });
  return pageOf(await feedItems(db, tenantId, userId, rows), total, q.current, q.size);
}

/** One published feed item with its sanitised content; missing, hidden or foreign -> 404. */
export async function getFeedItem(db: DB, tenantId: string, userId: string | null, id: string): Promise<FeedItemDetail> {
  const row = await repo.findPublishedFeedItem(db, tenantId, id);
  if (!row) throw AppError.notFound(t('engagement.feedItemNotFound'));
  const [item] = await feedItems(db, tenantId, userId, [row]);
  return { ...item!, content: sanitizeRichText(row.content) };
}
