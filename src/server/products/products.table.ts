import type { Selectable } from 'kysely';

/** Class period types of a product: 1 training, 2 exam, 3 certification, 4 evaluation. */
export type PeriodType = 1 | 2 | 3 | 4;

/** 0 not verifiable online, 1 verifiable on the national network, 2 verifiable on the education network. */
export type CertificateVerificationType = 0 | 1 | 2;

export interface ProductTable {
  id: string;
  tenantId: string;
  name: string;
  pic: string | null;
  /** A short tag printed on the picture (e.g. 热招, 补贴). */
  picTag: string | null;
  /** Likes; also drives the rating diamonds. */
  thumbs: number;
  /** JSON array of PeriodType. */
  onlineClassPeriodTypeList: string | null;
  certificationOrg: string | null;
  issuingAuthorityName: string | null;
  certificateTypeCode: string | null;
  certificateTypeDesc: string | null;
  certificateVerificationType: number;
  certificateBenefits: string | null;
  schoolName: string | null;
  trainingInstitutionsName: string | null;
  /** Prices are text: the coupon price may end with 起 ("from"). */
  defStandPrice: string | null;
  defCouponPrice: string | null;
  subsidyPrice: string | null;
  tenantChildType: string | null;
  seq: number;
  /** 1 on sale; anything else is hidden from the public side. */
  state: number;
  createdAt: number;
  updatedAt: number;
}

/** Operation categories group products for the home page's training-project list. */
export interface ProductOperationCategoryTable {
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
export interface CommonQuestionTable {
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
