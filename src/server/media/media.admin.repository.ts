import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { MaterialCategoryTabTable, MaterialCategoryTable, MaterialPosterTable, MaterialTable } from './media.table';
import { storedFilter } from '~/lib/staff/catalog-schedule';
import { PUBLICATION } from '~/lib/status';

/** The staff side's banner SQL: every banner of the school, shown or not. Tenant id first. */

export interface AdminFilter extends PageWindow {
  keyword?: string | undefined;
  state?: number | undefined;
}

const BANNER_COLUMNS = ['id', 'name', 'pic', 'url', 'seq', 'enabled', 'scheduledAt'] as const;

function posters(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('materialPosters').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('enabled', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** Ascending seq, the home carousel's order. */
export function pageBanners(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(f, posters(db, tenantId, f).select(BANNER_COLUMNS).orderBy('seq').orderBy('id'), posters(db, tenantId, f));
}

export function findBanner(db: DB, tenantId: string, id: string) {
  return posters(db, tenantId, {}).select(BANNER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(db: DB, row: Insertable<MaterialPosterTable>): Promise<void> {
  await db.insertInto('materialPosters').values(row).execute();
}

export async function updateBanner(db: DB, tenantId: string, id: string, patch: Updateable<MaterialPosterTable>): Promise<boolean> {
  const r = await db.updateTable('materialPosters').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteBanner(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('materialPosters').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// --- The album: tabs, categories and materials ----------------------------------------------------

export function listTabs(db: DB, tenantId: string) {
  return db.selectFrom('materialCategoryTabs').select(['tabKey', 'name']).where('tenantId', '=', tenantId).orderBy('seq').orderBy('id').execute();
}

/** The tabs with how many album categories each holds, in the album's order. */
export function listTabsWithCounts(db: DB, tenantId: string) {
  return db
    .selectFrom('materialCategoryTabs as t')
    .select((eb) => [
      't.id',
      't.tabKey',
      't.name',
      't.seq',
      eb
        .selectFrom('materialCategories as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.tenantId', '=', 't.tenantId')
        .whereRef('c.categoryTabKey', '=', 't.tabKey')
        .as('categoryCount'),
    ])
    .where('t.tenantId', '=', tenantId)
    .orderBy('t.seq')
    .orderBy('t.id')
    .execute();
}

export async function insertTab(db: DB, row: Insertable<MaterialCategoryTabTable>): Promise<void> {
  await db.insertInto('materialCategoryTabs').values(row).execute();
}

export async function updateTab(db: DB, tenantId: string, id: string, patch: Updateable<MaterialCategoryTabTable>): Promise<boolean> {
  const r = await db.updateTable('materialCategoryTabs').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the tab only while no album category is under it, in one statement: whether it was deleted. */
export async function deleteEmptyTab(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('materialCategoryTabs')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('materialCategories as c')
            .select('c.id')
            .where('c.tenantId', '=', tenantId)
            .whereRef('c.categoryTabKey', '=', 'materialCategoryTabs.tabKey'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

function albumCategories(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('materialCategories as c').where('c.tenantId', '=', tenantId);
  if (f.keyword) q = q.where('c.categoryName', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('c.state', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('c.scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

function withMaterialCount(q: ReturnType<typeof albumCategories>) {
  return q.select((eb) => [
    'c.id',
    'c.categoryName',
    'c.categoryTabKey',
    'c.clientType',
    'c.seq',
    'c.state',
    'c.scheduledAt',
    eb
      .selectFrom('materials as m')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('m.tenantId', '=', 'c.tenantId')
      .whereRef('m.categoryId', '=', 'c.id')
      .as('materialCount'),
  ]);
}

/** Ascending seq, the album's order. */
export function pageAlbumCategories(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(
    f,
    withMaterialCount(albumCategories(db, tenantId, f))
      .orderBy('c.seq')
      .orderBy('c.id'),
    albumCategories(db, tenantId, f),
  );
}

export function findAlbumCategory(db: DB, tenantId: string, id: string) {
  return withMaterialCount(albumCategories(db, tenantId, {}))
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function insertAlbumCategory(db: DB, row: Insertable<MaterialCategoryTable>): Promise<void> {
  await db.insertInto('materialCategories').values(row).execute();
}

export async function updateAlbumCategory(db: DB, tenantId: string, id: string, patch: Updateable<MaterialCategoryTable>): Promise<boolean> {
  const r = await db.updateTable('materialCategories').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the category only while it holds no material, in one statement: whether it was deleted. */
export async function deleteEmptyAlbumCategory(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('materialCategories')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('materials as m').select('m.id').where('m.tenantId', '=', tenantId).where('m.categoryId', '=', id))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

const MATERIAL_COLUMNS = ['id', 'categoryId', 'name', 'type', 'pic', 'video', 'introduce', 'seq', 'open', 'scheduledAt'] as const;

function materials(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('materials').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('open', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** By category, then ascending seq, as the album shows them. */
export function pageMaterials(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(f, materials(db, tenantId, f).select(MATERIAL_COLUMNS).orderBy('categoryId').orderBy('seq').orderBy('id'), materials(db, tenantId, f));
}

export function findMaterial(db: DB, tenantId: string, id: string) {
  return materials(db, tenantId, {}).select(MATERIAL_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertMaterial(db: DB, row: Insertable<MaterialTable>): Promise<void> {
  await db.insertInto('materials').values(row).execute();
}

export async function updateMaterial(db: DB, tenantId: string, id: string, patch: Updateable<MaterialTable>): Promise<boolean> {
  const r = await db.updateTable('materials').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteMaterial(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('materials').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// --- Scheduled publishing ------------------------------------------------------------------------

/** The tables of this file with a draft/published column, and that column's name in each. */
const STATE_COLUMN = { materialPosters: 'enabled', materialCategories: 'state', materials: 'open' } as const;
type Schedulable = keyof typeof STATE_COLUMN;

/**
 * Moves a row's published column and publication time only while it is in `fromState` (and, with
 * `fromAt`, still scheduled for that time): the one conditional write behind scheduling,
 * publishing at the time and cancelling. Whether the row moved.
 */
export async function moveSchedule(
  db: DB,
  table: Schedulable,
  tenantId: string,
  id: string,
  m: { fromState: number; fromAt?: number; set: { state?: number; scheduledAt: number | null } },
): Promise<boolean> {
  // The three tables share these columns but name the published one differently: typed as one of them.
  const column = STATE_COLUMN[table] as 'open';
  let q = db
    .updateTable(table as 'materials')
    .set({ scheduledAt: m.set.scheduledAt, ...(m.set.state === undefined ? {} : { [column]: m.set.state }) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where(column, '=', m.fromState);
  if (m.fromAt !== undefined) q = q.where('scheduledAt', '=', m.fromAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

const NAME_COLUMN = { materialPosters: 'name', materialCategories: 'categoryName', materials: 'name' } as const;

/** The names of rows of one table (what a job works on). */
export function namesOf(db: DB, table: Schedulable, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table as 'materials')
    .select((eb) => ['id', eb.ref(NAME_COLUMN[table] as 'name').as('name')])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}
