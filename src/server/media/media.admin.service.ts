import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { CatalogListInput } from '../http/catalog-input';
import { t } from '~/server/i18n';
import { mapPage, pageOf, type Page } from '~/lib/paging';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { CATALOG_STATE, type AdminBanner, type BannerInput, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import * as repo from './media.admin.repository';

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
});

const fields = ({ id: _id, ...rest }: AdminBanner) => rest;

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
  const stored = { ...rest, enabled: state };
  return s.db.transaction().execute(async (trx) => {
    const before = givenId ? await requireBanner(trx, tenantId, givenId) : null;
    const id = givenId ?? newId(s.now);
    if (before) await repo.updateBanner(trx, tenantId, id, stored);
    else await repo.insertBanner(trx, { ...stored, id, tenantId, createdAt: s.now });
    const after = await requireBanner(trx, tenantId, id);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.banner, id }, before && fields(before), fields(after));
    return after;
  });
}

export function setBannerState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminBanner> {
  return s.db.transaction().execute(async (trx) => {
    const before = await requireBanner(trx, actor.tenant.id, id);
    if (before.state === state) return before;
    await repo.updateBanner(trx, actor.tenant.id, id, { enabled: state });
    const action = state === CATALOG_STATE.PUBLISHED ? AUDIT_ACTION.catalogPublish : AUDIT_ACTION.catalogUnpublish;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.banner, id }, { state: before.state }, { state });
    return requireBanner(trx, actor.tenant.id, id);
  });
}

export function deleteBanner(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return s.db.transaction().execute(async (trx) => {
    const before = await requireBanner(trx, actor.tenant.id, id);
    if (!(await repo.deleteBanner(trx, actor.tenant.id, id))) throw AppError.notFound(t('catalog.notFound'));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.catalogDelete, { type: AUDIT_TARGET.banner, id }, fields(before), null);
    return null;
  });
}
