import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { NewsContentType } from './content';

/**
 * The staff side of news, notices and news categories (/api/admin/news..., /admin/notices...,
 * /admin/newsCategories...): school administrators and content editors write, schedule, publish,
 * withdraw and delete; every call goes through the staff gate (session, CSRF, role) by its name.
 * Rich text is sanitised by the server when saved and again when shown.
 */

/** Where an item is in its life. Scheduled: published by the server at publishAt. */
export type ArticleState = 'draft' | 'scheduled' | 'published' | 'withdrawn';

export interface AdminListQuery {
  current?: number;
  size?: number;
  /** Part of the title. */
  title?: string;
  state?: ArticleState;
  /** News only: items of this category. */
  categorizeId?: string;
}

export interface AdminNewsSummary {
  id: string;
  title: string;
  state: ArticleState;
  contentType: NewsContentType;
  categories: { id: string; name: string }[];
  /** Published: when; scheduled: when it will be; draft or withdrawn: the last publish time set. */
  publishAt: number;
  updatedAt: number;
}

export interface AdminNews extends AdminNewsSummary {
  cover: string | null;
  introduction: string | null;
  sources: string | null;
  /** ARTICLE: sanitised HTML; INFORMATION: the video's URL. */
  content: string;
}

export interface NewsInput {
  /** Absent: a new draft. */
  id?: string;
  title: string;
  categorizeIds: string[];
  cover?: string | null;
  introduction?: string | null;
  sources?: string | null;
  contentType: NewsContentType;
  content: string;
}

export interface AdminNoticeSummary {
  id: string;
  title: string;
  state: ArticleState;
  writerName: string | null;
  publishAt: number;
  updatedAt: number;
}

export interface AdminNotice extends AdminNoticeSummary {
  content: string;
}

export interface NoticeInput {
  id?: string;
  title: string;
  writerName?: string | null;
  content: string;
}

/** China Standard Time, 'YYYY-MM-DD HH:mm' (seconds optional); must be in the future. */
export interface ScheduleInput {
  publishAt: string;
}

export interface PreviewLink {
  url: string;
  expiresAt: number;
}

export interface AdminCategory {
  id: string;
  name: string;
  seq: number;
  /** How many news items are in it (a category in use cannot be deleted). */
  newsCount: number;
}

export interface CategoryInput {
  id?: string;
  name: string;
}

export interface CategoryOrder {
  /** Every category of the school, in the new order. */
  ids: string[];
}

export const adminNewsPage = get<AdminListQuery, Page<AdminNewsSummary>>('/admin/news');
export const adminNewsGet = get<Record<string, never>, AdminNews>('/admin/news/:id');
export const adminNewsSave = post<NewsInput, AdminNews>('/admin/news/save');
export const adminNewsPublish = post<Record<string, never>, AdminNews>('/admin/news/:id/publish');
export const adminNewsSchedule = post<ScheduleInput, AdminNews>('/admin/news/:id/schedule');
export const adminNewsUnpublish = post<Record<string, never>, AdminNews>('/admin/news/:id/unpublish');
export const adminNewsDelete = post<Record<string, never>, null>('/admin/news/:id/delete');
export const adminNewsPreview = post<Record<string, never>, PreviewLink>('/admin/news/:id/preview');
export const adminNoticePage = get<AdminListQuery, Page<AdminNoticeSummary>>('/admin/notices');
export const adminNoticeGet = get<Record<string, never>, AdminNotice>('/admin/notices/:id');
export const adminNoticeSave = post<NoticeInput, AdminNotice>('/admin/notices/save');
export const adminNoticePublish = post<Record<string, never>, AdminNotice>('/admin/notices/:id/publish');
export const adminNoticeSchedule = post<ScheduleInput, AdminNotice>('/admin/notices/:id/schedule');
export const adminNoticeUnpublish = post<Record<string, never>, AdminNotice>('/admin/notices/:id/unpublish');
export const adminNoticeDelete = post<Record<string, never>, null>('/admin/notices/:id/delete');
export const adminNoticePreview = post<Record<string, never>, PreviewLink>('/admin/notices/:id/preview');
export const adminCategories = get<Record<string, never>, AdminCategory[]>('/admin/newsCategories');
export const adminCategorySave = post<CategoryInput, AdminCategory>('/admin/newsCategories/save');
export const adminCategoryOrder = post<CategoryOrder, AdminCategory[]>('/admin/newsCategories/order');
export const adminCategoryDelete = post<Record<string, never>, null>('/admin/newsCategories/:id/delete');
