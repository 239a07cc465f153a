import { get, post } from '../contract';
import type { Page, PageRequest } from '../../paging';

/** Home banners, the school album and the two home video feeds. */

export interface Banner {
  id: string;
  name: string;
  pic: string | null;
  /** Link target (http(s) or a site path), or null. */
  url: string | null;
  seq: number;
}

export interface AlbumTab {
  key: string;
  name: string;
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

export type MaterialType = 'PIC' | 'VIDEO';

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

/** The two home video feeds: 大家说 (PEOPLE_SAY) and 瞬间 (MICRO_CLASSROOM). */
export const FEED_TYPES = ['PEOPLE_SAY', 'MICRO_CLASSROOM'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

export interface FeedTag {
  id: string;
  name: string;
  type: FeedType;
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

/** These calls may name the school (tenantId) instead of the TenantId header or the host. */
interface SchoolNamed {
  tenantId?: string;
}

export const banners = get<SchoolNamed, Banner[]>('/universityAdvertise/anyUser/contentOperation/getMaterialPosterList');
export const albumTabs = post<SchoolNamed, AlbumTab[]>('/universityAdvertise/anyUser/materialCategoryTab/tabList');
/** Shown categories; clientType (PC, H5, …) keeps those meant for that client and those for every client. */
export const albumCategories = get<SchoolNamed & { clientType?: string; categoryTabKey?: string }, AlbumCategory[]>(
  '/universityAdvertise/anyUser/materialCategory/queryList',
);
/** Only published materials are ever returned, whatever `open` says. */
export const albumMaterials = get<SchoolNamed & { categoryTabKey?: string; materialCategoryId?: string; open?: 0 | 1 }, AlbumMaterial[]>(
  '/universityAdvertise/anyBiz/material/queryListByMaterialCategoryId',
);
export const feedPage = post<PageRequest<{ type: FeedType; tagId?: string }, 'sort'>, Page<FeedItem>>('/universityAdvertise/anyUser/contentOperation/page');
export const feedItem = get<{ id: string }, FeedItemDetail>('/universityAdvertise/anyUser/contentOperation/getOperationBasic/:id');
export const feedTags = get<{ type?: FeedType }, FeedTag[]>('/universityAdvertise/anyUser/contentOperation/getTagList');
