import type { DB } from '../db/database';
import { AppError } from '../errors';
import { pageOf, type Page } from '~/lib/paging';
import { safeMediaUrl, sanitizeRichText } from '../content/sanitize';
import * as repo from './products.repository';
import { parseCertificates, parsePeriodTypes, sortBySeq, type CertificateLink } from './product-rules';
import type { Product } from './products.table';

/** Training products, operation categories, hot-major detail and common questions. */

export interface Paging {
  current: number;
  size: number;
}

const window = (p: Paging) => ({ offset: (p.current - 1) * p.size, limit: p.size });

export interface ProductVO {
  id: string;
  name: string;
  pic: string | null;
  picTag: string | null;
  thumbs: number;
  /** 1 training, 2 exam, 3 certification, 4 evaluation. */
  onlineClassPeriodTypeList: (1 | 2 | 3 | 4)[];
  certificationOrg: string | null;
  issuingAuthorityName: string | null;
  certificateType: { code: string; desc: string } | null;
  /** 0 none, 1 national network verifiable, 2 education-network verifiable. */
  certificateVerificationType: number;
  certificateBenefits: string | null;
  schoolName: string | null;
  trainingInstitutionsName: string | null;
  defStandPrice: string | null;
  /** May end with 起. */
  defCouponPrice: string | null;
  subsidyPrice: string | null;
  tenantChildType: string | null;
  seq: number;
  state: number;
}

type ProductRow = Pick<Product, Exclude<keyof Product, 'tenantId' | 'createdAt' | 'updatedAt'>>;

export function productVO(r: ProductRow): ProductVO {
  return {
    id: r.id,
    name: r.name,
    pic: safeMediaUrl(r.pic),
    picTag: r.picTag,
    thumbs: Number(r.thumbs) || 0,
    onlineClassPeriodTypeList: parsePeriodTypes(r.onlineClassPeriodTypeList),
    certificationOrg: r.certificationOrg,
    issuingAuthorityName: r.issuingAuthorityName,
    certificateType: r.certificateTypeCode || r.certificateTypeDesc ? { code: r.certificateTypeCode ?? '', desc: r.certificateTypeDesc ?? '' } : null,
    certificateVerificationType: [0, 1, 2].includes(r.certificateVerificationType) ? r.certificateVerificationType : 0,
    certificateBenefits: r.certificateBenefits,
    schoolName: r.schoolName,
    trainingInstitutionsName: r.trainingInstitutionsName,
    defStandPrice: r.defStandPrice,
    defCouponPrice: r.defCouponPrice,
    subsidyPrice: r.subsidyPrice,
    tenantChildType: r.tenantChildType,
    seq: r.seq,
    state: r.state,
  };
}

/**
 * On-sale products of the tenant. With prodIdList: only those products, in the list's order
 * (ids of another tenant or not on sale are simply absent); otherwise ascending seq.
 */
export async function pageProducts(
  db: DB,
  tenantId: string,
  q: Paging & { prodIdList?: string[] | undefined; name?: string | undefined },
): Promise<Page<ProductVO>> {
  if (q.prodIdList) {
    const ids = [...new Set(q.prodIdList)];
    const { rows } = await repo.pageProducts(db, tenantId, { offset: 0, limit: Math.max(ids.length, 1), prodIdList: ids, name: q.name });
    const position = new Map(ids.map((id, i) => [id, i]));
    const ordered = rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    const { offset, limit } = window(q);
    return pageOf(ordered.slice(offset, offset + limit).map(productVO), ordered.length, q.current, q.size);
  }
  const { rows, total } = await repo.pageProducts(db, tenantId, { ...window(q), name: q.name });
  return pageOf(rows.map(productVO), total, q.current, q.size);
}

export interface OperationCategory {
  id: string;
  name: string;
  isVariety: number;
  state: number;
  seq: number;
}

export function listOperationCategories(
  db: DB,
  tenantId: string,
  f: { isVariety?: number | undefined; state?: number | undefined } = {},
): Promise<OperationCategory[]> {
  return repo.listCategories(db, tenantId, f);
}

export interface OperationRelation {
  id: string;
  bizId: string;
  bizType: string;
  productId: string;
  seq: number;
  state: number;
  product: ProductVO;
}

/** The training-project list of a category: state-1 placements, ascending seq (the home page shows 4 per page). */
export async function pageCategoryProducts(
  db: DB,
  tenantId: string,
  q: Paging & { bizId: string; bizType?: string },
): Promise<Page<OperationRelation>> {
  const { rows, total } = await repo.pageRelations(db, tenantId, { ...window(q), bizId: q.bizId, bizType: q.bizType ?? repo.CATEGORY });
  return pageOf(
    rows.map((r) => ({
      id: r.relationId,
      bizId: r.bizId,
      bizType: r.bizType,
      productId: r.productId,
      seq: r.relationSeq,
      state: r.relationState,
      product: productVO(r),
    })),
    total,
    q.current,
    q.size,
  );
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

/** A major's questions in display order (ascending seq, missing seq as 1000). */
export async function listCommonQuestions(db: DB, tenantId: string, majorId: string | undefined): Promise<CommonQuestionVO[]> {
  const rows = sortBySeq(await repo.listQuestions(db, tenantId, majorId));
  return rows.map((r) => ({ id: r.id, name: r.name, answer: sanitizeRichText(r.answer), majorId: r.majorId, seq: r.seq ?? null }));
}

export async function pageCommonQuestions(db: DB, tenantId: string, q: Paging & { majorId?: string | undefined }): Promise<Page<CommonQuestionVO>> {
  const all = await listCommonQuestions(db, tenantId, q.majorId);
  const { offset, limit } = window(q);
  return pageOf(all.slice(offset, offset + limit), all.length, q.current, q.size);
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

/** A hot major of the tenant with its certificates, questions and related products; null when not found. */
export async function findHotMajorDetail(db: DB, tenantId: string, id: string): Promise<HotMajorDetail | null> {
  const major = await repo.findHotMajor(db, tenantId, id);
  if (!major) return null;
  const [questions, products] = await Promise.all([listCommonQuestions(db, tenantId, major.id), repo.relatedProductIds(db, tenantId, major.id)]);
  return {
    id: major.id,
    name: major.name,
    seq: major.seq,
    pic: safeMediaUrl(major.pic),
    industrySalary: major.industrySalary ?? 0,
    employmentProspectDescribe: major.employmentProspectDescribe,
    suitabilityPeopleDescribe: major.suitabilityPeopleDescribe,
    relatedCertificate: parseCertificates(major.relatedCertificate).map((c) => ({ name: c.name, url: c.url ? (safeMediaUrl(c.url) ?? '') : '' })),
    commonQuestionList: questions,
    relatedProductList: products.map((p) => ({ productId: p.productId })),
  };
}

export async function getHotMajorDetail(db: DB, tenantId: string, id: string): Promise<HotMajorDetail> {
  const detail = await findHotMajorDetail(db, tenantId, id);
  if (!detail) throw AppError.notFound();
  return detail;
}

/** The home page's training projects: 4 per page (the pager shows only above 4). */
export const HOME_PROJECTS_PAGE_SIZE = 4;
/** The home page shows the first 3 operation categories. */
export const HOME_CATEGORIES = 3;

export interface HomeTrainingProjects {
  /** The tenant's first 3 active (state 1) operation categories, ascending seq: the tabs. */
  categories: OperationCategory[];
  /** The shown category: the requested one when it is an active category of this tenant, else the first. */
  active: OperationCategory | null;
  page: Page<ProductVO>;
}

/** The training-project block of the home page: a category's products, ascending placement seq. */
export async function homeTrainingProjects(
  db: DB,
  tenantId: string,
  q: { categoryId?: string | undefined; current: number },
): Promise<HomeTrainingProjects> {
  // Home categories: the first 3 by seq.
  const categories = (await listOperationCategories(db, tenantId, { state: 1 })).slice(0, HOME_CATEGORIES);
  const active = categories.find((c) => c.id === q.categoryId) ?? categories[0] ?? null;
  if (!active) return { categories, active, page: pageOf([], 0, 1, HOME_PROJECTS_PAGE_SIZE) };
  let relations = await pageCategoryProducts(db, tenantId, { bizId: active.id, current: q.current, size: HOME_PROJECTS_PAGE_SIZE });
  // A page past the end (an old link) shows the last page instead of an empty list.
  if (relations.records.length === 0 && relations.pages > 0 && q.current > relations.pages) {
    relations = await pageCategoryProducts(db, tenantId, { bizId: active.id, current: relations.pages, size: HOME_PROJECTS_PAGE_SIZE });
  }
  return {
    categories,
    active,
    page: { ...relations, records: relations.records.map((r) => r.product) },
  };
}
