import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { CatalogListInput } from '../http/catalog-input';
import { t } from '~/server/i18n';
import { mapPage, pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import {
  CATALOG_STATE,
  type AdminAlbumCategory,
  type AdminBanner,
  type AdminMaterial,
  type AlbumCategoryInput,
  type AdminAlbumTab,
  type AlbumTabInput,
  type BannerInput,
  type CatalogState,
  type MaterialInput,
} from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as repo from './media.admin.repository';
import {
  auditedFields,
  cancelCatalogPublish,
  changeCatalogState,
  endScheduleOnPublish,
  scheduleCatalogRow,
  type Stateful,
} from '../jobs/catalog-publish.service';

/** Tells every cache that the school's pages showing its banners and album changed (after the commit). */
const pagesChanged = (s: Scope, tenantId: string) => s.pageChanges.publish({ schoolId: tenantId, kinds: ['media'] });

/** One write in one transaction; once it is committed, the pages it touches are published as changed. */
async function write<T>(s: Scope, actor: StaffActor, work: (trx: DB) => Promise<T>): Promise<T> {
  const result = await s.db.transaction().execute(work);
  await pagesChanged(s, actor.tenant.id);
  return result;
}

// --- Scheduled publishing (the same steps for the banners, album categories and materials) ---------

/** The types of this file and their tables. */
const TABLE_OF = {
  [AUDIT_TARGET.banner]: 'materialPosters',
  [AUDIT_TARGET.albumCategory]: 'materialCategories',
  [AUDIT_TARGET.material]: 'materials',
} as const;
export type MediaSchedulable = keyof typeof TABLE_OF;
export const MEDIA_SCHEDULABLE = Object.keys(TABLE_OF) as MediaSchedulable[];

const timeOf = (v: number | string | null) => (v === null ? null : Number(v));

/** Publishes or takes down a row; either one ends its schedule. */
function changeState<T extends Stateful>(s: Scope, actor: StaffActor, type: MediaSchedulable, id: string, state: CatalogState, read: (db: DB) => Promise<T>) {
  return write(s, actor, async (trx) => {
    const before = await read(trx);
    const move = (fromState: CatalogState, set: { state: CatalogState; scheduledAt: null }) =>
      repo.moveSchedule(trx, TABLE_OF[type], actor.tenant.id, id, { fromState, set });
    return (await changeCatalogState(trx, s, actor, { type, id, state, before, move })) ? read(trx) : before;
  });
}

/** Schedules a draft row for `at` (or moves its time): refused for a published row or a time not after now. */
function scheduleRow<T extends Stateful>(s: Scope, actor: StaffActor, type: MediaSchedulable, id: string, at: number, read: (db: DB) => Promise<T>) {
  return write(s, actor, async (trx) => {
    const before = await read(trx);
    const write = () => repo.moveSchedule(trx, TABLE_OF[type], actor.tenant.id, id, { fromState: CATALOG_STATE.DRAFT, set: { scheduledAt: at } });
    await scheduleCatalogRow(trx, s, actor, { type, id, at, before, write });
    return read(trx);
  });
}

/**
 * The catalog.publish job for a row of this file: publishes it only if it is still a draft
 * scheduled for `at` (one conditional write), so a row published by hand, taken down, deleted or
 * moved to another time is left as it is, and a second run does nothing.
 */
export async function publishScheduled(s: Scope, tenantId: string, type: MediaSchedulable, id: string, at: number): Promise<boolean> {
  const set = { state: CATALOG_STATE.PUBLISHED, scheduledAt: null };
  const published = await repo.moveSchedule(s.db, TABLE_OF[type], tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set });
  if (published) await pagesChanged(s, tenantId);
  return published;
}

/** The job of a row was cancelled on the jobs screen: the row stays a draft, no longer scheduled for `at`. */
export function unschedule(db: DB, tenantId: string, type: MediaSchedulable, id: string, at: number): Promise<boolean> {
  return repo.moveSchedule(db, TABLE_OF[type], tenantId, id, { fromState: CATALOG_STATE.DRAFT, fromAt: at, set: { scheduledAt: null } });
}

/** The names of rows of one type (the jobs screen names what a job works on). */
export function namesOf(db: DB, tenantId: string, type: MediaSchedulable, ids: string[]): Promise<{ id: string; name: string }[]> {
  return repo.namesOf(db, TABLE_OF[type], tenantId, ids);
}

/**
 * The staff side of the home banners: every banner of the school, each write in one transaction
 * with its audit entry. Only enabled (published) banners reach the home page; a draft is saved
 * with enabled 0 and taking one down sets 0 again.
 */

type BannerRow = NonNullable<Awaited<ReturnType<typeof repo.findBanner>>>;

const bannerOf = (r: BannerRow): AdminBanner => ({
  id: r.id,
  name: r.name,
  pic: r.pic,
  url: r.url,
  seq: r.seq,
  state: r.enabled === CATALOG_STATE.PUBLISHED ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT,
  scheduledAt: timeOf(r.scheduledAt),
});

const fields = ({ id: _id, ...rest }: AdminBanner) => auditedFields(rest);
/** Saved as published, a scheduled row is published now (its time cleared); saved as a draft, it keeps its time. */
const clearedOnPublish = (state: CatalogState) => (state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {});

async function requireBanner(db: DB, tenantId: string, id: string): Promise<AdminBanner> {
  const row = await repo.findBanner(db, tenantId, id);
  if (!row) throw AppError.notFound(t('catalog.notFound'));
  return bannerOf(row);
}

export async function pageBanners(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminBanner>> {
  const { rows, total } = await repo.pageBanners(s.db, actor.tenant.id, {
    ...windowOf({ current: q.current, size: q.size, order: 'asc' }),
    keyword: q.keyword,
    state: q.state,
  });
  return mapPage(pageOf(rows, total, q.current, q.size), bannerOf);
}

export function saveBanner(s: Scope, actor: StaffActor, input: BannerInput): Promise<AdminBanner> {
  const tenantId = actor.tenant.id;
  const { id: givenId, state, ...rest } = input;
  const stored = { ...rest, enabled: state, ...clearedOnPublish(state) };
  return write(s, actor, async (trx) => {
    const before = givenId ? await requireBanner(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.banner, id, before, state);
    if (before) await repo.updateBanner(trx, tenantId, id, stored);
    else await repo.insertBanner(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireBanner(trx, tenantId, id);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.banner, id }, before && fields(before), fields(after));
    return after;
  });
}

export function setBannerState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminBanner> {
  return changeState(s, actor, AUDIT_TARGET.banner, id, state, (db) => requireBanner(db, actor.tenant.id, id));
}

export function scheduleBanner(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminBanner> {
  return scheduleRow(s, actor, AUDIT_TARGET.banner, id, at, (db) => requireBanner(db, actor.tenant.id, id));
}

export function deleteBanner(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireBanner(trx, actor.tenant.id, id);
    if (!(await repo.deleteBanner(trx, actor.tenant.id, id))) throw AppError.notFound(t('catalog.notFound'));
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.banner, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.catalogDelete, { type: AUDIT_TARGET.banner, id }, fields(before), null);
    return null;
  });
}

// --- The album ---------------------------------------------------------------------------------

const asState = (n: number): CatalogState => (n === CATALOG_STATE.PUBLISHED ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT);
const notFound = () => AppError.notFound(t('catalog.notFound'));
const windowFor = (q: CatalogListInput) => ({ ...windowOf({ current: q.current, size: q.size, order: 'asc' }), keyword: q.keyword, state: q.state });

/** The most tabs a school's album has: they sit side by side over the album. */
export const ALBUM_TABS_MAX = 20;

type TabRow = Awaited<ReturnType<typeof repo.listTabsWithCounts>>[number];
const tabOf = (r: TabRow): AdminAlbumTab => ({ id: r.id, key: r.tabKey, name: r.name, seq: r.seq, categoryCount: Number(r.categoryCount ?? 0) });

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
      await auditStaffAction(
        trx,
        s,
        actor,
        AUDIT_ACTION.albumTabRename,
        { type: AUDIT_TARGET.albumTab, id: input.id },
        { name: before.name },
        { name: input.name },
      );
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
    const current = await repo.listTabsWithCounts(trx, tenantId);
    const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((r) => ids.includes(r.id));
    if (!same) throw AppError.badRequest(t('catalog.tabs.orderIncomplete'));
    for (const [i, id] of ids.entries()) await repo.updateTab(trx, tenantId, id, { seq: i + 1 });
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.albumTabOrder,
      { type: AUDIT_TARGET.albumTab, id: tenantId },
      { order: current.map((r) => r.id) },
      { order: ids },
    );
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

type AlbumCategoryRow = NonNullable<Awaited<ReturnType<typeof repo.findAlbumCategory>>>;

const albumCategoryOf = (r: AlbumCategoryRow): AdminAlbumCategory => ({
  id: r.id,
  categoryName: r.categoryName,
  categoryTabKey: r.categoryTabKey,
  clientType: r.clientType === 'PC' || r.clientType === 'H5' ? r.clientType : '',
  seq: r.seq,
  state: asState(r.state),
  scheduledAt: timeOf(r.scheduledAt),
  materialCount: Number(r.materialCount ?? 0),
});

const albumCategoryFields = ({ id: _id, materialCount: _m, ...rest }: AdminAlbumCategory) => auditedFields(rest);

async function requireAlbumCategory(db: DB, tenantId: string, id: string): Promise<AdminAlbumCategory> {
  const row = await repo.findAlbumCategory(db, tenantId, id);
  if (!row) throw notFound();
  return albumCategoryOf(row);
}

export async function pageAlbumCategories(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminAlbumCategory>> {
  const { rows, total } = await repo.pageAlbumCategories(s.db, actor.tenant.id, windowFor(q));
  return mapPage(pageOf(rows, total, q.current, q.size), albumCategoryOf);
}

/** The tab must be one of the school's: the album shows categories under their tab. */
export function saveAlbumCategory(s: Scope, actor: StaffActor, input: AlbumCategoryInput): Promise<AdminAlbumCategory> {
  const tenantId = actor.tenant.id;
  const { id: givenId, clientType, ...rest } = input;
  const stored = { ...rest, clientType: clientType === '' ? null : clientType, ...clearedOnPublish(rest.state) };
  return write(s, actor, async (trx) => {
    if (!(await repo.listTabs(trx, tenantId)).some((tab) => tab.tabKey === input.categoryTabKey)) throw AppError.badRequest(t('catalog.tabNotFound'));
    const before = givenId ? await requireAlbumCategory(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.albumCategory, id, before, rest.state);
    if (before) await repo.updateAlbumCategory(trx, tenantId, id, stored);
    else await repo.insertAlbumCategory(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireAlbumCategory(trx, tenantId, id);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.albumCategory, id }, before && albumCategoryFields(before), albumCategoryFields(after));
    return after;
  });
}

export function setAlbumCategoryState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminAlbumCategory> {
  return changeState(s, actor, AUDIT_TARGET.albumCategory, id, state, (db) => requireAlbumCategory(db, actor.tenant.id, id));
}

export function scheduleAlbumCategory(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminAlbumCategory> {
  return scheduleRow(s, actor, AUDIT_TARGET.albumCategory, id, at, (db) => requireAlbumCategory(db, actor.tenant.id, id));
}

/** Refused while it holds materials (deleting it would take them along). */
export function deleteAlbumCategory(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireAlbumCategory(trx, actor.tenant.id, id);
    if (!(await repo.deleteEmptyAlbumCategory(trx, actor.tenant.id, id))) {
      const now = await requireAlbumCategory(trx, actor.tenant.id, id);
      throw AppError.conflict(t('catalog.albumCategoryInUse', { count: now.materialCount }));
    }
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.albumCategory, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.catalogDelete, { type: AUDIT_TARGET.albumCategory, id }, albumCategoryFields(before), null);
    return null;
  });
}

type MaterialRow = NonNullable<Awaited<ReturnType<typeof repo.findMaterial>>>;

const materialOf = (r: MaterialRow): AdminMaterial => ({
  id: r.id,
  categoryId: r.categoryId,
  name: r.name,
  type: r.type === 'VIDEO' ? 'VIDEO' : 'PIC',
  pic: r.pic,
  video: r.video,
  introduce: r.introduce,
  seq: r.seq,
  state: asState(r.open),
  scheduledAt: timeOf(r.scheduledAt),
});

const materialFields = ({ id: _id, ...rest }: AdminMaterial) => auditedFields(rest);

async function requireMaterial(db: DB, tenantId: string, id: string): Promise<AdminMaterial> {
  const row = await repo.findMaterial(db, tenantId, id);
  if (!row) throw notFound();
  return materialOf(row);
}

export async function pageMaterials(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminMaterial>> {
  const { rows, total } = await repo.pageMaterials(s.db, actor.tenant.id, windowFor(q));
  return mapPage(pageOf(rows, total, q.current, q.size), materialOf);
}

export function saveMaterial(s: Scope, actor: StaffActor, input: MaterialInput): Promise<AdminMaterial> {
  const tenantId = actor.tenant.id;
  const { id: givenId, state, ...rest } = input;
  const stored = { ...rest, open: state, ...clearedOnPublish(state) };
  return write(s, actor, async (trx) => {
    if (!(await repo.findAlbumCategory(trx, tenantId, input.categoryId))) throw AppError.badRequest(t('catalog.albumCategoryNotFound'));
    const before = givenId ? await requireMaterial(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.material, id, before, state);
    if (before) await repo.updateMaterial(trx, tenantId, id, stored);
    else await repo.insertMaterial(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireMaterial(trx, tenantId, id);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.material, id }, before && materialFields(before), materialFields(after));
    return after;
  });
}

export function setMaterialState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminMaterial> {
  return changeState(s, actor, AUDIT_TARGET.material, id, state, (db) => requireMaterial(db, actor.tenant.id, id));
}

export function scheduleMaterial(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminMaterial> {
  return scheduleRow(s, actor, AUDIT_TARGET.material, id, at, (db) => requireMaterial(db, actor.tenant.id, id));
}

export function deleteMaterial(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireMaterial(trx, actor.tenant.id, id);
    if (!(await repo.deleteMaterial(trx, actor.tenant.id, id))) throw notFound();
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.material, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.catalogDelete, { type: AUDIT_TARGET.material, id }, materialFields(before), null);
    return null;
  });
}
