import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/platform';
import { t } from '~/server/i18n';
import { AppError } from '../errors';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema } from '../http/validate';
import { isIPv4, isMapPath, isPublicParamKey } from './platform.rules';
import * as service from './platform.service';

const paramKeys = z
  .array(z.string().trim().min(1).max(64), { error: t('validation.invalid') })
  .min(1)
  .max(20);

const mapBody = z.object({
  path: z.string().trim().max(128),
  data: z
    .object({ ip: z.string().trim().refine(isIPv4, t('platform.badIp')).optional() })
    .loose()
    .nullish()
    .transform((d) => d ?? {}),
});

const visitBody = z.object({
  visitorId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,64}$/, t('platform.badVisitor')),
});

const tenantQuery = z.object({ tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)) }).loose();

export const platformRoutes = new Hono<ApiEnv>();

serve(platformRoutes, api.paramMap, paramKeys, (s, keys) => {
  const refused = keys.find((k) => !isPublicParamKey(k));
  if (refused !== undefined) throw AppError.badRequest(t('platform.paramNotAllowed', { key: refused }));
  return service.findParamMap(s, keys.filter(isPublicParamKey));
});
serve(platformRoutes, api.mapProxy, mapBody, (s, b) => {
  if (!isMapPath(b.path)) throw AppError.badRequest(t('platform.mapPathNotAllowed', { path: b.path.slice(0, 40) }));
  return service.mapProxy(s, b.path, b.data);
});
serve(platformRoutes, api.schoolBrowseCount, z.object({}), (s) => service.schoolBrowseCount(s));
serve(platformRoutes, api.visit, visitBody, (s, b) => service.recordVisit(s, b.visitorId));
serve(platformRoutes, api.rolePack, tenantQuery, (s, q) => service.rolePackOf(s, q.tenantId));
