import { get, post } from '../contract';
import type { Page, PageRequest } from '../../paging';

/** News, categories, notices (discover articles) and hot majors. */

export type NewsContentType = 'ARTICLE' | 'INFORMATION';

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

export interface Category {
  id: string;
  name: string;
  seq: number;
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

export interface RecentArticle {
  id: string;
  title: string;
  publishTime: string;
  publishTimestamp: number;
  commentObjectType: { code: 'NEW_INFORMATION' | 'NOTICE'; desc: string };
}

export interface HotMajorSummary {
  id: string;
  name: string;
  seq: number;
  pic: string | null;
  industrySalary: number;
}

export type ContentSort = 'publishTime' | 'seq' | 'createdTime';

export const newsPage = post<PageRequest<{ categorizeId?: string; status?: number; title?: string }, ContentSort>, Page<NewsSummary>>(
  '/universityAdvertise/anyUser/newInformation/newInformationPage',
);
export const newsDetail = get<{ id: string }, NewsDetail>('/universityAdvertise/anyUser/newInformation/detail');
export const categoryPage = post<PageRequest<Record<string, never>, 'seq'>, Page<Category>>('/universityAdvertise/anyUser/categorize/page');
export const noticePage = post<PageRequest<{ status?: number; title?: string }, ContentSort>, Page<NoticeSummary>>(
  '/universityAdvertise/anyUser/discoverArticle/page',
);
export const noticeDetail = get<{ id: string }, NoticeDetail>('/universityAdvertise/anyUser/discoverArticle/getVOById/:id');
/** Notices and news published in [startTime, endTime] ('YYYY-MM-DD HH:mm:ss'), newest first. */
export const recentArticles = post<{ startTime: string; endTime: string; current?: number; size?: number }, Page<RecentArticle>>(
  '/universityAdvertise/anyBiz/discoverArticle/mergeCustomPage',
);
export const hotMajorPage = post<PageRequest<{ name?: string }, 'seq'>, Page<HotMajorSummary>>('/universityAdvertise/anyUser/hotMajor/hotMajorPage');
