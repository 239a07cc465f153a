import type { DB } from '../db/database';
import { pageFrom, type PageWindow } from '../db/paging';
import type { CouponSort } from '~/lib/api/contracts/leads';
import { CouponState } from './leads.table';
import { startOfCstDay } from '~/lib/time/cst';
import { PUBLICATION } from '~/lib/status';

/** All leads SQL. Every function takes the tenant id first after the connection. */

export function insertClue(
  db: DB,
  tenantId: string,
  clue: { id: string; clueId: string | null; name: string; mobile: string; content: string; ip: string; createdAt: number },
) {
  return db
    .insertInto('clues')
    .values({ ...clue, tenantId })
    .execute();
}

/**
 * Leads left from one IP address since a time, in any school: the per-IP limit protects every
 * school's inbox alike, and the answer is a count, never a lead.
 */
export async function countIpClues(db: DB, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('clues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageCustomerServices(db: DB, tenantId: string, p: PageWindow) {
  const shown = db.selectFrom('customerServices').where('tenantId', '=', tenantId).where('state', '=', PUBLICATION.PUBLISHED);
  return pageFrom(p, shown.select(['id', 'name', 'mobile', 'wechatQrCode']).orderBy('seq', p.order).orderBy('id'), shown);
}

export interface CouponFilter extends PageWindow {
  state: number;
  now: number;
  sort: CouponSort;
}

export function pageCoupons(db: DB, tenantId: string, f: CouponFilter) {
  let coupons = db.selectFrom('coupons').where('tenantId', '=', tenantId).where('state', '=', f.state);
  // A receivable coupon whose use period is over is no longer receivable, whatever its state says.
  // The period runs to the end of its end date (China Standard Time), as the days left count it.
  if (f.state === CouponState.RECEIVABLE) coupons = coupons.where('useEndTime', '>=', startOfCstDay(f.now));
  const column = f.sort === 'amount' ? 'amountCents' : f.sort === 'useEndTime' ? 'useEndTime' : 'createdAt';
  return pageFrom(
    f,
    coupons
      .select(['id', 'title', 'amountCents', 'minPointCents', 'useStartTime', 'useEndTime', 'state', 'createdAt'])
      .orderBy(column, f.order)
      .orderBy('id', f.order),
    coupons,
  );
}

export function pageEnrollContacts(db: DB, tenantId: string, p: PageWindow) {
  const contacts = db.selectFrom('enrollContacts').where('tenantId', '=', tenantId);
  return pageFrom(p, contacts.select(['id', 'mobile', 'url', 'contactMobile', 'tenantId']).orderBy('createdAt', p.order).orderBy('id', p.order), contacts);
}
