import { get, post } from '../contract';
import type { Page, PageRequest } from '../../paging';

/** Training products, operation categories, hot-major detail and common questions. */

/** Class period types of a product: 1 training, 2 exam, 3 certification, 4 evaluation. */
export type PeriodType = 1 | 2 | 3 | 4;

export interface ProductVO {
  id: string;
  name: string;
  pic: string | null;
  /** A short tag printed on the picture (e.g. 热招, 补贴). */
  picTag: string | null;
  /** Likes; also drives the rating diamonds. */
  thumbs: number;
  onlineClassPeriodTypeList: PeriodType[];
  certificationOrg: string | null;
  issuingAuthorityName: string | null;
  certificateType: { code: string; desc: string } | null;
  /** 0 none, 1 national network verifiable, 2 education-network verifiable. */
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
  /** 1 on sale. */
  state: number;
}

export interface OperationCategory {
  id: string;
  name: string;
  /** 1 a "variety" (product line) category, 0 a plain operation category. */
  isVariety: number;
  state: number;
  seq: number;
}

/** The home page's training-project block (the server draws it; /partials/training-projects swaps it in). */
export interface HomeTrainingProjects {
  /** The school's first 3 enabled operation categories, ascending seq: the tabs. */
  categories: OperationCategory[];
  /** The shown category: the requested one when it is an enabled category of this school, else the first. */
  active: OperationCategory | null;
  page: Page<ProductVO>;
}

/** A product placed in an operation category. */
export interface OperationRelation {
  id: string;
  bizId: string;
  bizType: string;
  productId: string;
  seq: number;
  state: number;
  product: ProductVO;
}

export interface CommonQuestionVO {
  id: string;
  name: string;
  /** Sanitised HTML. */
  answer: string;
  majorId: string;
  /** As stored; null sorts as 1000. */
  seq: number | null;
}

export interface CertificateLink {
  name: string;
  /** '' when the certificate has no link. */
  url: string;
}

export interface HotMajorDetail {
  id: string;
  name: string;
  seq: number;
  pic: string | null;
  /** Yuan per month; 0 when missing. */
  industrySalary: number;
  employmentProspectDescribe: string | null;
  suitabilityPeopleDescribe: string | null;
  relatedCertificate: CertificateLink[];
  commonQuestionList: CommonQuestionVO[];
  relatedProductList: { productId: string }[];
}

/**
 * On-sale products, ascending seq. prodIdList (ids, or comma-separated text; at most 100): only
 * those products, in the list's order.
 */
export const productPage = post<PageRequest<{ prodIdList?: string[] | string; name?: string }, 'seq'>, Page<ProductVO>>('/product/anyBiz/product/page');
/** Enabled operation categories (state 1 is the only public state), ascending seq. */
export const operationCategories = post<{ tenantId?: string; isVariety?: 0 | 1; state?: number }, OperationCategory[]>(
  '/product/anyBiz/productOperationCategory/query',
);
/** The products placed in a category (bizType CATEGORY, bizId the category id), ascending placement seq. */
export const relationPage = post<PageRequest<{ bizId: string; bizType?: 'CATEGORY'; state?: number }, 'seq'>, Page<OperationRelation>>(
  '/product/anyBiz/productOperationRelation/page',
);
export const hotMajorDetail = get<{ id: string }, HotMajorDetail>('/universityAdvertise/anyUser/hotMajor/detail');
/** A major's questions (or every major's), ascending seq with a missing seq as 1000. */
export const commonQuestionPage = post<PageRequest<{ majorId?: string }, 'seq'>, Page<CommonQuestionVO>>(
  '/universityAdvertise/anyUser/commonQuestion/commonQuestionPage',
);
