import type { DB } from '../db/database';

/** All product, hot-major and common-question SQL. Every function takes the tenant id first. */

export const ON_SALE = 1;
export const CATEGORY = 'CATEGORY';

export interface PageArgs {
  offset: number;
  limit: number;
}

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

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

export interface ProductFilter extends PageArgs {
  prodIdList?: string[] | undefined;
  name?: string | undefined;
}

function productBase(db: DB, tenantId: string, f: Pick<ProductFilter, 'prodIdList' | 'name'>) {
  let q = db.selectFrom('products as p').where('p.tenantId', '=', tenantId).where('p.state', '=', ON_SALE);
  if (f.prodIdList) q = q.where('p.id', 'in', f.prodIdList.length ? f.prodIdList : ['']);
  if (f.name) q = q.where('p.name', 'like', likeText(f.name));
  return q;
}

export async function pageProducts(db: DB, tenantId: string, f: ProductFilter) {
  const [rows, count] = await Promise.all([
    productBase(db, tenantId, f).select(PRODUCT_COLUMNS).orderBy('p.seq').orderBy('p.id').offset(f.offset).limit(f.limit).execute(),
    productBase(db, tenantId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listCategories(db: DB, tenantId: string, f: { isVariety?: number | undefined; state?: number | undefined }) {
  let q = db
    .selectFrom('productOperationCategories')
    .select(['id', 'name', 'isVariety', 'state', 'seq'])
    .where('tenantId', '=', tenantId);
  if (f.isVariety !== undefined) q = q.where('isVariety', '=', f.isVariety);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return q.orderBy('seq').orderBy('id').limit(200).execute();
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

export async function pageRelations(db: DB, tenantId: string, f: PageArgs & { bizId: string; bizType: string }) {
  const [rows, count] = await Promise.all([
    relationBase(db, tenantId, f.bizId, f.bizType)
      .select(['r.id as relationId', 'r.bizId', 'r.bizType', 'r.productId', 'r.seq as relationSeq', 'r.state as relationState'])
      .select(PRODUCT_COLUMNS)
      .orderBy('r.seq')
      .orderBy('r.id')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    relationBase(db, tenantId, f.bizId, f.bizType).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findHotMajor(db: DB, tenantId: string, id: string) {
  return db
    .selectFrom('hotMajors')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', 1)
    .executeTakeFirst();
}

/** Product ids related to a major, in link order; only products of the tenant that are on sale. */
export function relatedProductIds(db: DB, tenantId: string, majorId: string) {
  return db
    .selectFrom('hotMajorProducts as l')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'l.productId').onRef('p.tenantId', '=', 'l.tenantId'))
    .select('l.productId')
    .where('l.tenantId', '=', tenantId)
    .where('l.majorId', '=', majorId)
    .where('p.state', '=', ON_SALE)
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
    .where('state', '=', 1);
  if (majorId) q = q.where('majorId', '=', majorId);
  return q.limit(1000).execute();
}
