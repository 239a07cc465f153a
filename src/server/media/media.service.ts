import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { pageOf, type Page, type PageQuery } from '~/lib/paging';
import { t } from '~/server/i18n';
import type { AlbumCategory, AlbumMaterial, AlbumTab, Banner, FeedItem, FeedItemDetail, FeedTag, FeedType, MaterialType } from '~/lib/api/contracts/media';
import { safeMediaUrl } from '../sanitize';
import { thumbsOf, type Thumbs } from '../engagement/thumbs.service';
import * as repo from './media.repository';
import { bannerLink } from './media.rules';

/**
 * Home banners, the photo album and the two home video feeds, as the public side reads them.
 * The banner and album calls may name their school (tenantId); the feeds use the request's.
 */

export async function listBanners(s: Scope, tenantId?: string): Promise<Banner[]> {
  const tenant = await s.tenant(tenantId);
  const rows = await repo.listEnabledPosters(s.db, tenant.id);
  return rows.map((r) => ({ id: r.id, name: r.name, pic: safeMediaUrl(r.pic), url: bannerLink(r.url), seq: r.seq }));
}

export async function listAlbumTabs(s: Scope, tenantId?: string): Promise<AlbumTab[]> {
  const tenant = await s.tenant(tenantId);
  return (await repo.listTabs(s.db, tenant.id)).map((r) => ({ key: r.tabKey, name: r.name }));
}

interface AlbumFilter {
  tenantId?: string | undefined;
  categoryTabKey?: string | undefined;
}

export async function listAlbumCategories(s: Scope, f: AlbumFilter & { clientType?: string | undefined }): Promise<AlbumCategory[]> {
  const tenant = await s.tenant(f.tenantId);
  const rows = await repo.listCategories(s.db, tenant.id, f);
  const counts = await repo.countOpenMaterials(
    s.db,
    tenant.id,
    rows.map((r) => r.id),
  );
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

/** Published materials only, whatever the caller asked for. */
export async function listAlbumMaterials(s: Scope, f: AlbumFilter & { categoryId?: string | undefined }): Promise<AlbumMaterial[]> {
  const tenant = await s.tenant(f.tenantId);
  return (await repo.listOpenMaterials(s.db, tenant.id, f)).map((r) => ({
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

/** Whether this school has a published album material with the id (what UNIVERSITY_PIC comments and likes are about). */
export async function openMaterialExists(s: Scope, id: string): Promise<boolean> {
  const tenant = await s.tenant();
  return !!(await repo.findOpenMaterial(s.db, tenant.id, id));
}

export async function listFeedTags(s: Scope, type?: FeedType): Promise<FeedTag[]> {
  const tenant = await s.tenant();
  return (await repo.listFeedTags(s.db, tenant.id, type)).map((r) => ({ id: r.id, name: r.name, type: r.type }));
}

type FeedRow = Awaited<ReturnType<typeof repo.pagePublishedFeed>>['rows'][number];

/** Feed rows as answered: tag names, and the likes counted here on top of the likes brought over. */
async function feedItems(s: Scope, tenantId: string, rows: FeedRow[]): Promise<FeedItem[]> {
  const byType = new Map<FeedType, string[]>();
  for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  const likes = new Map<string, Thumbs>();
  for (const [type, ids] of byType) for (const [id, thumbs] of await thumbsOf(s, type, ids)) likes.set(id, thumbs);
  const tagIds = [...new Set(rows.map((r) => r.tagId).filter((id): id is string => !!id))];
  const tags = new Map((await repo.tagNames(s.db, tenantId, tagIds)).map((tg) => [tg.id, tg.name]));
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
    likeStatus: likes.get(r.id)?.liked ? 1 : 0,
    likeNum: r.likeBase + (likes.get(r.id)?.count ?? 0),
    relatedProductResultVOS: [],
  }));
}

export async function pageFeed(s: Scope, q: PageQuery & { type: FeedType; tagId?: string | undefined }): Promise<Page<FeedItem>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pagePublishedFeed(s.db, tenant.id, { ...windowOf(q), type: q.type, tagId: q.tagId });
  return pageOf(await feedItems(s, tenant.id, rows), total, q.current, q.size);
}

/** One published feed item with its sanitised content; missing, hidden or another school's -> 404. */
export async function getFeedItem(s: Scope, id: string): Promise<FeedItemDetail> {
  const tenant = await s.tenant();
  const row = await repo.findPublishedFeedItem(s.db, tenant.id, id);
  if (!row) throw AppError.notFound(t('engagement.feedItemNotFound'));
  const [item] = await feedItems(s, tenant.id, [row]);
  return { ...item!, content: s.lookups.richText.sanitize(row.content, tenant.id) };
}

/** The likes brought over for a published feed item of the type, or null when this school has none with the id. */
export async function feedItemLikeBase(s: Scope, type: FeedType, id: string): Promise<number | null> {
  const tenant = await s.tenant();
  return (await repo.findPublishedFeedItem(s.db, tenant.id, id, type))?.likeBase ?? null;
}
