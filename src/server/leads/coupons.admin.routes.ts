import { Hono } from 'hono';
import type { ApiEnv } from '../http/scope';
import { COUPONS } from '~/lib/api/contracts/admin-catalog';
import { couponForm } from '~/lib/forms/catalog';
import { serveCatalog } from '../catalog/catalog-routes';
import { coupons } from './coupons.admin.service';

/** The staff calls of coupons (/api/admin/catalog/coupons...). */
export const couponsAdminRoutes = new Hono<ApiEnv>();

serveCatalog(couponsAdminRoutes, COUPONS, couponForm, coupons);
