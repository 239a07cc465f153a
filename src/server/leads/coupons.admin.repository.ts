import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { CouponState, type CouponTable } from './leads.table';
import { storedFilter } from '~/lib/staff/catalog-schedule';

/** The staff side's coupon SQL: every coupon of the school, drafts included. Tenant id first. */

export interface AdminFilter extends PageWindow {
  keyword?: string | undefined;
  /** CATALOG_STATE: DRAFT (no time), PUBLISHED (receivable or ended), SCHEDULED (a draft with a time). */
  state?: number | undefined;
}

const COUPON_COLUMNS = ['id', 'title', 'amountCents', 'minPointCents', 'useStartTime', 'useEndTime', 'state', 'scheduledAt'] as const;

function coupons(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('coupons').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('title', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('state', stored.published ? '<>' : '=', CouponState.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** Newest first, as the public list orders them by default. */
export function pageCoupons(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(f, coupons(db, tenantId, f).select(COUPON_COLUMNS).orderBy('createdAt', 'desc').orderBy('id', 'desc'), coupons(db, tenantId, f));
}

export function findCoupon(db: DB, tenantId: string, id: string) {
  return coupons(db, tenantId, {}).select(COUPON_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertCoupon(db: DB, row: Insertable<CouponTable>): Promise<void> {
  await db.insertInto('coupons').values(row).execute();
}

export async function updateCoupon(db: DB, tenantId: string, id: string, patch: Updateable<CouponTable>): Promise<boolean> {
  const r = await db.updateTable('coupons').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteCoupon(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('coupons').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Moves a coupon's state and publication time only while it is a draft or published as
 * `fromDraft` says (published is receivable or ended) (and, with
 * `fromAt`, still scheduled for that time): the one conditional write behind scheduling,
 * publishing at the time and cancelling. Whether it moved.
 */
export async function moveSchedule(
  db: DB,
  tenantId: string,
  id: string,
  m: { fromDraft: boolean; fromAt?: number; set: { state?: number; scheduledAt: number | null } },
): Promise<boolean> {
  let q = db
    .updateTable('coupons')
    .set(m.set)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', m.fromDraft ? '=' : '<>', CouponState.DRAFT);
  if (m.fromAt !== undefined) q = q.where('scheduledAt', '=', m.fromAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The titles of coupons (what a job works on). */
export function namesOf(db: DB, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('coupons').select(['id', 'title as name']).where('tenantId', '=', tenantId).where('id', 'in', ids).execute();
}
