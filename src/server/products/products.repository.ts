import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { whereEqual } from '../db/clauses';
import { prepared, preparedPage } from '../db/prepared';
import { PUBLICATION } from '~/lib/status';

/** All product, hot-major and common-question SQL. Every function takes the tenant id first. */

export const ON_SALE = 1;
export const CATEGORY = 'CATEGORY';

const PRODUCT_COLUMNS = [
  'p.id',
  'p.name',
  'p.pic',
  'p.picTag',
  'p.thumbs',
  'p.onlineClassPeriodTypeList',
  'p.certificationOrg',
  'p.issuingAuthorityName',
  'p.certificateTypeCode',
  'p.certificateTypeDesc',
  'p.certificateVerificationType',
  'p.certificateBenefits',
  'p.schoolName',
  'p.trainingInstitutionsName',
  'p.defStandPrice',
  'p.defCouponPrice',
  'p.subsidyPrice',
  'p.tenantChildType',
  'p.seq',
  'p.state',
] as const;

function onSale(db: DB, tenantId: string, name: string | undefined) {
  const q = db.selectFrom('products as p').where('p.tenantId', '=', tenantId).where('p.state', '=', ON_SALE);
  return name ? q.where('p.name', 'like', containing(name)) : q;
}

/** On-sale products, ascending seq. The seq order stands whatever order the window asks for. */
export function pageProducts(db: DB, tenantId: string, f: PageWindow & { name?: string | undefined }) {
  return pageFrom(f, onSale(db, tenantId, f.name).select(PRODUCT_COLUMNS).orderBy('p.seq').orderBy('p.id'), onSale(db, tenantId, f.name));
}

/** The on-sale products among the ids (in no particular order). */
export function listProductsByIds(db: DB, tenantId: string, ids: string[], name: string | undefined) {
  if (ids.length === 0) return Promise.resolve([]);
  return onSale(db, tenantId, name).select(PRODUCT_COLUMNS).where('p.id', 'in', ids).execute();
}

/** The most operation categories listed. */
const MAX_CATEGORIES = 200;

const categoriesIn = (db: DB, tenantId: string, state: number) =>
  db
    .selectFrom('productOperationCategories')
    .select(['id', 'name', 'isVariety', 'state', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('state', '=', state)
    .orderBy('seq')
    .orderBy('id')
    .limit(MAX_CATEGORIES);
const categoriesInState = prepared(2, categoriesIn);
const categoriesOfVariety = prepared(3, (db: DB, tenantId: string, state: number, isVariety: number) =>
  categoriesIn(db, tenantId, state).where('isVariety', '=', isVariety),
);

export function listCategories(db: DB, tenantId: string, f: { isVariety?: number | undefined; state: number }) {
  return f.isVariety === undefined ? categoriesInState.all(db, tenantId, f.state) : categoriesOfVariety.all(db, tenantId, f.state, f.isVariety);
}

/** Products placed in a category (state-1 placements of on-sale products), ascending placement seq. */
function relationBase(db: DB, tenantId: string, bizId: string, bizType: string) {
  return db
    .selectFrom('productOperationRelations as r')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'r.productId').onRef('p.tenantId', '=', 'r.tenantId'))
    .where('r.tenantId', '=', tenantId)
    .where('r.bizId', '=', bizId)
    .where('r.bizType', '=', bizType)
    .where('r.state', '=', ON_SALE)
    .where('p.state', '=', ON_SALE);
}

const relationsPage = preparedPage(
  3,
  (db, tenantId: string, bizId: string, bizType: string) =>
    relationBase(db, tenantId, bizId, bizType)
      .select(['r.id as relationId', 'r.bizId', 'r.bizType', 'r.productId', 'r.seq as relationSeq', 'r.state as relationState'])
      .select(PRODUCT_COLUMNS)
      .orderBy('r.seq')
      .orderBy('r.id'),
  relationBase,
);

export function pageRelations(db: DB, tenantId: string, f: PageWindow & { bizId: string; bizType: string }) {
  return relationsPage(db, f, tenantId, f.bizId, f.bizType);
}

/** Product ids related to a major, in link order; only products of the tenant that are on sale. */
export function relatedProductIds(db: DB, tenantId: string, majorId: string) {
  return db
    .selectFrom('hotMajorProducts as l')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'l.productId').onRef('p.tenantId', '=', 'l.tenantId'))
    .select('l.productId')
    .$call(whereEqual({ 'l.tenantId': tenantId, 'l.majorId': majorId, 'p.state': ON_SALE }))
    .orderBy('l.seq')
    .orderBy('l.productId')
    .execute();
}

/** Every published question of a major (a major has a handful; ordering is done in code). */
export function listQuestions(db: DB, tenantId: string, majorId: string | undefined) {
  let q = db
    .selectFrom('commonQuestions')
    .select(['id', 'name', 'answer', 'majorId', 'seq', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where('state', '=', PUBLICATION.PUBLISHED);
  if (majorId) q = q.where('majorId', '=', majorId);
  return q.limit(1000).execute();
}

/** The detail HTML of an on-sale product (as stored; sanitised by the caller), or undefined. */
export function productDetail(db: DB, tenantId: string, id: string) {
  return onSale(db, tenantId, undefined).select('p.detail').where('p.id', '=', id).executeTakeFirst();
}
