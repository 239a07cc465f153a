import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { CatalogListInput } from '../http/catalog-input';
import { t } from '~/server/i18n';
import { mapPage, pageOf, type Page } from '~/lib/paging';
import { startOfCstDay } from '~/lib/time/cst';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { CATALOG_STATE, type AdminCoupon, type CatalogState, type CouponInput } from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import { CouponState } from './leads.table';
import * as repo from './coupons.admin.repository';
import { auditedFields, cancelCatalogPublish, changeCatalogState, endScheduleOnPublish, scheduleCatalogRow } from '../jobs/catalog-publish.service';

/**
 * The staff side of coupons. A coupon saved as a draft has state 0 and is never listed publicly;
 * publishing makes it receivable (1); taking it down makes it a draft again. A published coupon
 * whose use period is over is shown to staff as ended, as the public list stops offering it.
 */

type CouponRow = NonNullable<Awaited<ReturnType<typeof repo.findCoupon>>>;

const couponOf = (r: CouponRow, now: number): AdminCoupon => {
  const published = r.state !== CouponState.DRAFT;
  return {
    id: r.id,
    title: r.title,
    amount: r.amountCents / 100,
    minPoint: r.minPointCents / 100,
    useStartTime: Number(r.useStartTime),
    useEndTime: Number(r.useEndTime),
    state: published ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT,
    scheduledAt: r.scheduledAt === null ? null : Number(r.scheduledAt),
    ended: published && (r.state === CouponState.ENDED || Number(r.useEndTime) < startOfCstDay(now)),
  };
};

/** Tells every cache that the school's pages showing its coupons changed (after the commit). */
const pagesChanged = (s: Scope, tenantId: string) => s.pageChanges.publish({ schoolId: tenantId, kinds: ['coupons'] });

/** One write in one transaction; once it is committed, the pages it touches are published as changed. */
async function write<T>(s: Scope, actor: StaffActor, work: (trx: DB) => Promise<T>): Promise<T> {
  const result = await s.db.transaction().execute(work);
  await pagesChanged(s, actor.tenant.id);
  return result;
}

const fields = ({ id: _id, ended: _e, ...rest }: AdminCoupon) => auditedFields(rest);
const storedState = (state: CatalogState) => (state === CATALOG_STATE.PUBLISHED ? CouponState.RECEIVABLE : CouponState.DRAFT);

async function requireCoupon(db: DB, tenantId: string, id: string, now: number): Promise<AdminCoupon> {
  const row = await repo.findCoupon(db, tenantId, id);
  if (!row) throw AppError.notFound(t('catalog.notFound'));
  return couponOf(row, now);
}

export async function pageCoupons(s: Scope, actor: StaffActor, q: CatalogListInput): Promise<Page<AdminCoupon>> {
  const { rows, total } = await repo.pageCoupons(s.db, actor.tenant.id, {
    ...windowOf({ current: q.current, size: q.size, order: 'desc' }),
    keyword: q.keyword,
    state: q.state,
  });
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => couponOf(r, s.now));
}

export function saveCoupon(s: Scope, actor: StaffActor, input: CouponInput): Promise<AdminCoupon> {
  const tenantId = actor.tenant.id;
  const stored = {
    title: input.title,
    amountCents: Math.round(input.amount * 100),
    minPointCents: Math.round(input.minPoint * 100),
    useStartTime: input.useStartTime,
    useEndTime: input.useEndTime,
  };
  return write(s, actor, async (trx) => {
    const before = input.id ? await requireCoupon(trx, tenantId, input.id, s.now) : null;
    const id = input.id ?? newId(s.now);
    // Saving keeps a published coupon's stored state (receivable or ended) unless it changes.
    const state = before && before.state === input.state ? undefined : storedState(input.state);
    // Saved as published, a scheduled coupon is published now; saved as a draft, it keeps its time.
    await endScheduleOnPublish(trx, s.now, AUDIT_TARGET.coupon, id, before, input.state);
    const cleared = input.state === CATALOG_STATE.PUBLISHED ? { scheduledAt: null } : {};
    if (before) await repo.updateCoupon(trx, tenantId, id, { ...stored, ...cleared, ...(state === undefined ? {} : { state }) });
    else await repo.insertCoupon(trx, { ...stored, state: storedState(input.state), id, tenantId, createdAt: s.now });
    const after = await requireCoupon(trx, tenantId, id, s.now);
    const action = before ? AUDIT_ACTION.catalogUpdate : AUDIT_ACTION.catalogCreate;
    await auditStaffAction(trx, s, actor, action, { type: AUDIT_TARGET.coupon, id }, before && fields(before), fields(after));
    return after;
  });
}

/** Publishes or takes down a coupon; either one ends its schedule. */
export function setCouponState(s: Scope, actor: StaffActor, id: string, state: CatalogState): Promise<AdminCoupon> {
  const tenantId = actor.tenant.id;
  return write(s, actor, async (trx) => {
    const before = await requireCoupon(trx, tenantId, id, s.now);
    const move = (fromState: CatalogState, set: { state: CatalogState; scheduledAt: null }) =>
      repo.moveSchedule(trx, tenantId, id, { fromDraft: fromState === CATALOG_STATE.DRAFT, set: { ...set, state: storedState(set.state) } });
    const changed = await changeCatalogState(trx, s, actor, { type: AUDIT_TARGET.coupon, id, state, before, move });
    return changed ? requireCoupon(trx, tenantId, id, s.now) : before;
  });
}

/** Schedules a draft coupon for `at` (or moves its time): refused for a published one or a time not after now. */
export function scheduleCoupon(s: Scope, actor: StaffActor, id: string, at: number): Promise<AdminCoupon> {
  const tenantId = actor.tenant.id;
  return write(s, actor, async (trx) => {
    const before = await requireCoupon(trx, tenantId, id, s.now);
    const write = () => repo.moveSchedule(trx, tenantId, id, { fromDraft: true, set: { scheduledAt: at } });
    await scheduleCatalogRow(trx, s, actor, { type: AUDIT_TARGET.coupon, id, at, before, write });
    return requireCoupon(trx, tenantId, id, s.now);
  });
}

/**
 * The catalog.publish job for a coupon: makes it receivable only if it is still a draft scheduled
 * for `at` (one conditional write), so a coupon published by hand, taken down, deleted or moved to
 * another time is left as it is, and a second run does nothing.
 */
export async function publishScheduled(s: Scope, tenantId: string, id: string, at: number): Promise<boolean> {
  const published = await repo.moveSchedule(s.db, tenantId, id, { fromDraft: true, fromAt: at, set: { state: CouponState.RECEIVABLE, scheduledAt: null } });
  if (published) await pagesChanged(s, tenantId);
  return published;
}

/** The job of a coupon was cancelled on the jobs screen: it stays a draft, no longer scheduled for `at`. */
export function unschedule(db: DB, tenantId: string, id: string, at: number): Promise<boolean> {
  return repo.moveSchedule(db, tenantId, id, { fromDraft: true, fromAt: at, set: { scheduledAt: null } });
}

/** The titles of coupons (the jobs screen names what a job works on). */
export const namesOf = (db: DB, tenantId: string, ids: string[]) => repo.namesOf(db, tenantId, ids);

export function deleteCoupon(s: Scope, actor: StaffActor, id: string): Promise<null> {
  return write(s, actor, async (trx) => {
    const before = await requireCoupon(trx, actor.tenant.id, id, s.now);
    if (!(await repo.deleteCoupon(trx, actor.tenant.id, id))) throw AppError.notFound(t('catalog.notFound'));
    await cancelCatalogPublish(trx, s.now, AUDIT_TARGET.coupon, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.catalogDelete, { type: AUDIT_TARGET.coupon, id }, fields(before), null);
    return null;
  });
}
