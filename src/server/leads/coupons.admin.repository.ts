import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { CouponState, type CouponTable } from './leads.table';

/** The staff side's coupon SQL: every coupon of the school, drafts included. Tenant id first. */

export interface AdminFilter extends PageWindow {
  keyword?: string | undefined;
  /** Whether published (receivable or ended) or draft. */
  published?: boolean | undefined;
}

const COUPON_COLUMNS = ['id', 'title', 'amountCents', 'minPointCents', 'useStartTime', 'useEndTime', 'state'] as const;

function coupons(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'published'>) {
  let q = db.selectFrom('coupons').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('title', 'like', containing(f.keyword));
  if (f.published !== undefined) q = q.where('state', f.published ? '<>' : '=', CouponState.DRAFT);
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
