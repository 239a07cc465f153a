import { startOfCstDay } from '~/lib/time/cst';
import { AUDIT_TARGET } from '~/lib/staff/roles';
import { CATALOG_STATE, type AdminCoupon, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { couponForm } from '~/lib/forms/catalog';
import type { z } from 'zod';
import { CouponState } from './leads.table';
import { couponsTable, type CouponRow } from './coupons.admin.repository';
import { auditedFields } from '../jobs/catalog-publish.service';
import { catalogService } from '../catalog/catalog-resource';

/**
 * The staff side of coupons. A coupon saved as a draft has state 0 and is never listed publicly;
 * publishing makes it receivable (1); taking it down makes it a draft again. A published coupon
 * whose use period is over is shown to staff as ended, as the public list stops offering it.
 */

const CENTS = 100;

const couponOf = (r: CouponRow, now: number): AdminCoupon => {
  const published = r.state !== CouponState.DRAFT;
  return {
    id: r.id,
    title: r.title,
    amount: r.amountCents / CENTS,
    minPoint: r.minPointCents / CENTS,
    useStartTime: r.useStartTime,
    useEndTime: r.useEndTime,
    state: published ? CATALOG_STATE.PUBLISHED : CATALOG_STATE.DRAFT,
    scheduledAt: r.scheduledAt,
    ended: published && (r.state === CouponState.ENDED || r.useEndTime < startOfCstDay(now)),
  };
};

const storedState = (state: CatalogState) => (state === CATALOG_STATE.PUBLISHED ? CouponState.RECEIVABLE : CouponState.DRAFT);

export const coupons = catalogService({
  target: AUDIT_TARGET.coupon,
  pages: 'coupons',
  order: 'desc',
  table: couponsTable,
  view: (rows, v) => rows.map((r) => couponOf(r, v.now)),
  audited: ({ id: _id, ended: _e, ...rest }) => auditedFields(rest),
  written: (input: z.output<typeof couponForm>, before) => ({
    title: input.title,
    amountCents: Math.round(input.amount * CENTS),
    minPointCents: Math.round(input.minPoint * CENTS),
    useStartTime: input.useStartTime,
    useEndTime: input.useEndTime,
    // Saving keeps a published coupon's stored state (receivable or ended) unless it changes.
    ...(before && before.state === input.state ? {} : { state: storedState(input.state) }),
  }),
});
