import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { catalogListQuery, catalogState, optionalId, requiredText, scheduleChange, stateChange, withId } from '../http/catalog-input';
import * as service from './coupons.admin.service';

/** The staff calls of coupons (/api/admin/catalog/coupons...). */

/** Yuan with at most two decimals, within [min, max]. */
const yuan = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

const time = (field: string) =>
  z.coerce
    .number({ error: t('catalog.badTime', { field }) })
    .int(t('catalog.badTime', { field }))
    .min(1, t('catalog.badTime', { field }))
    .max(4102444800000, t('catalog.badTime', { field }));

const coupon = z
  .object({
    id: optionalId,
    title: requiredText(t('catalog.field.title'), 128),
    amount: yuan(0.01, 100000, t('catalog.badAmount')),
    minPoint: yuan(0, 1000000, t('catalog.badMinPoint')).default(0),
    useStartTime: time(t('catalog.field.useStartTime')),
    useEndTime: time(t('catalog.field.useEndTime')),
    state: catalogState,
  })
  .refine((c) => c.useEndTime >= c.useStartTime, { message: t('catalog.endBeforeStart') })
  .refine((c) => c.minPoint === 0 || c.minPoint >= c.amount, { message: t('catalog.minPointBelowAmount') });

export const couponsAdminRoutes = new Hono<ApiEnv>();

serveStaff(couponsAdminRoutes, 'catalogCoupons', catalogListQuery, (s, actor, q) => service.pageCoupons(s, actor, q));
serveStaff(couponsAdminRoutes, 'catalogCouponSave', coupon, (s, actor, b) => service.saveCoupon(s, actor, b));
serveStaff(couponsAdminRoutes, 'catalogCouponState', stateChange, (s, actor, b) => service.setCouponState(s, actor, b.id, b.state));
serveStaff(couponsAdminRoutes, 'catalogCouponDelete', withId, (s, actor, b) => service.deleteCoupon(s, actor, b.id));
serveStaff(couponsAdminRoutes, 'catalogCouponSchedule', scheduleChange, (s, actor, b) => service.scheduleCoupon(s, actor, b.id, b.publishAt));
