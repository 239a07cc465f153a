import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/leads';
import { t } from '~/server/i18n';
import { parseConsult } from '~/lib/rules/consult';
import { AppError } from '../errors';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema, pageRequest } from '../http/validate';
import * as service from './leads.service';

const clueBody = z
  .object({
    // The user id, or the visitor id (a UUID) of a visitor.
    clueId: z
      .union([
        z
          .string()
          .trim()
          .regex(/^[0-9A-Za-z_-]{0,64}$/, t('validation.badFormat')),
        z.null(),
        z.number().int().nonnegative(),
      ])
      .optional()
      .transform((v) => (v === undefined || v === null || v === '' ? null : String(v))),
    // The training product the form was opened from (its detail page); absent from the floating panel.
    productId: z
      .union([idSchema, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
  })
  .loose();

const customerServicePage = pageRequest(z.object({}).loose(), ['seq'] as const, { size: 10, sort: 'seq', order: 'ascending' });

const couponPage = pageRequest(
  // An absent model is taken as {} without parsing (zod defaults): the service defaults the state.
  z.object({ state: z.coerce.number().int().min(1).max(9).optional() }).loose(),
  ['createdTime', 'amount', 'useEndTime'] as const,
  { size: 3, sort: 'createdTime', order: 'descending' },
);

const enrollContactPage = pageRequest(
  z.object({ tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)) }).loose(),
  ['createdTime'] as const,
  { size: 1, sort: 'createdTime', order: 'descending' },
);

export const leadsRoutes = new Hono<ApiEnv>();

serve(
  leadsRoutes,
  api.saveClue,
  clueBody,
  async (s, b) => {
    const form = parseConsult(b);
    if (!form.ok) throw AppError.badRequest(form.message);
    return service.saveClue(s, b.clueId, form.value, b.productId);
  },
  { message: t('consult.submitted') },
);
serve(leadsRoutes, api.customerServicePage, customerServicePage, (s, b) => service.pageCustomerServices(s, b));
serve(leadsRoutes, api.receivableCoupons, couponPage, (s, b) => service.pageReceivableCoupons(s, { ...b, state: b.model.state }));
serve(leadsRoutes, api.enrollContactPage, enrollContactPage, (s, b) => service.pageEnrollContacts(s, b, b.model.tenantId));
