import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, readQuery } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { publicOk } from '../http/cache';
import * as service from './tenant.service';
import { t } from '~/lib/i18n';

const tenantIdQuery = z.object({ tenantId: idSchema.optional() });

export const tenantRoutes = new Hono<ApiEnv>()
  .get('/universityAdvertise/anyUser/university/info/getInfoByTenantId', async (c) => {
    const q = readQuery(c, tenantIdQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.getSchoolInfo(c.var.runtime.db, tenant.id));
  })
  .get('/universityAdvertise/anyBiz/buSchool/getDetailByTenantId', async (c) => {
    const q = readQuery(c, tenantIdQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.getBusinessSchool(c.var.runtime.db, tenant.id));
  })
  .get('/universityAdvertise/anyBiz/buSchool/getDomainByDomainType', async (c) => {
    const q = readQuery(
      c,
      z.object({ domainType: z.string().trim().regex(/^[A-Za-z0-9_]{1,32}$/, t('validation.badFormat')), tenantId: idSchema.optional() }),
    );
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.getDomainByDomainType(c.var.runtime.db, tenant.id, q.domainType.toUpperCase()));
  })
  .get('/system/anyTenant/defTenant/getTenantByPreDomain', async (c) => {
    const q = readQuery(
      c,
      z.object({ predomain: z.string().trim().toLowerCase().regex(/^[a-z0-9-]{1,63}$/, t('validation.badFormat')) }),
    );
    return publicOk(c, await service.getTenantByPreDomain(c.var.runtime.db, q.predomain));
  });
