import type { DB } from '../db/database';
import { CouponState } from './leads.table';

/** All leads SQL. Every function takes the tenant id first after the connection. */

export interface PageArgs {
  offset: number;
  limit: number;
  order: 'asc' | 'desc';
}

async function paged<R>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint }>) {
  const [r, c] = await Promise.all([rows, count]);
  return { rows: r, total: Number(c.n) };
}

export function insertClue(
  db: DB,
  tenantId: string,
  clue: { id: string; clueId: string | null; name: string; mobile: string; content: string; ip: string; createdAt: number },
) {
  return db.insertInto('clues').values({ ...clue, tenantId }).execute();
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

export function listClues(db: DB, tenantId: string) {
  return db.selectFrom('clues').selectAll().where('tenantId', '=', tenantId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export function pageCustomerServices(db: DB, tenantId: string, p: PageArgs) {
  const base = () => db.selectFrom('customerServices').where('tenantId', '=', tenantId).where('state', '=', 1);
  return paged(
    base()
      .select(['id', 'name', 'mobile', 'wechatQrCode'])
      .orderBy('seq', p.order)
      .orderBy('id')
      .offset(p.offset)
      .limit(p.limit)
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}

export interface CouponFilter extends PageArgs {
  state: number;
  now: number;
  sort: 'createdTime' | 'amount' | 'useEndTime';
}

export function pageCoupons(db: DB, tenantId: string, f: CouponFilter) {
  const base = () => {
    let q = db.selectFrom('coupons').where('tenantId', '=', tenantId).where('state', '=', f.state);
    // A receivable coupon whose use period is over is no longer receivable, whatever its state says.
    if (f.state === CouponState.RECEIVABLE) q = q.where('useEndTime', '>', f.now);
    return q;
  };
  const column = f.sort === 'amount' ? 'amountCents' : f.sort === 'useEndTime' ? 'useEndTime' : 'createdAt';
  return paged(
    base()
      .select(['id', 'title', 'amountCents', 'minPointCents', 'useStartTime', 'useEndTime', 'state', 'createdAt'])
      .orderBy(column, f.order)
      .orderBy('id', f.order)
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}

export function pageEnrollContacts(db: DB, tenantId: string, p: PageArgs) {
  const base = () => db.selectFrom('enrollContacts').where('tenantId', '=', tenantId);
  return paged(
    base()
      .select(['id', 'mobile', 'url', 'contactMobile', 'tenantId'])
      .orderBy('createdAt', p.order)
      .orderBy('id', p.order)
      .offset(p.offset)
      .limit(p.limit)
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
