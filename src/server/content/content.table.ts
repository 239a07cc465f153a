import type { Selectable } from 'kysely';

export interface NewsCategoryTable {
  id: string;
  tenantId: string;
  name: string;
  seq: number;
  createdAt: number;
}

/** contentType INFORMATION means the content is a video URL; ARTICLE means rich HTML. */
import type { NewsContentType } from '~/lib/api/contracts/content';
import type { SchedulableColumns } from '~/lib/staff/catalog-schedule';

export type { NewsContentType };

export interface NewsTable {
  id: string;
  tenantId: string;
  title: string;
  cover: string | null;
  introduction: string | null;
  content: string;
  contentType: NewsContentType;
  sources: string | null;
  publishTime: number;
  /** 1 published; anything else is a draft or withdrawn. */
  status: number;
  seq: number;
  browseCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewsCategoryLinkTable {
  tenantId: string;
  newsId: string;
  categorizeId: string;
}

export interface NoticeTable {
  id: string;
  tenantId: string;
  title: string;
  content: string;
  writerName: string | null;
  publishTime: number;
  status: number;
  seq: number;
  createdAt: number;
  updatedAt: number;
}

export interface HotMajorTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  name: string;
  seq: number;
  pic: string | null;
  industrySalary: number | null;
  employmentProspectDescribe: string | null;
  suitabilityPeopleDescribe: string | null;
  /** JSON array of {name, url} */
  relatedCertificate: string | null;
  state: number;
  createdAt: number;
}

export type News = Selectable<NewsTable>;
export type NewsCategory = Selectable<NewsCategoryTable>;
export type Notice = Selectable<NoticeTable>;
export type HotMajor = Selectable<HotMajorTable>;
