import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/tenant';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema } from '../http/validate';
import * as service from './tenant.service';

const tenantIdQuery = z.object({ tenantId: idSchema.optional() });
const domainQuery = z.object({
  domainType: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, t('validation.badFormat')),
  tenantId: idSchema.optional(),
});
const preDomainQuery = z.object({
  predomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,63}$/, t('validation.badFormat')),
});

// Answers that depend only on the school and the URL: a CDN may keep them a while, tagged with the
// school they describe (a change of the school drops them).
const school = { cache: 30, shows: { kinds: [], school: (q: { tenantId?: string | undefined }) => q.tenantId } };
// Names the school of the pre-domain asked for, not the request's: untagged, it expires on its own.
const cache = { cache: 30 };

export const tenantRoutes = new Hono<ApiEnv>();

serve(tenantRoutes, api.schoolInfo, tenantIdQuery, (s, q) => service.getSchoolInfo(s, q.tenantId), school);
serve(tenantRoutes, api.domainByType, domainQuery, (s, q) => service.getDomainByDomainType(s, q.domainType.toUpperCase(), q.tenantId), school);
serve(tenantRoutes, api.tenantByPreDomain, preDomainQuery, (s, q) => service.getTenantByPreDomain(s, q.predomain), cache);
