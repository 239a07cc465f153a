import { AppError } from '../errors';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { AdminAlbumTab, AlbumTabInput } from '~/lib/api/contracts/admin-catalog';
import type { albumCategoryForm, bannerForm, materialForm } from '~/lib/forms/catalog';
import type { z } from 'zod';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditedOrder, auditStaffAction, auditStaffChange } from '../staff/audit/audit.service';
import * as repo from './media.admin.repository';
import { auditedFields } from '../jobs/catalog-publish.service';
import { catalogService, type CatalogInput, type CatalogResource, type CatalogRow } from '../catalog/catalog-resource';

/**
 * The staff side of the home banners and the album (its tabs, categories and materials): every row
 * of the school. Only published rows reach the public pages (a banner's `enabled`, a material's
 * `open`); a draft is saved unpublished and taking one down makes it a draft again. Every
 * committed write is published as a change of the pages showing the banners and the album.
 */

const PAGES = 'media';

/** The banners' and the album's resources: shown on the media pages, in the school's order, each row as its table has it. */
function mediaResource<Row extends CatalogRow, I extends CatalogInput, W>(r: Omit<CatalogResource<Row, Row, I, W>, 'pages' | 'order' | 'view'>) {
  return catalogService<Row, Row, I, W, undefined>({ pages: PAGES, order: 'asc', view: (rows) => rows, ...r });
}

export const banners = mediaResource({
  target: AUDIT_TARGET.banner,
  table: repo.bannersTable,
  audited: ({ id: _id, ...rest }) => auditedFields(rest),
  written: ({ id: _id, state, ...rest }: z.output<typeof bannerForm>) => ({ ...rest, enabled: state }),
});

/** The tab must be one of the school's: the album shows categories under their tab. */
export const albumCategories = mediaResource({
  target: AUDIT_TARGET.albumCategory,
  table: repo.albumCategoriesTable,
  audited: ({ id: _id, materialCount: _m, ...rest }) => auditedFields(rest),
  written: ({ id: _id, clientType, ...rest }: z.output<typeof albumCategoryForm>) => ({ ...rest, clientType: clientType === '' ? null : clientType }),
  async check(input, _before, v) {
    if (!(await repo.listTabs(v.db, v.tenantId)).some((tab) => tab.tabKey === input.categoryTabKey)) throw AppError.badRequest(t('catalog.tabNotFound'));
  },
  inUse: (row) => t('catalog.albumCategoryInUse', { count: row.materialCount }),
});

/** A material belongs to one of the school's album categories. */
export const materials = mediaResource({
  target: AUDIT_TARGET.material,
  table: repo.materialsTable,
  audited: ({ id: _id, ...rest }) => auditedFields(rest),
  written: ({ id: _id, state, ...rest }: z.output<typeof materialForm>) => ({ ...rest, open: state }),
  async check(input, _before, v) {
    if (!(await repo.albumCategoriesTable.find(v.db, v.tenantId, input.categoryId))) throw AppError.badRequest(t('catalog.albumCategoryNotFound'));
  },
});

/** Tells every cache that the school's pages showing its album changed (after the commit). */
const pagesChanged = (s: Scope, tenantId: string) => s.pageChanges.publish({ schoolId: tenantId, kinds: [PAGES] });

/** One write of the tabs in one transaction; once it is committed, the pages it touches are published as changed. */
async function write<T>(s: Scope, actor: StaffActor, work: (trx: DB) => Promise<T>): Promise<T> {
  const result = await s.db.transaction().execute(work);
  await pagesChanged(s, actor.tenant.id);
  return result;
}

// --- The album's tabs (a list in the school's order, no state) -----------------------------------

/** The most tabs a school's album has: they sit side by side over the album. */
export const ALBUM_TABS_MAX = 20;

type TabRow = Awaited<ReturnType<typeof repo.listTabsWithCounts>>[number];
const tabOf = (r: TabRow): AdminAlbumTab => ({ id: r.id, key: r.tabKey, name: r.name, seq: r.seq, categoryCount: r.categoryCount });

export async function listAlbumTabs(s: Scope, actor: StaffActor): Promise<AdminAlbumTab[]> {
  return (await repo.listTabsWithCounts(s.db, actor.tenant.id)).map(tabOf);
}

async function requireTab(db: DB, tenantId: string, id: string): Promise<AdminAlbumTab> {
  const tab = (await repo.listTabsWithCounts(db, tenantId)).find((r) => r.id === id);
  if (!tab) throw AppError.notFound(t('catalog.tabs.notFound'));
  return tabOf(tab);
}

/**
 * Creates a tab (last, its key made here: the categories name their tab by key, so a rename
 * keeps them under it) or renames one. Two tabs of one school never share a name: the album
 * would show two tabs a visitor cannot tell apart.
 */
export function saveAlbumTab(s: Scope, actor: StaffActor, input: AlbumTabInput): Promise<AdminAlbumTab> {
  const tenantId = actor.tenant.id;
  return write(s, actor, async (trx) => {
    const tabs = await repo.listTabsWithCounts(trx, tenantId);
    if (tabs.some((r) => r.name === input.name && r.id !== input.id)) throw AppError.conflict(t('catalog.tabs.duplicate', { name: input.name }));
    if (input.id) {
      const before = await requireTab(trx, tenantId, input.id);
      if (before.name === input.name) return before;
      await repo.updateTab(trx, tenantId, input.id, { name: input.name });
      await auditStaffChange(trx, s, actor, AUDIT_ACTION.albumTabRename, { type: AUDIT_TARGET.albumTab, id: input.id }, { name: [before.name, input.name] });
      return requireTab(trx, tenantId, input.id);
    }
    if (tabs.length >= ALBUM_TABS_MAX) throw AppError.conflict(t('catalog.tabs.tooMany', { max: ALBUM_TABS_MAX }));
    const id = newId(s.now);
    const seq = tabs.reduce((max, r) => Math.max(max, r.seq), 0) + 1;
    await repo.insertTab(trx, { id, tenantId, tabKey: id, name: input.name, seq });
    const after = await requireTab(trx, tenantId, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.albumTabCreate, { type: AUDIT_TARGET.albumTab, id }, null, { key: after.key, name: after.name });
    return after;
  });
}

/** The new order names every tab of the school once: a list changed meanwhile is refused, not half applied. */
export async function orderAlbumTabs(s: Scope, actor: StaffActor, ids: string[]): Promise<AdminAlbumTab[]> {
  const tenantId = actor.tenant.id;
  await write(s, actor, async (trx) => {
    await auditedOrder(trx, s, actor, {
      action: AUDIT_ACTION.albumTabOrder,
      target: { type: AUDIT_TARGET.albumTab, id: tenantId },
      current: await repo.listTabsWithCounts(trx, tenantId),
      ids,
      incomplete: () => AppError.badRequest(t('catalog.tabs.orderIncomplete')),
      setSeq: (id, seq) => repo.updateTab(trx, tenantId, id, { seq }),
    });
  });
  return listAlbumTabs(s, actor);
}

/** Refused while album categories are under the tab (they would drop out of the album), with their count. */
export function deleteAlbumTab(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return write(s, actor, async (trx) => {
    const before = await requireTab(trx, tenantId, id);
    if (!(await repo.deleteEmptyTab(trx, tenantId, id))) {
      const now = await requireTab(trx, tenantId, id);
      throw AppError.conflict(t('catalog.tabs.inUse', { count: now.categoryCount }));
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.albumTabDelete, { type: AUDIT_TARGET.albumTab, id }, { key: before.key, name: before.name }, null);
    return null;
  });
}
