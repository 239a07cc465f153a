import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, pageRequest, readJson } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { t } from '~/lib/i18n';
import { parseConsult } from '~/lib/rules/consult';
import * as service from './leads.service';
import { CouponState } from './leads.table';
import { smsRoutes } from '../sms/sms.routes';
import { platformRoutes } from '../platform/platform.routes';

const clueBody = z
  .object({
    // The user id, or the visitor id (a UUID) of a visitor.
    clueId: z
      .union([z.string().trim().regex(/^[0-9A-Za-z_-]{0,64}$/, t('validation.badFormat')), z.null(), z.number().int().nonnegative()])
      .optional()
      .transform((v) => (v === undefined || v === null || v === '' ? null : String(v))),
  })
  .loose();

const customerServicePage = pageRequest(z.object({}).loose(), ['seq'] as const, { size: 10, sort: 'seq', order: 'ascending' });

const couponPage = pageRequest(
  // An absent model is taken as {} without parsing (zod defaults), hence the fallback in the route.
  z.object({ state: z.coerce.number().int().min(1).max(9).default(CouponState.RECEIVABLE) }).loose(),
  ['createdTime', 'amount', 'useEndTime'] as const,
  { size: 3, sort: 'createdTime', order: 'descending' },
);

const enrollContactPage = pageRequest(
  z.object({ tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)) }).loose(),
  ['createdTime'] as const,
  { size: 1, sort: 'createdTime', order: 'descending' },
);

const clueRoutes = new Hono<ApiEnv>()
  .post('/universityAdvertise/anyUser/clue/saveClue', async (c) => {
    const body = await readJson(c, clueBody);
    const form = parseConsult(body);
    if (!form.ok) throw AppError.badRequest(form.message);
    const tenant = await tenantOf(c);
    const { runtime, ctx } = c.var;
    const saved = await service.saveClue(
      { db: runtime.db, secret: runtime.config.SESSION_SECRET },
      { tenantId: tenant.id, clueId: body.clueId, form: form.value, ip: ctx.ip, now: ctx.now },
    );
    return c.json(ok(saved, t('consult.submitted')));
  })
  .post('/universityAdvertise/anyUser/customerService/page', async (c) => {
    const b = await readJson(c, customerServicePage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageCustomerServices(c.var.runtime.db, tenant.id, b)));
  })
  .post('/enroll/anyBiz/coupon/list/receivablePage', async (c) => {
    const b = await readJson(c, couponPage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageReceivableCoupons(c.var.runtime.db, tenant.id, { ...b, state: b.model.state ?? CouponState.RECEIVABLE, now: c.var.ctx.now })));
  })
  .post('/universityAdvertise/anyUser/enrollContact/page', async (c) => {
    const b = await readJson(c, enrollContactPage);
    const tenant = await tenantOf(c, b.model.tenantId);
    return c.json(ok(await service.pageEnrollContacts(c.var.runtime.db, tenant.id, b)));
  });

/** The feature's calls, mounted in app.ts with one line: SMS codes, leads and platform calls. */
export const leadsRoutes = new Hono<ApiEnv>().route('/', smsRoutes).route('/', clueRoutes).route('/', platformRoutes);
