import type { Updateable } from 'kysely';
import type { DB } from '../db/database';
import { catalogTable, column, computed, countOf, numberOf, optionalTextOf, stateOf, textOf, timeOf, type AnyBuilder } from '../catalog/catalog-table';
import type { AdminProduct, AdminProductCategory } from '~/lib/api/contracts/admin-catalog';
import type { CommonQuestionTable, ProductOperationCategoryTable, ProductTable } from './products.table';
import { CATEGORY } from './products.repository';
import { bySeq, idsOfSchool, whereEqual } from '../db/clauses';
import { parsePeriodTypes } from './products.rules';

/**
 * The staff side's product, category and common-question SQL: every row of the school whatever
 * its state (the public queries in products.repository.ts keep to published rows). Tenant id first.
 */

/** A product as the staff side reads it: its detail still as stored, its categories read beside it. */
export type ProductRow = Omit<AdminProduct, 'categoryIds' | 'majorIds' | 'detail'> & { detail: string | null };

const products = catalogTable<ProductRow, Updateable<ProductTable>>({
  table: 'products',
  name: 'name',
  state: 'state',
  fields: {
    id: textOf,
    name: textOf,
    pic: optionalTextOf,
    picTag: optionalTextOf,
    periodTypes: column('onlineClassPeriodTypeList', (v) => parsePeriodTypes(v as string | null)),
    certificationOrg: optionalTextOf,
    issuingAuthorityName: optionalTextOf,
    certificateTypeDesc: optionalTextOf,
    certificateVerificationType: numberOf,
    certificateBenefits: optionalTextOf,
    detail: optionalTextOf,
    schoolName: optionalTextOf,
    trainingInstitutionsName: optionalTextOf,
    defStandPrice: optionalTextOf,
    defCouponPrice: optionalTextOf,
    subsidyPrice: optionalTextOf,
    seq: numberOf,
    state: stateOf,
    scheduledAt: timeOf,
    updatedAt: numberOf,
  },
  // Ascending seq, as the public lists order them.
  order: (q) => q.orderBy('seq').orderBy('id'),
});

/** The products: a product goes with its placements in categories and its links to hot majors (nothing else points at it). */
export const productsTable: typeof products = {
  ...products,
  async remove(db, tenantId, id) {
    await db.deleteFrom('productOperationRelations').where('tenantId', '=', tenantId).where('productId', '=', id).execute();
    await db.deleteFrom('hotMajorProducts').where('tenantId', '=', tenantId).where('productId', '=', id).execute();
    return products.remove(db, tenantId, id);
  },
};

/** The category placements of the products. */
export function placementsOf(db: DB, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('productOperationRelations')
    .select(['productId', 'bizId'])
    .$call(whereEqual({ tenantId, bizType: CATEGORY }))
    .where('productId', 'in', productIds)
    .$call(bySeq)
    .execute();
}

export async function removePlacements(db: DB, tenantId: string, productId: string, categoryIds: string[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await db
    .deleteFrom('productOperationRelations')
    .$call(whereEqual({ tenantId, bizType: CATEGORY, productId }))
    .where('bizId', 'in', categoryIds)
    .execute();
}

export async function insertPlacements(db: DB, rows: { id: string; tenantId: string; bizId: string; productId: string; seq: number; createdAt: number }[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('productOperationRelations')
    .values(rows.map((r) => ({ ...r, bizType: CATEGORY, state: 1 })))
    .execute();
}

/** The hot majors each of the products belongs to, in link order. */
export function majorLinksOf(db: DB, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('hotMajorProducts')
    .select(['productId', 'majorId'])
    .where('tenantId', '=', tenantId)
    .where('productId', 'in', productIds)
    .orderBy('seq')
    .orderBy('majorId')
    .execute();
}

export async function removeMajorLinks(db: DB, tenantId: string, productId: string, majorIds: string[]): Promise<void> {
  if (majorIds.length === 0) return;
  await db.deleteFrom('hotMajorProducts').$call(whereEqual({ tenantId, productId })).where('majorId', 'in', majorIds).execute();
}

export async function insertMajorLinks(db: DB, rows: { tenantId: string; majorId: string; productId: string; seq: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('hotMajorProducts').values(rows).execute();
}

/** How many of the ids are categories of the school. */
export async function countCategories(db: DB, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('productOperationCategories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$call(idsOfSchool(tenantId, ids))
    .executeTakeFirst();
  return countOf(r?.n);
}

/** The operation categories in ascending seq, with how many products are placed in each; one holding products is kept. */
export const categoriesTable = catalogTable<AdminProductCategory, Updateable<ProductOperationCategoryTable>>({
  table: 'productOperationCategories',
  name: 'name',
  state: 'state',
  fields: { id: textOf, name: textOf, seq: numberOf, state: stateOf, scheduledAt: timeOf, productCount: computed(countOf) },
  extra: (eb) => [
    eb
      .selectFrom('productOperationRelations as r')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('r.tenantId', '=', 'productOperationCategories.tenantId')
      .whereRef('r.bizId', '=', 'productOperationCategories.id')
      .where('r.bizType', '=', CATEGORY)
      .as('productCount'),
  ],
  order: (q) => q.orderBy('seq').orderBy('id'),
  inUse: (eb, tenantId, id) =>
    eb.exists(
      eb
        .selectFrom('productOperationRelations as r')
        .select('r.id')
        .where('r.tenantId', '=', tenantId)
        .where('r.bizId', '=', id)
        .where('r.bizType', '=', CATEGORY),
    ),
});

/** A common question as the staff side reads it: its answer still as stored. */
export interface QuestionRow {
  id: string;
  majorId: string;
  name: string;
  answer: string | null;
  seq: number | null;
  state: AdminProduct['state'];
  scheduledAt: number | null;
}

/** Where a question without a seq sorts (the public side's rule): after the numbered ones. */
const MISSING_SEQ = 1000;

/** By major, then as the public side orders a major's questions (missing seq as 1000). */
export const questionsTable = catalogTable<QuestionRow, Updateable<CommonQuestionTable>>({
  table: 'commonQuestions',
  name: 'name',
  state: 'state',
  fields: {
    id: textOf,
    majorId: textOf,
    name: textOf,
    answer: optionalTextOf,
    seq: (v) => (v === null ? null : Number(v)),
    state: stateOf,
    scheduledAt: timeOf,
  },
  order: (q) =>
    q
      .orderBy('majorId')
      .orderBy((eb) => eb.fn.coalesce('seq', eb.val(MISSING_SEQ)))
      .orderBy('createdAt')
      .orderBy('id'),
});

// Hot majors are content's table (content/hot-majors.admin.service.ts); what hangs off a major here
// is its common questions and its product links (decision 038).

/** Whether the major has common questions: the guard of a major's delete, in the delete's own statement. */
export const majorHasQuestions = (eb: AnyBuilder, tenantId: string, majorId: string) =>
  eb.exists(eb.selectFrom('commonQuestions as q').select('q.id').where('q.tenantId', '=', tenantId).where('q.majorId', '=', majorId));

/** The number of common questions of each of some majors (a major with none is left out). */
export async function questionCounts(db: DB, tenantId: string, majorIds: readonly string[]): Promise<Map<string, number>> {
  if (majorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('commonQuestions')
    .select((eb) => ['majorId', eb.fn.countAll<number>().as('n')])
    .where('tenantId', '=', tenantId)
    .where('majorId', 'in', majorIds)
    .groupBy('majorId')
    .execute();
  return new Map(rows.map((r) => [r.majorId as string, countOf(r.n)]));
}

/** Removes a deleted major's product links. */
export async function deleteMajorProducts(db: DB, tenantId: string, majorId: string): Promise<void> {
  await db.deleteFrom('hotMajorProducts').where('tenantId', '=', tenantId).where('majorId', '=', majorId).execute();
}
