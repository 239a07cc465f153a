import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { CommonQuestionTable, ProductOperationCategoryTable, ProductTable } from './products.table';
import { CATEGORY } from './products.repository';
import { storedFilter } from '~/lib/staff/catalog-schedule';
import { PUBLICATION } from '~/lib/status';

/**
 * The staff side's product, category and common-question SQL: every row of the school whatever
 * its state (the public queries in products.repository.ts keep to published rows). Tenant id first.
 */

export interface AdminFilter extends PageWindow {
  keyword?: string | undefined;
  /** CATALOG_STATE: DRAFT (no time), PUBLISHED, SCHEDULED (a draft with a time). */
  state?: number | undefined;
}

/** The tables of this file with a draft/published `state` and a `scheduledAt`. */
type Schedulable = 'products' | 'productOperationCategories' | 'commonQuestions';

/** The names of rows of one table (what a job works on). */
export function namesOf(db: DB, table: Schedulable, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table as 'products')
    .select(['id', 'name'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Moves a row's state and publication time only while it is in `from` (and, with `fromAt`, still
 * scheduled for that time): the one conditional write behind scheduling, publishing at the time,
 * and cancelling. Whether the row moved.
 */
export async function moveSchedule(
  db: DB,
  table: Schedulable,
  tenantId: string,
  id: string,
  m: { fromState: number; fromAt?: number; set: { state?: number; scheduledAt: number | null } },
): Promise<boolean> {
  let q = db
    .updateTable(table as 'products')
    .set(m.set)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', m.fromState);
  if (m.fromAt !== undefined) q = q.where('scheduledAt', '=', m.fromAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

const PRODUCT_ADMIN_COLUMNS = [
  'id',
  'name',
  'pic',
  'picTag',
  'onlineClassPeriodTypeList',
  'certificationOrg',
  'issuingAuthorityName',
  'certificateTypeDesc',
  'certificateVerificationType',
  'certificateBenefits',
  'detail',
  'schoolName',
  'trainingInstitutionsName',
  'defStandPrice',
  'defCouponPrice',
  'subsidyPrice',
  'seq',
  'state',
  'scheduledAt',
  'updatedAt',
] as const;

function products(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('products').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('state', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** Ascending seq, as the public lists order them. */
export function pageProducts(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(f, products(db, tenantId, f).select(PRODUCT_ADMIN_COLUMNS).orderBy('seq').orderBy('id'), products(db, tenantId, f));
}

export function findProduct(db: DB, tenantId: string, id: string) {
  return db.selectFrom('products').select(PRODUCT_ADMIN_COLUMNS).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function insertProduct(db: DB, row: Insertable<ProductTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateProduct(db: DB, tenantId: string, id: string, patch: Updateable<ProductTable>): Promise<boolean> {
  const r = await db.updateTable('products').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The product and what only points at it: its placements and hot-major links. */
export async function deleteProduct(db: DB, tenantId: string, id: string): Promise<boolean> {
  await db.deleteFrom('productOperationRelations').where('tenantId', '=', tenantId).where('productId', '=', id).execute();
  await db.deleteFrom('hotMajorProducts').where('tenantId', '=', tenantId).where('productId', '=', id).execute();
  const r = await db.deleteFrom('products').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The category placements of the products. */
export function placementsOf(db: DB, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('productOperationRelations')
    .select(['productId', 'bizId'])
    .where('tenantId', '=', tenantId)
    .where('bizType', '=', CATEGORY)
    .where('productId', 'in', productIds)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export async function removePlacements(db: DB, tenantId: string, productId: string, categoryIds: string[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await db
    .deleteFrom('productOperationRelations')
    .where('tenantId', '=', tenantId)
    .where('bizType', '=', CATEGORY)
    .where('productId', '=', productId)
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

function categories(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('productOperationCategories as c').where('c.tenantId', '=', tenantId);
  if (f.keyword) q = q.where('c.name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('c.state', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('c.scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** A category's columns and how many products are placed in it. */
function withCount(q: ReturnType<typeof categories>) {
  return q.select((eb) => [
    'c.id',
    'c.name',
    'c.seq',
    'c.state',
    'c.scheduledAt',
    eb
      .selectFrom('productOperationRelations as r')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('r.tenantId', '=', 'c.tenantId')
      .whereRef('r.bizId', '=', 'c.id')
      .where('r.bizType', '=', CATEGORY)
      .as('productCount'),
  ]);
}

export function pageCategories(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(
    f,
    withCount(categories(db, tenantId, f))
      .orderBy('c.seq')
      .orderBy('c.id'),
    categories(db, tenantId, f),
  );
}

export function findCategory(db: DB, tenantId: string, id: string) {
  return withCount(categories(db, tenantId, {}))
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** How many of the ids are categories of the school. */
export async function countCategories(db: DB, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('productOperationCategories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertCategory(db: DB, row: Insertable<ProductOperationCategoryTable>): Promise<void> {
  await db.insertInto('productOperationCategories').values(row).execute();
}

export async function updateCategory(db: DB, tenantId: string, id: string, patch: Updateable<ProductOperationCategoryTable>): Promise<boolean> {
  const r = await db.updateTable('productOperationCategories').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Deletes the category only while no product is placed in it (one statement, so a product placed
 * meanwhile keeps it): whether it was deleted.
 */
export async function deleteEmptyCategory(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('productOperationCategories')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('productOperationRelations as r')
            .select('r.id')
            .where('r.tenantId', '=', tenantId)
            .where('r.bizId', '=', id)
            .where('r.bizType', '=', CATEGORY),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

function questions(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('commonQuestions').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('state', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

const QUESTION_COLUMNS = ['id', 'majorId', 'name', 'answer', 'seq', 'state', 'scheduledAt'] as const;

/** By major, then as the public side orders a major's questions (missing seq as 1000). */
export function pageQuestions(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(
    f,
    questions(db, tenantId, f)
      .select(QUESTION_COLUMNS)
      .orderBy('majorId')
      .orderBy((eb) => eb.fn.coalesce('seq', eb.val(1000)))
      .orderBy('createdAt')
      .orderBy('id'),
    questions(db, tenantId, f),
  );
}

export function findQuestion(db: DB, tenantId: string, id: string) {
  return questions(db, tenantId, {}).select(QUESTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertQuestion(db: DB, row: Insertable<CommonQuestionTable>): Promise<void> {
  await db.insertInto('commonQuestions').values(row).execute();
}

export async function updateQuestion(db: DB, tenantId: string, id: string, patch: Updateable<CommonQuestionTable>): Promise<boolean> {
  const r = await db.updateTable('commonQuestions').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteQuestion(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('commonQuestions').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// Hot majors are content's table (content/hot-majors.admin.service.ts); what hangs off a major here
// is its common questions and its product links (decision 038).

/** Whether the major has common questions: the guard of a major's delete, in the delete's own statement. */
export const majorHasQuestions = (eb: ExpressionBuilder<Database, 'hotMajors'>, tenantId: string, majorId: string) =>
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
  return new Map(rows.map((r) => [r.majorId as string, Number(r.n)]));
}

/** Removes a deleted major's product links. */
export async function deleteMajorProducts(db: DB, tenantId: string, majorId: string): Promise<void> {
  await db.deleteFrom('hotMajorProducts').where('tenantId', '=', tenantId).where('majorId', '=', majorId).execute();
}
