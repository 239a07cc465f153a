import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, readJson, readQuery } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { requireUser } from '../http/auth';
import { AppError, ok } from '../errors';
import { authenticate } from '../identity/identity.service';
import { t } from '~/lib/i18n';
import { mapProviderOf } from './map.provider';
import * as service from './platform.service';

const paramKeys = z
  .array(z.string().trim().min(1).max(64), { error: t('validation.invalid') })
  .min(1)
  .max(20);

const mapBody = z.object({
  path: z.string().trim().max(128),
  data: z
    .object({ ip: z.string().trim().refine(service.isIPv4, t('platform.badIp')).optional() })
    .loose()
    .nullish()
    .transform((d) => d ?? {}),
});

const visitBody = z.object({
  visitorId: z.string().trim().regex(/^[0-9A-Za-z_-]{1,64}$/, t('platform.badVisitor')),
});

const tenantQuery = z.object({ tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)) }).loose();

export const platformRoutes = new Hono<ApiEnv>()
  .post('/oauth/anyUser/parameter/findParamMapByKey', async (c) => {
    const keys = await readJson(c, paramKeys);
    const refused = keys.find((k) => !service.isPublicParamKey(k));
    if (refused !== undefined) throw AppError.badRequest(t('platform.paramNotAllowed', { key: refused }));
    const tenant = await tenantOf(c);
    return c.json(ok(await service.findParamMap(c.var.runtime.db, tenant.id, keys.filter(service.isPublicParamKey))));
  })
  .post('/system/anyTenant/mapProxy', async (c) => {
    const b = await readJson(c, mapBody);
    const path = (service.MAP_PATHS as readonly string[]).includes(b.path) ? (b.path as service.MapPath) : null;
    if (!path) throw AppError.badRequest(t('platform.mapPathNotAllowed', { path: b.path.slice(0, 40) }));
    await tenantOf(c);
    const { runtime, ctx } = c.var;
    const location = await service.mapProxy(mapProviderOf(runtime), path, b.data, ctx.ip, (fields) =>
      runtime.logger.warn('map proxy failed', { requestId: ctx.requestId, ...fields }),
    );
    return c.json(ok(location));
  })
  .get('/search/anyBiz/performanceStat/querySchoolBrowseCount', async (c) => {
    await requireUser(c);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.schoolBrowseCount(c.var.runtime.db, tenant.id)));
  })
  .post('/search/anyUser/performanceStat/visit', async (c) => {
    const { visitorId } = await readJson(c, visitBody);
    const tenant = await tenantOf(c);
    const { runtime, ctx } = c.var;
    return c.json(ok(await service.recordVisit(runtime.db, { tenantId: tenant.id, visitorId, ip: ctx.ip, now: ctx.now })));
  })
  .get('/base/anyBiz/baseRolePack/getByTenantId', async (c) => {
    const q = readQuery(c, tenantQuery);
    const tenant = await tenantOf(c, q.tenantId);
    const { runtime, ctx } = c.var;
    // The token must belong to the school asked for (40009 otherwise), not only to the host's.
    await authenticate(runtime.db, ctx.headers.token, tenant.id, ctx.now);
    return c.json(ok(await service.rolePackOf(runtime.db, tenant.id)));
  });
