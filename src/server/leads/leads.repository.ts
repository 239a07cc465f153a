import type { Updateable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { byShape, preparedPage } from '../db/prepared';
import type { LeadState } from '~/lib/staff/leads';
import type { CouponSort } from '~/lib/api/contracts/leads';
import { CouponState, type ClueTable } from './leads.table';
import { startOfCstDay } from '~/lib/time/cst';
import { PUBLICATION } from '~/lib/status';
import { countOf, changedOne } from '../db/rows';
import { whereEqual } from '../db/clauses';

/** All leads SQL. Every function takes the tenant id first after the connection. */

export function insertClue(
  db: DB,
  tenantId: string,
  clue: { id: string; clueId: string | null; name: string; mobile: string; content: string; ip: string; createdAt: number; productId: string | null },
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
  return countOf(db.selectFrom('clues').where('ip', '=', ip).where('createdAt', '>', since));
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

/** The column each coupon sort names. */
const COUPON_SORT_COLUMN = { amount: 'amountCents', useEndTime: 'useEndTime', createdTime: 'createdAt' } as const satisfies Record<CouponSort, string>;

/** A coupon list's order, the shape its statement is printed once for (decision 071). */
type CouponShape = `${CouponSort} ${PageWindow['order']}`;

const couponsIn = (db: DB, tenantId: string, state: number) => db.selectFrom('coupons').where('tenantId', '=', tenantId).where('state', '=', state);

/** Coupons in a state other than receivable. */
const couponsPage = byShape((shape: CouponShape) => {
  const [sort, order] = shape.split(' ') as [CouponSort, PageWindow['order']];
  return preparedPage(2, (db, tenantId: string, state: number) => couponRows(couponsIn(db, tenantId, state), sort, order), couponsIn);
});

/**
 * Receivable coupons whose use period is not over: a receivable coupon whose period is over is no longer receivable,
 * whatever its state says. The period runs to the end of its end date (China Standard Time), as the days left count it.
 */
const receivable = (db: DB, tenantId: string, state: number, today: number) => couponsIn(db, tenantId, state).where('useEndTime', '>=', today);
const receivableCouponsPage = byShape((shape: CouponShape) => {
  const [sort, order] = shape.split(' ') as [CouponSort, PageWindow['order']];
  return preparedPage(3, (db, tenantId: string, state: number, today: number) => couponRows(receivable(db, tenantId, state, today), sort, order), receivable);
});

function couponRows(coupons: ReturnType<typeof couponsIn>, sort: CouponSort, order: PageWindow['order']) {
  return coupons
    .select(['id', 'title', 'amountCents', 'minPointCents', 'useStartTime', 'useEndTime', 'state', 'createdAt'])
    .orderBy(COUPON_SORT_COLUMN[sort], order)
    .orderBy('id', order);
}

export function pageCoupons(db: DB, tenantId: string, f: CouponFilter) {
  const shape: CouponShape = `${f.sort} ${f.order}`;
  if (f.state === CouponState.RECEIVABLE) return receivableCouponsPage(shape)(db, f, tenantId, f.state, startOfCstDay(f.now));
  return couponsPage(shape)(db, f, tenantId, f.state);
}

export function pageEnrollContacts(db: DB, tenantId: string, p: PageWindow) {
  const contacts = db.selectFrom('enrollContacts').where('tenantId', '=', tenantId);
  return pageFrom(p, contacts.select(['id', 'mobile', 'url', 'contactMobile', 'tenantId']).orderBy('createdAt', p.order).orderBy('id', p.order), contacts);
}

/** What the staff's leads list is narrowed to; times are epoch ms. */
export interface LeadFilter {
  /** Included. */
  from?: number | undefined;
  /** Excluded. */
  until?: number | undefined;
  state?: LeadState | undefined;
  productId?: string | undefined;
  /** Part of the name or the mobile. */
  text?: string | undefined;
}

function filteredLeads(db: DB, tenantId: string, f: LeadFilter) {
  let q = db.selectFrom('clues').where('tenantId', '=', tenantId);
  if (f.from !== undefined) q = q.where('createdAt', '>=', f.from);
  if (f.until !== undefined) q = q.where('createdAt', '<', f.until);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.productId !== undefined) q = q.where('productId', '=', f.productId);
  if (f.text) {
    const pattern = containing(f.text);
    q = q.where((eb) => eb.or([eb('name', 'like', pattern), eb('mobile', 'like', pattern)]));
  }
  return q;
}

/** One page of the school's leads, newest first. */
export function pageLeads(db: DB, tenantId: string, f: LeadFilter, w: PageWindow) {
  const q = filteredLeads(db, tenantId, f);
  return pageFrom(w, q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), q);
}

/** How many of the school's leads are in the state (read from the index on tenant, state and time). */
export function countLeadsIn(db: DB, tenantId: string, state: LeadState): Promise<number> {
  return countOf(db.selectFrom('clues').$call(whereEqual({ tenantId, state })));
}

/** The filtered leads for an export, newest first, at most `limit`. */
export function listLeads(db: DB, tenantId: string, f: LeadFilter, limit: number) {
  return filteredLeads(db, tenantId, f).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The products the school's leads were left about. */
export async function leadProductIds(db: DB, tenantId: string): Promise<string[]> {
  const rows = await db.selectFrom('clues').select('productId').distinct().where('tenantId', '=', tenantId).where('productId', 'is not', null).execute();
  return rows.map((r) => r.productId!).sort();
}

export function findLead(db: DB, tenantId: string, id: string) {
  return db.selectFrom('clues').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

/**
 * Moves a lead out of `from` (a conditional update: of two people marking it at once, one wins
 * and the other is told it changed).
 */
export async function updateLeadState(db: DB, tenantId: string, id: string, from: LeadState, changes: Updateable<ClueTable>): Promise<boolean> {
  return changedOne(db.updateTable('clues').set(changes).$call(whereEqual({ tenantId, id })).where('state', '=', from));
}

/** Whom a converted lead became (set in the conversion's transaction, once its state is converted). */
export async function setConvertedUser(db: DB, tenantId: string, id: string, userId: string): Promise<void> {
  await db.updateTable('clues').set({ convertedUserId: userId }).$call(whereEqual({ tenantId, id })).execute();
}
