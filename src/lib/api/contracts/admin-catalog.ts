import { get, post, type Call } from '../contract';
import type { Page } from '../../paging';
import { PUBLICATION } from '../../status';
import type { CatalogScreenName } from '../../i18n/messages/catalog-titles';

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
  /** One row by its id (a link from the audit log names it); blank for all. */
  id?: string;
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
  /** The hot majors (热门专业) the product belongs to: /educational-product lists it under each of them once published. */
  majorIds: string[];
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

/** The five calls of a resource (list, save, state, schedule, delete), by the names the staff calls know them. */
export interface ResourceCalls<A, I> {
  list: Call<CatalogListQuery, Page<A>>;
  save: Call<I, A>;
  state: Call<StateChange, A>;
  schedule: Call<ScheduleChange, A>;
  delete: Call<Empty, null>;
}

type Named<One extends string, List extends string, A, I> = { [K in `catalog${List}`]: Call<CatalogListQuery, Page<A>> } & {
  [K in `catalog${One}Save`]: Call<I, A>;
} & { [K in `catalog${One}State`]: Call<StateChange, A> } & { [K in `catalog${One}Schedule`]: Call<ScheduleChange, A> } & {
  [K in `catalog${One}Delete`]: Call<Empty, null>;
};

/** The fields of a row that hold words (one of them names the row on the screens). */
type TextField<A> = { [K in keyof A]: A[K] extends string ? K : never }[keyof A];

/** What a catalogue screen reads of its resource: the calls, the screen's name (its title) and how a row is named. */
export interface CatalogResource<A, I> {
  calls: ResourceCalls<A, I>;
  screen: CatalogScreenName;
  nameOf: (row: A) => string;
}

/**
 * A catalogue resource, declared once: its calls, derived from its path (`calls` for the screens,
 * `named` for STAFF_CALLS: catalog<List>, catalog<One>Save...), its screen and the field that names a row.
 */
export interface CatalogResourceCalls<One extends string, List extends string, A, I> extends CatalogResource<A, I> {
  /** The staff call names of `calls`. */
  names: { [K in keyof ResourceCalls<A, I>]: string };
  named: Named<One, List, A, I>;
}

/** The calls of a resource under `path`, named catalog<List> and catalog<One>Save, ...State, ...Schedule, ...Delete. */
function resource<A, I>() {
  return <One extends string, List extends string>(
    one: One,
    list: List,
    path: string,
    screen: CatalogScreenName,
    nameField: TextField<A>,
  ): CatalogResourceCalls<One, List, A, I> => {
    const calls: ResourceCalls<A, I> = {
      list: get(path),
      save: post(`${path}/save`),
      state: post(`${path}/:id/state`),
      schedule: post(`${path}/:id/schedule`),
      delete: post(`${path}/:id/delete`),
    };
    const names = {
      list: `catalog${list}`,
      save: `catalog${one}Save`,
      state: `catalog${one}State`,
      schedule: `catalog${one}Schedule`,
      delete: `catalog${one}Delete`,
    };
    const named = Object.fromEntries((Object.keys(calls) as (keyof typeof calls)[]).map((k) => [names[k], calls[k]])) as Named<One, List, A, I>;
    return { calls, names, named, screen, nameOf: (row) => row[nameField] as string };
  };
}

export const PRODUCTS = resource<AdminProduct, ProductInput>()('Product', 'Products', '/admin/catalog/products', 'products', 'name');
export const CATEGORIES = resource<AdminProductCategory, ProductCategoryInput>()('Category', 'Categories', '/admin/catalog/categories', 'categories', 'name');
export const QUESTIONS = resource<AdminQuestion, QuestionInput>()('Question', 'Questions', '/admin/catalog/questions', 'questions', 'name');
export const BANNERS = resource<AdminBanner, BannerInput>()('Banner', 'Banners', '/admin/catalog/banners', 'banners', 'name');
export const COUPONS = resource<AdminCoupon, CouponInput>()('Coupon', 'Coupons', '/admin/catalog/coupons', 'coupons', 'title');
export const HOT_MAJORS = resource<AdminHotMajor, HotMajorInput>()('Major', 'MajorList', '/admin/catalog/hotMajors', 'majors', 'name');
export const ALBUM_CATEGORIES = resource<AdminAlbumCategory, AlbumCategoryInput>()(
  'AlbumCategory',
  'AlbumCategories',
  '/admin/catalog/albumCategories',
  'albumCategories',
  'categoryName',
);
export const MATERIALS = resource<AdminMaterial, MaterialInput>()('Material', 'Materials', '/admin/catalog/materials', 'materials', 'name');

/** Every resource with a draft/published state (each served by the generic catalogue calls). */
export const CATALOG_RESOURCES = [PRODUCTS, CATEGORIES, QUESTIONS, BANNERS, COUPONS, HOT_MAJORS, ALBUM_CATEGORIES, MATERIALS] as const;

// The calls by name, as the tests and other modules import them one by one.
export const { catalogProducts, catalogProductSave, catalogProductState, catalogProductSchedule, catalogProductDelete } = PRODUCTS.named;
export const { catalogCategories, catalogCategorySave, catalogCategoryState, catalogCategorySchedule, catalogCategoryDelete } = CATEGORIES.named;
export const { catalogQuestions, catalogQuestionSave, catalogQuestionState, catalogQuestionSchedule, catalogQuestionDelete } = QUESTIONS.named;
export const { catalogBanners, catalogBannerSave, catalogBannerState, catalogBannerSchedule, catalogBannerDelete } = BANNERS.named;
export const { catalogCoupons, catalogCouponSave, catalogCouponState, catalogCouponSchedule, catalogCouponDelete } = COUPONS.named;
export const { catalogMajorList, catalogMajorSave, catalogMajorState, catalogMajorSchedule, catalogMajorDelete } = HOT_MAJORS.named;
export const { catalogAlbumCategories, catalogAlbumCategorySave, catalogAlbumCategoryState, catalogAlbumCategorySchedule, catalogAlbumCategoryDelete } =
  ALBUM_CATEGORIES.named;
export const { catalogMaterials, catalogMaterialSave, catalogMaterialState, catalogMaterialSchedule, catalogMaterialDelete } = MATERIALS.named;

export const catalogMajors = get<Empty, MajorOption[]>('/admin/catalog/majors');
export const catalogAlbumTabs = get<Empty, AdminAlbumTab[]>('/admin/catalog/albumTabs');
export const catalogAlbumTabSave = post<AlbumTabInput, AdminAlbumTab>('/admin/catalog/albumTabs/save');
export const catalogAlbumTabOrder = post<AlbumTabOrder, AdminAlbumTab[]>('/admin/catalog/albumTabs/order');
export const catalogAlbumTabDelete = post<Empty, null>('/admin/catalog/albumTabs/:id/delete');

/** The calls outside the resources: the majors a question may belong to, and the album's tabs. */
const OTHER_CALLS = { catalogMajors, catalogAlbumTabs, catalogAlbumTabSave, catalogAlbumTabOrder, catalogAlbumTabDelete } as const;

/** Spread into STAFF_CALLS. */
export const CATALOG_CALLS = {
  ...PRODUCTS.named,
  ...CATEGORIES.named,
  ...QUESTIONS.named,
  ...BANNERS.named,
  ...COUPONS.named,
  ...HOT_MAJORS.named,
  ...ALBUM_CATEGORIES.named,
  ...MATERIALS.named,
  ...OTHER_CALLS,
};
