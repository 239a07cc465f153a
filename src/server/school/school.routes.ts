import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/school';
import { businessSchool } from '~/lib/api/contracts/tenant';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema } from '../http/validate';
import * as service from './school.service';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));

const informationQuery = z
  .object({
    informationType: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], { error: t('school.badInformationType') })
      .transform((v) => Number(v) as api.InformationType),
    universityId: optionalId,
  })
  .loose();

const tenantIdQuery = z.object({ tenantId: idSchema.optional() });

/** Information content blocks (token optional), certification organisations and the business-school detail that lists them. */
export const schoolRoutes = new Hono<ApiEnv>();

serve(schoolRoutes, api.informationQuery, informationQuery, (s, b) => service.listInformation(s, b.informationType, b.universityId));
serve(schoolRoutes, api.certificationOrganizations, tenantIdQuery, (s, q) => service.listCertificationOrganizations(s, q.tenantId), {
  cache: 30,
  shows: { kinds: ['school-info'], school: (q) => q.tenantId },
});
// The school's detail with its organisations: dropped by a change of the school or of what /school-info shows.
serve(schoolRoutes, businessSchool, tenantIdQuery, (s, q) => service.getBusinessSchool(s, q.tenantId), {
  cache: 30,
  shows: { kinds: ['school-info'], school: (q) => q.tenantId },
});
