import type { DB } from '../db/database';
import { AppError } from '../errors';
import { pageOf, type Page } from '~/lib/envelope';
import { formatDateTime } from '~/lib/format';
import { t } from '~/lib/i18n';
import * as repo from './content.repository';
import { safeMediaUrl, sanitizeRichText } from './sanitize';
import type { News, NewsContentType, Notice } from './content.table';

/** News, categories, notices (discover articles) and hot majors, as the public side reads them. */

export interface Paging {
  current: number;
  size: number;
  order: 'asc' | 'desc';
  /** false when only the records are shown (sidebars): skips counting. */
  countTotal?: boolean;
}

const CONTENT_TYPE_DESC: Record<NewsContentType, string> = { ARTICLE: t('content.typeArticle'), INFORMATION: t('content.typeVideo') };

function window(p: Paging) {
  return { offset: (p.current - 1) * p.size, limit: p.size, order: p.order, countTotal: p.countTotal ?? true };
}

export interface CategoryRef {
  categorizeId: string;
  categorizeName: string;
}

export interface NewsSummary {
  id: string;
  title: string;
  cover: string | null;
  introduction: string | null;
  contentType: { code: NewsContentType; desc: string };
  sources: string | null;
  publishTime: string;
  /** Epoch ms of publishTime, for relative-time display. */
  publishTimestamp: number;
  status: number;
  seq: number;
  browseCount: number;
  relatedCategorizeList: CategoryRef[];
}

export interface NewsDetail extends NewsSummary {
  /** Sanitised HTML for ARTICLE; the video URL for INFORMATION. */
  content: string;
  relatedProductList: { productId: string }[];
}

async function categoryMap(db: DB, tenantId: string, ids: string[]) {
  const links = await repo.categoriesOfNews(db, tenantId, ids);
  const map = new Map<string, CategoryRef[]>();
  for (const l of links) {
    const list = map.get(l.newsId) ?? [];
    list.push({ categorizeId: l.categorizeId, categorizeName: l.categorizeName });
    map.set(l.newsId, list);
  }
  return map;
}

type NewsRow = Pick<
  News,
  'id' | 'title' | 'cover' | 'introduction' | 'contentType' | 'sources' | 'publishTime' | 'status' | 'seq' | 'browseCount'
>;

function newsSummary(r: NewsRow, relatedCategorizeList: CategoryRef[]): NewsSummary {
  return {
    id: r.id,
    title: r.title,
    cover: safeMediaUrl(r.cover),
    introduction: r.introduction,
    contentType: { code: r.contentType, desc: CONTENT_TYPE_DESC[r.contentType] ?? r.contentType },
    sources: r.sources,
    publishTime: formatDateTime(r.publishTime),
    publishTimestamp: r.publishTime,
    status: r.status,
    seq: r.seq,
    browseCount: r.browseCount,
    relatedCategorizeList,
  };
}

export async function pageNews(
  db: DB,
  tenantId: string,
  q: Paging & { categorizeId?: string | undefined; title?: string | undefined; sort?: repo.NewsFilter['sort'] },
): Promise<Page<NewsSummary>> {
  const { rows, total } = await repo.pagePublishedNews(db, tenantId, {
    ...window(q),
    sort: q.sort ?? 'publishTime',
    categorizeId: q.categorizeId,
    title: q.title,
  });
  const cats = await categoryMap(db, tenantId, rows.map((r) => r.id));
  const records = rows.map((r) => newsSummary(r, cats.get(r.id) ?? []));
  return pageOf(records, total, q.current, q.size);
}

/** A published news item, or null when it is missing, unpublished or another tenant's. */
export async function findNews(db: DB, tenantId: string, id: string): Promise<NewsDetail | null> {
  const row = await repo.findPublishedNews(db, tenantId, id);
  if (!row) return null;
  const cats = await categoryMap(db, tenantId, [row.id]);
  return {
    ...newsSummary(row, cats.get(row.id) ?? []),
    content: row.contentType === 'INFORMATION' ? (safeMediaUrl(row.content) ?? '') : sanitizeRichText(row.content),
    relatedProductList: [],
  };
}

export async function getNews(db: DB, tenantId: string, id: string): Promise<NewsDetail> {
  const news = await findNews(db, tenantId, id);
  if (!news) throw AppError.notFound();
  return news;
}

export interface Category {
  id: string;
  name: string;
  seq: number;
}

export async function pageCategories(db: DB, tenantId: string, q: Paging): Promise<Page<Category>> {
  const { rows, total } = await repo.pageCategories(db, tenantId, window(q));
  return pageOf(rows, total, q.current, q.size);
}

export function findCategory(db: DB, tenantId: string, id: string) {
  return repo.findCategory(db, tenantId, id);
}

export interface NoticeSummary {
  id: string;
  title: string;
  writerName: string | null;
  createdTime: string;
  publishTime: string;
  publishTimestamp: number;
  status: number;
  commentObjectType: { code: 'NOTICE'; desc: string };
}

export interface NoticeDetail extends NoticeSummary {
  content: string;
}

function noticeSummary(r: Pick<Notice, 'id' | 'title' | 'writerName' | 'createdAt' | 'publishTime' | 'status'>): NoticeSummary {
  return {
    id: r.id,
    title: r.title,
    writerName: r.writerName,
    createdTime: formatDateTime(r.createdAt),
    publishTime: formatDateTime(r.publishTime),
    publishTimestamp: r.publishTime,
    status: r.status,
    commentObjectType: { code: 'NOTICE', desc: t('content.typeNotice') },
  };
}

export async function pageNotices(
  db: DB,
  tenantId: string,
  q: Paging & { sort?: repo.NoticeFilter['sort']; title?: string | undefined },
): Promise<Page<NoticeSummary>> {
  const { rows, total } = await repo.pagePublishedNotices(db, tenantId, { ...window(q), sort: q.sort ?? 'publishTime', title: q.title });
  return pageOf(rows.map(noticeSummary), total, q.current, q.size);
}

export async function findNotice(db: DB, tenantId: string, id: string): Promise<NoticeDetail | null> {
  const r = await repo.findPublishedNotice(db, tenantId, id);
  if (!r) return null;
  return {
    ...noticeSummary(r),
    content: sanitizeRichText(r.content),
  };
}

export async function getNotice(db: DB, tenantId: string, id: string): Promise<NoticeDetail> {
  const notice = await findNotice(db, tenantId, id);
  if (!notice) throw AppError.notFound();
  return notice;
}

export interface RecentArticle {
  id: string;
  title: string;
  publishTime: string;
  publishTimestamp: number;
  commentObjectType: { code: 'NEW_INFORMATION' | 'NOTICE'; desc: string };
}

/** Notices and news published in [start, end] (the home ticker asks for the last 30 days). */
export async function pageRecent(db: DB, tenantId: string, start: number, end: number, q: Paging): Promise<Page<RecentArticle>> {
  const { rows, total } = await repo.pageRecentArticles(db, tenantId, start, end, window(q));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      publishTime: formatDateTime(r.publishTime),
      publishTimestamp: r.publishTime,
      commentObjectType:
        r.kind === 'NEW_INFORMATION'
          ? { code: 'NEW_INFORMATION' as const, desc: t('content.typeNews') }
          : { code: 'NOTICE' as const, desc: t('content.typeNotice') },
    })),
    total,
    q.current,
    q.size,
  );
}

export interface HotMajorSummary {
  id: string;
  name: string;
  seq: number;
  pic: string | null;
  industrySalary: number;
}

export async function pageHotMajors(db: DB, tenantId: string, q: Paging & { name?: string | undefined }): Promise<Page<HotMajorSummary>> {
  const { rows, total } = await repo.pageHotMajors(db, tenantId, { ...window(q), name: q.name });
  return pageOf(
    rows.map((r) => ({ id: r.id, name: r.name, seq: r.seq, pic: safeMediaUrl(r.pic), industrySalary: r.industrySalary ?? 0 })),
    total,
    q.current,
    q.size,
  );
}
