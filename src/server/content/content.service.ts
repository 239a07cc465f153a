import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { mapPage, pageOf, type Page, type PageQuery } from '~/lib/paging';
import { formatDateTime } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type {
  Category,
  CategoryRef,
  ContentSort,
  HotMajorSummary,
  NewsContentType,
  NewsDetail,
  NewsSummary,
  NoticeDetail,
  NoticeSummary,
  RecentArticle,
} from '~/lib/api/contracts/content';
import * as repo from './content.repository';
import { safeMediaUrl } from '../sanitize';
import type { News, Notice } from './content.table';
import { type PreviewKind, readPreviewTicket } from './preview.rules';

/** News, categories, notices (discover articles) and hot majors, as the public side reads them. */

const CONTENT_TYPE_DESC: Record<NewsContentType, string> = { ARTICLE: t('content.typeArticle'), INFORMATION: t('content.typeVideo') };

async function categoryMap(s: Scope, tenantId: string, ids: string[]) {
  const links = await repo.categoriesOfNews(s.db, tenantId, ids);
  const map = new Map<string, CategoryRef[]>();
  for (const l of links) {
    const list = map.get(l.newsId) ?? [];
    list.push({ categorizeId: l.categorizeId, categorizeName: l.categorizeName });
    map.set(l.newsId, list);
  }
  return map;
}

type NewsRow = Pick<News, 'id' | 'title' | 'cover' | 'introduction' | 'contentType' | 'sources' | 'publishTime' | 'status' | 'seq' | 'browseCount'>;

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
  s: Scope,
  q: PageQuery & { categorizeId?: string | undefined; title?: string | undefined; sort?: ContentSort },
): Promise<Page<NewsSummary>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pagePublishedNews(s.db, tenant.id, {
    ...windowOf(q),
    sort: q.sort ?? 'publishTime',
    categorizeId: q.categorizeId,
    title: q.title,
  });
  const cats = await categoryMap(
    s,
    tenant.id,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => newsSummary(r, cats.get(r.id) ?? [])),
    total,
    q.current,
    q.size,
  );
}

/** A published news item, or null when it is missing, unpublished or another school's. */
export async function findNews(s: Scope, id: string): Promise<NewsDetail | null> {
  const tenant = await s.tenant();
  const row = await repo.findPublishedNews(s.db, tenant.id, id);
  return row ? newsDetail(s, tenant.id, row) : null;
}

async function newsDetail(s: Scope, tenantId: string, row: News): Promise<NewsDetail> {
  const cats = await categoryMap(s, tenantId, [row.id]);
  return {
    ...newsSummary(row, cats.get(row.id) ?? []),
    content: row.contentType === 'INFORMATION' ? (safeMediaUrl(row.content) ?? '') : s.lookups.richText.sanitize(row.content, tenantId),
    relatedProductList: [],
  };
}

export type PreviewRefusal = 'off' | 'invalid' | 'expired' | 'other-school' | 'missing';

export type NewsPreview =
  | { state: 'ok'; news: NewsDetail; expiresAt: number }
  /** off: no preview secret configured; other-school: a valid ticket of another school's item. */
  | { state: PreviewRefusal };

export type NoticePreview = { state: 'ok'; notice: NoticeDetail; expiresAt: number } | { state: PreviewRefusal };

/**
 * Reads a preview ticket for one kind of item: it must be ours, current, for that kind and for the
 * school of the request. A ticket of another kind is invalid here (a news ticket never opens a
 * notice that happens to share its id).
 */
async function readTicketFor(
  s: Scope,
  ticket: string | null,
  kind: PreviewKind,
): Promise<{ state: PreviewRefusal } | { state: 'ok'; tenantId: string; id: string; expiresAt: number }> {
  const secret = s.config.PREVIEW_SECRET;
  if (!secret) return { state: 'off' };
  const read = readPreviewTicket(ticket, secret, Math.floor(s.now / 1000));
  if (read.state === 'invalid' || read.payload.kind !== kind) return { state: 'invalid' };
  const tenant = await s.tenant();
  if (read.payload.tenantId !== tenant.id) return { state: 'other-school' };
  if (read.state === 'expired') return { state: 'expired' };
  return { state: 'ok', tenantId: tenant.id, id: read.payload.id, expiresAt: read.payload.exp * 1000 };
}

/**
 * The news item a content system's preview ticket names, in any state, shaped exactly as the
 * public detail page gets it. The ticket must be ours, current, and for the school of the request.
 */
export async function previewNews(s: Scope, ticket: string | null): Promise<NewsPreview> {
  const read = await readTicketFor(s, ticket, 'news');
  if (read.state !== 'ok') return read;
  const row = await repo.findNewsForPreview(s.db, read.tenantId, read.id);
  if (!row) return { state: 'missing' };
  return { state: 'ok', news: await newsDetail(s, read.tenantId, row), expiresAt: read.expiresAt };
}

/** The notice a preview ticket names, in any state, shaped exactly as the public notice page gets it. */
export async function previewNotice(s: Scope, ticket: string | null): Promise<NoticePreview> {
  const read = await readTicketFor(s, ticket, 'notice');
  if (read.state !== 'ok') return read;
  const row = await repo.findNoticeForPreview(s.db, read.tenantId, read.id);
  if (!row) return { state: 'missing' };
  return { state: 'ok', notice: noticeDetail(s, row), expiresAt: read.expiresAt };
}

/** Whether a published news item of this school has the id (what a comment may be about). */
export async function publishedNewsExists(s: Scope, id: string): Promise<boolean> {
  const tenant = await s.tenant();
  return !!(await repo.findPublishedNews(s.db, tenant.id, id));
}

const orNotFound = <T>(value: T | null): T => {
  if (value === null) throw AppError.notFound();
  return value;
};

export const getNews = async (s: Scope, id: string): Promise<NewsDetail> => orNotFound(await findNews(s, id));

export async function pageCategories(s: Scope, q: PageQuery): Promise<Page<Category>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pageCategories(s.db, tenant.id, windowOf(q));
  return pageOf(rows, total, q.current, q.size);
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

export async function pageNotices(s: Scope, q: PageQuery & { sort?: ContentSort; title?: string | undefined }): Promise<Page<NoticeSummary>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pagePublishedNotices(s.db, tenant.id, { ...windowOf(q), sort: q.sort ?? 'publishTime', title: q.title });
  return mapPage(pageOf(rows, total, q.current, q.size), noticeSummary);
}

export async function findNotice(s: Scope, id: string): Promise<NoticeDetail | null> {
  const tenant = await s.tenant();
  const r = await repo.findPublishedNotice(s.db, tenant.id, id);
  return r ? noticeDetail(s, r) : null;
}

/** The public detail of a notice: what the notice page and its preview both render. */
function noticeDetail(s: Scope, r: Parameters<typeof noticeSummary>[0] & { content: string; tenantId: string }): NoticeDetail {
  return { ...noticeSummary(r), content: s.lookups.richText.sanitize(r.content, r.tenantId) };
}

export const getNotice = async (s: Scope, id: string): Promise<NoticeDetail> => orNotFound(await findNotice(s, id));

const RECENT_KIND = {
  NEW_INFORMATION: { code: 'NEW_INFORMATION', desc: t('content.typeNews') },
  NOTICE: { code: 'NOTICE', desc: t('content.typeNotice') },
} as const;

/** Notices and news published in [start, end] (the home ticker asks for the last 30 days). */
export async function pageRecent(s: Scope, start: number, end: number, q: PageQuery): Promise<Page<RecentArticle>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pageRecentArticles(s.db, tenant.id, start, end, windowOf(q));
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
    id: r.id,
    title: r.title,
    publishTime: formatDateTime(r.publishTime),
    publishTimestamp: r.publishTime,
    commentObjectType: r.kind === 'NEW_INFORMATION' ? RECENT_KIND.NEW_INFORMATION : RECENT_KIND.NOTICE,
  }));
}

export async function pageHotMajors(s: Scope, q: PageQuery & { name?: string | undefined }): Promise<Page<HotMajorSummary>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pageHotMajors(s.db, tenant.id, { ...windowOf(q), name: q.name });
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
    id: r.id,
    name: r.name,
    seq: r.seq,
    pic: safeMediaUrl(r.pic),
    industrySalary: r.industrySalary ?? 0,
  }));
}

/** A shown hot major of this school as stored (the products domain builds its detail page), or null. */
export async function findHotMajor(s: Scope, id: string) {
  const tenant = await s.tenant();
  return (await repo.findActiveHotMajor(s.db, tenant.id, id)) ?? null;
}
