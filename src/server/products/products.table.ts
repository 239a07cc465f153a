import type { Selectable } from 'kysely';
import type { ProductVO } from '~/lib/api/contracts/products';
import type { SchedulableColumns } from '~/lib/staff/catalog-schedule';

/** The product columns stored as the answer shows them. */
type ShownAsStored = Pick<
  ProductVO,
  | 'name'
  | 'picTag'
  | 'certificationOrg'
  | 'issuingAuthorityName'
  | 'certificateBenefits'
  | 'schoolName'
  | 'trainingInstitutionsName'
  | 'defStandPrice'
  | 'defCouponPrice'
  | 'subsidyPrice'
  | 'tenantChildType'
  | 'seq'
  | 'state'
>;

export interface ProductTable extends ShownAsStored, SchedulableColumns {
  id: string;
  tenantId: string;
  /** Checked (safe URL) before it is shown. */
  pic: string | null;
  thumbs: number;
  /** JSON array of PeriodType (1 training, 2 exam, 3 certification, 4 evaluation). */
  onlineClassPeriodTypeList: string | null;
  certificateTypeCode: string | null;
  certificateTypeDesc: string | null;
  /** 0 not verifiable online, 1 verifiable on the national network, 2 verifiable on the education network. */
  certificateVerificationType: number;
  /** Rich HTML written by staff, sanitised when saved and when shown; null: none. */
  detail: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Operation categories group products for the home page's training-project list. */
export interface ProductOperationCategoryTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  name: string;
  /** 1 a "variety" (product line) category, 0 a plain operation category. */
  isVariety: number;
  state: number;
  seq: number;
  createdAt: number;
}

/** A product placed in an operation category (bizType CATEGORY, bizId = the category id). */
export interface ProductOperationRelationTable {
  id: string;
  tenantId: string;
  bizId: string;
  bizType: string;
  productId: string;
  seq: number;
  state: number;
  createdAt: number;
}

/** Products related to a hot major (hot_majors belongs to the content feature: no foreign key). */
export interface HotMajorProductTable {
  tenantId: string;
  majorId: string;
  productId: string;
  seq: number;
}

/** Common questions of a hot major; a missing seq sorts as 1000. */
export interface CommonQuestionTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  majorId: string;
  name: string;
  /** Rich HTML, sanitised before it is shown. */
  answer: string;
  seq: number | null;
  state: number;
  createdAt: number;
}

export type Product = Selectable<ProductTable>;
export type ProductOperationCategory = Selectable<ProductOperationCategoryTable>;
export type ProductOperationRelation = Selectable<ProductOperationRelationTable>;
export type CommonQuestion = Selectable<CommonQuestionTable>;
