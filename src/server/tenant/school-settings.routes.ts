import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import * as form from '~/lib/forms/school';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import * as service from './school-settings.service';

/**
 * The school's settings on the staff side (/api/admin/school/...): every call through the staff
 * gate by its name (administrators only, src/lib/staff/access.ts). Input is checked by the screen's
 * own schemas (src/lib/forms/school.ts) and refused with their words.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const settingsBody = body({ ...form.profileFields.shape, institution: body(form.institutionFields.shape) });

export const schoolSettingsRoutes = new Hono<ApiEnv>();
const r = schoolSettingsRoutes;

serveStaff(r, 'schoolSettings', z.object({}), (s, actor) => service.getSettings(s, actor));
serveStaff(r, 'saveSchoolSettings', settingsBody, (s, actor, b) => service.saveSettings(s, actor, b));

serveStaff(r, 'schoolDomains', z.object({}), (s, actor) => service.listDomains(s, actor));
serveStaff(r, 'addSchoolDomain', body(form.domainFields.shape), (s, actor, b) => service.addDomain(s, actor, b));
serveStaff(r, 'removeSchoolDomain', withId, async (s, actor, b) => {
  await service.removeDomain(s, actor, b.id);
  return null;
});

serveStaff(r, 'adminServicePoints', z.object({}), (s, actor) => service.listServicePoints(s, actor));
serveStaff(r, 'createServicePoint', body(form.servicePointFields.shape), (s, actor, b) => service.createServicePoint(s, actor, b));
serveStaff(r, 'updateServicePoint', body({ id: idSchema, ...form.servicePointFields.shape }), (s, actor, { id, ...b }) =>
  service.updateServicePoint(s, actor, id, b),
);
serveStaff(r, 'deleteServicePoint', withId, async (s, actor, b) => {
  await service.deleteServicePoint(s, actor, b.id);
  return null;
});

serveStaff(r, 'agreements', z.object({}), (s, actor) => service.listAgreements(s, actor));
serveStaff(
  r,
  'saveAgreement',
  body({
    kind: form.agreementKind,
    html: z.string({ error: t('validation.invalid') }).max(form.RICH_TEXT_MAX_CHARS, form.agreementTooLong),
  }),
  (s, actor, b) => service.saveAgreement(s, actor, b),
);
