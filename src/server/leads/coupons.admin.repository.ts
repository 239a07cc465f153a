import type { Updateable } from 'kysely';
import { catalogTable, numberOf, textOf, timeOf } from '../catalog/catalog-table';
import type { CouponTable } from './leads.table';

/** The staff side's coupon SQL: every coupon of the school, drafts included. Tenant id first. */

/** A coupon as the staff side reads it (money in fen, times in epoch ms): every column but the school's and the creation time. */
export type CouponRow = Omit<CouponTable, 'tenantId' | 'createdAt'>;

export type CouponWrite = Updateable<CouponTable>;

/** Newest first, as the public list orders them by default; published is receivable or ended. */
export const couponsTable = catalogTable<CouponRow, CouponWrite>({
  table: 'coupons',
  name: 'title',
  state: 'state',
  published: 'notDraft',
  fields: {
    id: textOf,
    title: textOf,
    amountCents: numberOf,
    minPointCents: numberOf,
    useStartTime: numberOf,
    useEndTime: numberOf,
    state: numberOf,
    scheduledAt: timeOf,
  },
  order: (q) => q.orderBy('createdAt', 'desc').orderBy('id', 'desc'),
});
