import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { mapPage, pageOf, type Page, type PageQuery } from '~/lib/paging';
import type { CommonQuestionVO, HomeTrainingProjects, HotMajorDetail, OperationCategory, OperationRelation, ProductVO } from '~/lib/api/contracts/products';
import { safeMediaUrl } from '../sanitize';
import * as content from '../content/content.service';
import * as repo from './products.repository';
import { parseCertificates, parsePeriodTypes, sortBySeq } from './products.rules';
import type { Product } from './products.table';

/** Training products, operation categories, hot-major detail and common questions. */

/** The only category and placement state the public side sees. */
const ENABLED = 1;

type ProductRow = Pick<Product, Exclude<keyof Product, 'tenantId' | 'createdAt' | 'updatedAt' | 'detail' | 'scheduledAt'>>;

function productVO(r: ProductRow): ProductVO {
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

/** One page of a list already read whole (a handful of rows). */
function pageOfAll<T>(all: T[], q: PageQuery): Page<T> {
  const { offset, limit } = windowOf(q);
  return pageOf(all.slice(offset, offset + limit), all.length, q.current, q.size);
}

/**
 * On-sale products of the school. With prodIdList: only those products, in the list's order
 * (ids of another school or not on sale are simply absent); otherwise ascending seq.
 */
export async function pageProducts(s: Scope, q: PageQuery & { prodIdList?: string[] | undefined; name?: string | undefined }): Promise<Page<ProductVO>> {
  const tenant = await s.tenant();
  if (q.prodIdList) {
    const ids = [...new Set(q.prodIdList)];
    const rows = await repo.listProductsByIds(s.db, tenant.id, ids, q.name);
    const position = new Map(ids.map((id, i) => [id, i]));
    return pageOfAll(rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!).map(productVO), q);
  }
  const { rows, total } = await repo.pageProducts(s.db, tenant.id, { ...windowOf(q), name: q.name });
  return pageOf(rows.map(productVO), total, q.current, q.size);
}

/** One on-sale product of the school (the product detail page); null when unknown, another school's or off sale. */
export async function findProduct(s: Scope, id: string): Promise<ProductVO | null> {
  const tenant = await s.tenant();
  const [row] = await repo.listProductsByIds(s.db, tenant.id, [id], undefined);
  return row ? productVO(row) : null;
}

/** The product page's detail: sanitised rich HTML of an on-sale product of the school, '' when none. */
export async function findProductDetailHtml(s: Scope, id: string): Promise<string> {
  const tenant = await s.tenant();
  return s.lookups.richText.sanitize((await repo.productDetail(s.db, tenant.id, id))?.detail, tenant.id);
}

/** Enabled operation categories, ascending seq: asking for another state finds nothing. */
export async function listOperationCategories(
  s: Scope,
  q: { tenantId?: string | undefined; isVariety?: number | undefined; state?: number | undefined } = {},
): Promise<OperationCategory[]> {
  const tenant = await s.tenant(q.tenantId);
  if (q.state !== undefined && q.state !== ENABLED) return [];
  return repo.listCategories(s.db, tenant.id, { isVariety: q.isVariety, state: ENABLED });
}

/**
 * The products placed in a category: enabled placements, ascending seq (the home page shows 4 per
 * page). Asking for placements in another state finds nothing.
 */
export async function pageCategoryProducts(
  s: Scope,
  q: PageQuery & { bizId: string; bizType?: string; state?: number | undefined },
): Promise<Page<OperationRelation>> {
  const tenant = await s.tenant();
  if (q.state !== undefined && q.state !== ENABLED) return pageOf([], 0, q.current, q.size);
  const { rows, total } = await repo.pageRelations(s.db, tenant.id, { ...windowOf(q), bizId: q.bizId, bizType: q.bizType ?? repo.CATEGORY });
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
    id: r.relationId,
    bizId: r.bizId,
    bizType: r.bizType,
    productId: r.productId,
    seq: r.relationSeq,
    state: r.relationState,
    product: productVO(r),
  }));
}

/** A major's questions in display order (ascending seq, missing seq as 1000). */
async function listCommonQuestions(s: Scope, tenantId: string, majorId: string | undefined): Promise<CommonQuestionVO[]> {
  const rows = sortBySeq(await repo.listQuestions(s.db, tenantId, majorId));
  return rows.map((r) => ({ id: r.id, name: r.name, answer: s.lookups.richText.sanitize(r.answer, tenantId), majorId: r.majorId, seq: r.seq ?? null }));
}

export async function pageCommonQuestions(s: Scope, q: PageQuery & { majorId?: string | undefined }): Promise<Page<CommonQuestionVO>> {
  const tenant = await s.tenant();
  return pageOfAll(await listCommonQuestions(s, tenant.id, q.majorId), q);
}

/** A hot major of the school with its certificates, questions and related products; null when not found. */
export async function findHotMajorDetail(s: Scope, id: string): Promise<HotMajorDetail | null> {
  const tenant = await s.tenant();
  const major = await content.findHotMajor(s, id);
  if (!major) return null;
  const [questions, products] = await Promise.all([listCommonQuestions(s, tenant.id, major.id), repo.relatedProductIds(s.db, tenant.id, major.id)]);
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

export async function getHotMajorDetail(s: Scope, id: string): Promise<HotMajorDetail> {
  const detail = await findHotMajorDetail(s, id);
  if (!detail) throw AppError.notFound();
  return detail;
}

/** The home page's training projects: 4 per page (the pager shows only above 4). */
export const HOME_PROJECTS_PAGE_SIZE = 4;
/** The home page shows the first 3 operation categories. */
export const HOME_CATEGORIES = 3;

/** The training-project block of the home page: a category's products, ascending placement seq. */
export async function homeTrainingProjects(s: Scope, q: { categoryId?: string | undefined; current: number }): Promise<HomeTrainingProjects> {
  const categories = (await listOperationCategories(s)).slice(0, HOME_CATEGORIES);
  const active = categories.find((c) => c.id === q.categoryId) ?? categories[0] ?? null;
  if (!active) return { categories, active, page: pageOf([], 0, 1, HOME_PROJECTS_PAGE_SIZE) };
  const placed = (current: number) => pageCategoryProducts(s, { bizId: active.id, current, size: HOME_PROJECTS_PAGE_SIZE, order: 'asc' });
  let relations = await placed(q.current);
  // A page past the end (an old link) shows the last page instead of an empty list.
  if (relations.records.length === 0 && relations.pages > 0 && q.current > relations.pages) relations = await placed(relations.pages);
  return { categories, active, page: mapPage(relations, (r) => r.product) };
}
