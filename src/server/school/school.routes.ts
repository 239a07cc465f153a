import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, readJson, readQuery } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { ok } from '../errors';
import { publicOk } from '../http/cache';
import { t } from '~/lib/i18n';
import * as service from './school.service';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));

const informationQuery = z
  .object({
    informationType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], {
      error: t('school.badInformationType'),
    }).transform((v) => Number(v) as service.InformationType),
    universityId: optionalId,
  })
  .loose();

const tenantIdQuery = z.object({ tenantId: idSchema.optional() });

/** Information content blocks (token optional) and certification organisations. */
export const schoolRoutes = new Hono<ApiEnv>()
  .post('/universityAdvertise/anyBiz/universityInformation/query', async (c) => {
    const b = await readJson(c, informationQuery);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.listInformation(c.var.runtime.db, tenant.id, b.informationType, b.universityId)));
  })
  .get('/universityAdvertise/anyBiz/certificationOrganization/list', async (c) => {
    const q = readQuery(c, tenantIdQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.listCertificationOrganizations(c.var.runtime.db, tenant.id));
  });
