import type { Selectable } from 'kysely';
import type { FeedType, MaterialType } from '~/lib/api/contracts/media';
import type { SchedulableColumns } from '~/lib/staff/catalog-schedule';

export type { FeedType, MaterialType };

/** Home banners ("material posters"). */
export interface MaterialPosterTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  name: string;
  pic: string;
  /** Link target (http(s) or a site path), or null for a picture without a link. */
  url: string | null;
  seq: number;
  /** 1 shown; 0 hidden. */
  enabled: number;
  createdAt: number;
}

/** Album tabs: each album category belongs to one tab by its key. */
export interface MaterialCategoryTabTable {
  id: string;
  tenantId: string;
  tabKey: string;
  name: string;
  seq: number;
}

export interface MaterialCategoryTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  categoryName: string;
  categoryTabKey: string;
  /** null: every client; else only that client type (PC, H5, …). */
  clientType: string | null;
  seq: number;
  /** 1 shown; 0 hidden. */
  state: number;
  createdAt: number;
}

/** Album pictures and videos. */
export interface MaterialTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  categoryId: string;
  name: string;
  type: MaterialType;
  pic: string | null;
  video: string | null;
  introduce: string | null;
  /** 1 published; 0 hidden. Public calls only ever return published materials. */
  open: number;
  seq: number;
  createdAt: number;
}

export interface ContentOperationTagTable {
  id: string;
  tenantId: string;
  type: FeedType;
  name: string;
  seq: number;
}

export interface ContentOperationTable {
  id: string;
  tenantId: string;
  type: FeedType;
  tagId: string | null;
  title: string;
  description: string | null;
  pic: string | null;
  /** The video URL. */
  contentUrl: string | null;
  /** Rich HTML, sanitised before it is shown. */
  content: string | null;
  author: string | null;
  authorAvatar: string | null;
  sort: number;
  /** 1 published; anything else hidden. */
  status: number;
  /** Likes counted before this portal; shown likes = likeBase + thumbs records. */
  likeBase: number;
  createdAt: number;
  updatedAt: number;
}

export type Material = Selectable<MaterialTable>;
export type ContentOperation = Selectable<ContentOperationTable>;
