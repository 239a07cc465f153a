import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { AdminAlbumCategory, AdminBanner, AdminMaterial } from '~/lib/api/contracts/admin-catalog';
import { catalogTable, column, computed, countOf, numberOf, optionalTextOf, stateOf, textOf, timeOf, type AnyBuilder } from '../catalog/catalog-table';
import type { MaterialCategoryTabTable, MaterialCategoryTable, MaterialPosterTable, MaterialTable } from './media.table';
import { changedAny } from '../db/rows';
import { whereEqual } from '../db/clauses';

/**
 * The staff side's banner and album SQL: every row of the school, shown or not (the banners'
 * published column is `enabled`, the materials' `open`). Tenant id first.
 */

/** Ascending seq, the home carousel's order. */
export const bannersTable = catalogTable<AdminBanner, Updateable<MaterialPosterTable>>({
  table: 'materialPosters',
  name: 'name',
  state: 'enabled',
  fields: {
    id: textOf,
    name: textOf,
    pic: textOf,
    url: optionalTextOf,
    seq: numberOf,
    state: column('enabled', stateOf),
    scheduledAt: timeOf,
  },
  order: (q) => q.orderBy('seq').orderBy('id'),
});

// --- The album: tabs, categories and materials ----------------------------------------------------

export function listTabs(db: DB, tenantId: string) {
  return db.selectFrom('materialCategoryTabs').select(['tabKey', 'name']).where('tenantId', '=', tenantId).orderBy('seq').orderBy('id').execute();
}

/** The tabs with how many album categories each holds, in the album's order. */
export async function listTabsWithCounts(db: DB, tenantId: string) {
  const rows = await db
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
  return rows.map((r) => ({ ...r, categoryCount: countOf(r.categoryCount) }));
}

export async function insertTab(db: DB, row: Insertable<MaterialCategoryTabTable>): Promise<void> {
  await db.insertInto('materialCategoryTabs').values(row).execute();
}

export async function updateTab(db: DB, tenantId: string, id: string, patch: Updateable<MaterialCategoryTabTable>): Promise<boolean> {
  return changedAny(db.updateTable('materialCategoryTabs').set(patch).$call(whereEqual({ tenantId, id })));
}

/** Deletes the tab only while no album category is under it, in one statement: whether it was deleted. */
export async function deleteEmptyTab(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(
    db
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
      ),
  );
}

/** The album's categories in ascending seq (the album's order), with how many materials each holds. */
export const albumCategoriesTable = catalogTable<AdminAlbumCategory, Updateable<MaterialCategoryTable>>({
  table: 'materialCategories',
  name: 'categoryName',
  state: 'state',
  fields: {
    id: textOf,
    categoryName: textOf,
    categoryTabKey: textOf,
    clientType: (v) => (v === 'PC' || v === 'H5' ? v : ''),
    seq: numberOf,
    state: stateOf,
    scheduledAt: timeOf,
    materialCount: computed(countOf),
  },
  extra: (eb: AnyBuilder) => [
    eb
      .selectFrom('materials as m')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('m.tenantId', '=', 'materialCategories.tenantId')
      .whereRef('m.categoryId', '=', 'materialCategories.id')
      .as('materialCount'),
  ],
  order: (q) => q.orderBy('seq').orderBy('id'),
  // A category holding materials is kept (deleting it would take them along).
  inUse: (eb, tenantId, id) => eb.exists(eb.selectFrom('materials as m').select('m.id').where('m.tenantId', '=', tenantId).where('m.categoryId', '=', id)),
});

/** By category, then ascending seq, as the album shows them. */
export const materialsTable = catalogTable<AdminMaterial, Updateable<MaterialTable>>({
  table: 'materials',
  name: 'name',
  state: 'open',
  fields: {
    id: textOf,
    categoryId: textOf,
    name: textOf,
    type: (v) => (v === 'VIDEO' ? 'VIDEO' : 'PIC'),
    pic: optionalTextOf,
    video: optionalTextOf,
    introduce: optionalTextOf,
    seq: numberOf,
    state: column('open', stateOf),
    scheduledAt: timeOf,
  },
  order: (q) => q.orderBy('categoryId').orderBy('seq').orderBy('id'),
});
