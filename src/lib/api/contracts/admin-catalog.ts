import { get, post } from '../contract';
import type { Page } from '../../paging';
import { PUBLICATION } from '../../status';

/**
 * The staff side of the school's catalogue (/api/admin/catalog/...): training products and their
 * operation categories, hot majors and their common questions, home banners and coupons. Each type has a list (search
 * by name, filter by state, paged), one save call (no id: create; an id: edit), a state call
 * (publish or take down) and a delete call. Only published rows ever reach the public side: a
 * draft is saved but not shown, taking a row down makes it a draft again.
 */

/** Draft (not shown) or published (shown on the public side). */
export const CATALOG_STATE = PUBLICATION;
export type CatalogState = (typeof CATALOG_STATE)[keyof typeof CATALOG_STATE];

export interface CatalogListQuery {
  current?: number;
  size?: number;
  /** Part of the name (title), blank for all. */
  keyword?: string;
  /** Blank for all; DRAFT is a draft with no time, SCHEDULED a draft with one. */
  state?: CatalogState | '';
}

export interface StateChange {
  state: CatalogState;
}

/** Schedule a draft: the time the server publishes it, China Standard Time 'YYYY-MM-DD HH:mm'. */
export interface ScheduleChange {
  publishAt: string;
}

export interface AdminProduct {
  id: string;
  name: string;
  pic: string | null;
  picTag: string | null;
  /** 1 training, 2 exam, 3 certification, 4 evaluation. */
  periodTypes: number[];
  certificationOrg: string | null;
  issuingAuthorityName: string | null;
  certificateTypeDesc: string | null;
  /** 0 not verifiable online, 1 on the national network, 2 on the education network. */
  certificateVerificationType: number;
  certificateBenefits: string | null;
  /** The product page's detail: sanitised rich HTML ('' none). */
  detail: string;
  schoolName: string | null;
  trainingInstitutionsName: string | null;
  defStandPrice: string | null;
  defCouponPrice: string | null;
  subsidyPrice: string | null;
  /** The operation categories the product is placed in (the home page's training-project tabs). */
  categoryIds: string[];
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
  updatedAt: number;
}

export type ProductInput = Omit<AdminProduct, 'id' | 'updatedAt' | 'scheduledAt'> & { id?: string };

export interface AdminProductCategory {
  id: string;
  name: string;
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
  /** Products placed in it: a category with products cannot be deleted. */
  productCount: number;
}

export type ProductCategoryInput = Pick<AdminProductCategory, 'name' | 'seq' | 'state'> & { id?: string };

export interface AdminQuestion {
  id: string;
  majorId: string;
  majorName: string | null;
  name: string;
  /** Sanitised rich HTML. */
  answer: string;
  seq: number | null;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
}

export type QuestionInput = Pick<AdminQuestion, 'majorId' | 'name' | 'answer' | 'seq' | 'state'> & { id?: string };

/** A hot major a common question may belong to. */
export interface MajorOption {
  id: string;
  name: string;
}

export interface AdminBanner {
  id: string;
  name: string;
  pic: string;
  /** http(s) or a site path, or null for a picture without a link. */
  url: string | null;
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
}

export type BannerInput = Omit<AdminBanner, 'id' | 'scheduledAt'> & { id?: string };

export interface AdminCoupon {
  id: string;
  title: string;
  /** Yuan, up to 2 decimals. */
  amount: number;
  /** Minimum order in yuan (0: none). */
  minPoint: number;
  useStartTime: number;
  useEndTime: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
  /** Published and its use period over: no longer listed as receivable. */
  ended: boolean;
}

export type CouponInput = Omit<AdminCoupon, 'id' | 'ended' | 'scheduledAt'> & { id?: string };

export interface AdminHotMajor {
  id: string;
  name: string;
  pic: string | null;
  /** Monthly salary in yuan shown on the major's page (0: not shown). */
  industrySalary: number;
  employmentProspectDescribe: string | null;
  suitabilityPeopleDescribe: string | null;
  /** Certificates the major leads to: a name and an optional picture. */
  relatedCertificate: { name: string; url: string }[];
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
  /** Common questions of the major: a major with questions cannot be deleted. */
  questionCount: number;
}

export type HotMajorInput = Omit<AdminHotMajor, 'id' | 'questionCount' | 'scheduledAt'> & { id?: string };

/** An album tab the categories are shown under. */
export interface AlbumTabOption {
  key: string;
  name: string;
}

/** A tab as its staff list shows it. */
export interface AdminAlbumTab extends AlbumTabOption {
  id: string;
  /** Position among the tabs (1 first). */
  seq: number;
  /** Album categories under it (a tab in use cannot be deleted). */
  categoryCount: number;
}

/** No id creates a tab (its key made by the server), an id renames it. */
export interface AlbumTabInput {
  id?: string;
  name: string;
}

export interface AlbumTabOrder {
  /** Every tab of the school, in the new order. */
  ids: string[];
}

export interface AdminAlbumCategory {
  id: string;
  categoryName: string;
  categoryTabKey: string;
  /** '' every client, else only 'PC' or 'H5'. */
  clientType: '' | 'PC' | 'H5';
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
  /** Pictures and videos in it: a category with materials cannot be deleted. */
  materialCount: number;
}

export type AlbumCategoryInput = Omit<AdminAlbumCategory, 'id' | 'materialCount' | 'scheduledAt'> & { id?: string };

export interface AdminMaterial {
  id: string;
  categoryId: string;
  name: string;
  type: 'PIC' | 'VIDEO';
  /** The picture (PIC) or the video's cover (VIDEO, optional). */
  pic: string | null;
  /** The video's address (VIDEO only). */
  video: string | null;
  introduce: string | null;
  seq: number;
  state: CatalogState;
  /** A draft the server publishes at this time (epoch ms, shown as 已排期), or null. */
  scheduledAt: number | null;
}

export type MaterialInput = Omit<AdminMaterial, 'id' | 'scheduledAt'> & { id?: string };

type Empty = Record<string, never>;

export const catalogProducts = get<CatalogListQuery, Page<AdminProduct>>('/admin/catalog/products');
export const catalogProductSave = post<ProductInput, AdminProduct>('/admin/catalog/products/save');
export const catalogProductState = post<StateChange, AdminProduct>('/admin/catalog/products/:id/state');
export const catalogProductSchedule = post<ScheduleChange, AdminProduct>('/admin/catalog/products/:id/schedule');
export const catalogProductDelete = post<Empty, null>('/admin/catalog/products/:id/delete');

export const catalogCategories = get<CatalogListQuery, Page<AdminProductCategory>>('/admin/catalog/categories');
export const catalogCategorySave = post<ProductCategoryInput, AdminProductCategory>('/admin/catalog/categories/save');
export const catalogCategoryState = post<StateChange, AdminProductCategory>('/admin/catalog/categories/:id/state');
export const catalogCategorySchedule = post<ScheduleChange, AdminProductCategory>('/admin/catalog/categories/:id/schedule');
export const catalogCategoryDelete = post<Empty, null>('/admin/catalog/categories/:id/delete');

export const catalogQuestions = get<CatalogListQuery, Page<AdminQuestion>>('/admin/catalog/questions');
export const catalogQuestionSave = post<QuestionInput, AdminQuestion>('/admin/catalog/questions/save');
export const catalogQuestionState = post<StateChange, AdminQuestion>('/admin/catalog/questions/:id/state');
export const catalogQuestionSchedule = post<ScheduleChange, AdminQuestion>('/admin/catalog/questions/:id/schedule');
export const catalogQuestionDelete = post<Empty, null>('/admin/catalog/questions/:id/delete');
export const catalogMajors = get<Empty, MajorOption[]>('/admin/catalog/majors');

export const catalogBanners = get<CatalogListQuery, Page<AdminBanner>>('/admin/catalog/banners');
export const catalogBannerSave = post<BannerInput, AdminBanner>('/admin/catalog/banners/save');
export const catalogBannerState = post<StateChange, AdminBanner>('/admin/catalog/banners/:id/state');
export const catalogBannerSchedule = post<ScheduleChange, AdminBanner>('/admin/catalog/banners/:id/schedule');
export const catalogBannerDelete = post<Empty, null>('/admin/catalog/banners/:id/delete');

export const catalogCoupons = get<CatalogListQuery, Page<AdminCoupon>>('/admin/catalog/coupons');
export const catalogCouponSave = post<CouponInput, AdminCoupon>('/admin/catalog/coupons/save');
export const catalogCouponState = post<StateChange, AdminCoupon>('/admin/catalog/coupons/:id/state');
export const catalogCouponSchedule = post<ScheduleChange, AdminCoupon>('/admin/catalog/coupons/:id/schedule');
export const catalogCouponDelete = post<Empty, null>('/admin/catalog/coupons/:id/delete');

export const catalogMajorList = get<CatalogListQuery, Page<AdminHotMajor>>('/admin/catalog/hotMajors');
export const catalogMajorSave = post<HotMajorInput, AdminHotMajor>('/admin/catalog/hotMajors/save');
export const catalogMajorState = post<StateChange, AdminHotMajor>('/admin/catalog/hotMajors/:id/state');
export const catalogMajorSchedule = post<ScheduleChange, AdminHotMajor>('/admin/catalog/hotMajors/:id/schedule');
export const catalogMajorDelete = post<Empty, null>('/admin/catalog/hotMajors/:id/delete');

export const catalogAlbumTabs = get<Empty, AdminAlbumTab[]>('/admin/catalog/albumTabs');
export const catalogAlbumTabSave = post<AlbumTabInput, AdminAlbumTab>('/admin/catalog/albumTabs/save');
export const catalogAlbumTabOrder = post<AlbumTabOrder, AdminAlbumTab[]>('/admin/catalog/albumTabs/order');
export const catalogAlbumTabDelete = post<Empty, null>('/admin/catalog/albumTabs/:id/delete');
export const catalogAlbumCategories = get<CatalogListQuery, Page<AdminAlbumCategory>>('/admin/catalog/albumCategories');
export const catalogAlbumCategorySave = post<AlbumCategoryInput, AdminAlbumCategory>('/admin/catalog/albumCategories/save');
export const catalogAlbumCategoryState = post<StateChange, AdminAlbumCategory>('/admin/catalog/albumCategories/:id/state');
export const catalogAlbumCategorySchedule = post<ScheduleChange, AdminAlbumCategory>('/admin/catalog/albumCategories/:id/schedule');
export const catalogAlbumCategoryDelete = post<Empty, null>('/admin/catalog/albumCategories/:id/delete');
export const catalogMaterials = get<CatalogListQuery, Page<AdminMaterial>>('/admin/catalog/materials');
export const catalogMaterialSave = post<MaterialInput, AdminMaterial>('/admin/catalog/materials/save');
export const catalogMaterialState = post<StateChange, AdminMaterial>('/admin/catalog/materials/:id/state');
export const catalogMaterialSchedule = post<ScheduleChange, AdminMaterial>('/admin/catalog/materials/:id/schedule');
export const catalogMaterialDelete = post<Empty, null>('/admin/catalog/materials/:id/delete');

/** Spread into STAFF_CALLS. */
export const CATALOG_CALLS = {
  catalogProducts,
  catalogProductSave,
  catalogProductState,
  catalogProductSchedule,
  catalogProductDelete,
  catalogCategories,
  catalogCategorySave,
  catalogCategoryState,
  catalogCategorySchedule,
  catalogCategoryDelete,
  catalogQuestions,
  catalogQuestionSave,
  catalogQuestionState,
  catalogQuestionSchedule,
  catalogQuestionDelete,
  catalogMajors,
  catalogBanners,
  catalogBannerSave,
  catalogBannerState,
  catalogBannerSchedule,
  catalogBannerDelete,
  catalogCoupons,
  catalogCouponSave,
  catalogCouponState,
  catalogCouponSchedule,
  catalogCouponDelete,
  catalogMajorList,
  catalogMajorSave,
  catalogMajorState,
  catalogMajorSchedule,
  catalogMajorDelete,
  catalogAlbumTabs,
  catalogAlbumTabSave,
  catalogAlbumTabOrder,
  catalogAlbumTabDelete,
  catalogAlbumCategories,
  catalogAlbumCategorySave,
  catalogAlbumCategoryState,
  catalogAlbumCategorySchedule,
  catalogAlbumCategoryDelete,
  catalogMaterials,
  catalogMaterialSave,
  catalogMaterialState,
  catalogMaterialSchedule,
  catalogMaterialDelete,
} as const;
