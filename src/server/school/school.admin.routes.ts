import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import * as form from '~/lib/forms/school';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import * as orgs from './school.admin.service';

/**
 * The school's certification organisations and introduction blocks on the staff side
 * (/api/admin/school/...), part of the school's settings screen: every call through the staff gate
 * by its name (administrators only, src/lib/staff/access.ts), input checked by the screen's own
 * schemas (src/lib/forms/school.ts) and refused with their words.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const published = z.boolean({ error: t('validation.invalid') });
const orgShape = { ...form.certOrgFields.shape, published };
const blockShape = { ...form.projectBlockFields.shape, published };

export const schoolAdminRoutes = new Hono<ApiEnv>();
const r = schoolAdminRoutes;

serveStaff(r, 'adminCertificationOrgs', z.object({}), (s, actor) => orgs.listCertificationOrgsForStaff(s, actor));
serveStaff(r, 'createCertificationOrg', body(orgShape), (s, actor, b) => orgs.createCertificationOrg(s, actor, b));
serveStaff(r, 'updateCertificationOrg', body({ id: idSchema, ...orgShape }), (s, actor, { id, ...b }) => orgs.updateCertificationOrg(s, actor, id, b));
serveStaff(r, 'deleteCertificationOrg', withId, async (s, actor, b) => {
  await orgs.deleteCertificationOrg(s, actor, b.id);
  return null;
});

serveStaff(r, 'adminProjectBlocks', z.object({}), (s, actor) => orgs.listProjectBlocks(s, actor));
serveStaff(r, 'createProjectBlock', body(blockShape), (s, actor, b) => orgs.createProjectBlock(s, actor, b));
serveStaff(r, 'updateProjectBlock', body({ id: idSchema, ...blockShape }), (s, actor, { id, ...b }) => orgs.updateProjectBlock(s, actor, id, b));
serveStaff(r, 'orderProjectBlocks', body({ ids: z.array(idSchema, { error: t('validation.invalid') }).max(orgs.PROJECT_BLOCKS_MAX) }), (s, actor, b) =>
  orgs.orderProjectBlocks(s, actor, b.ids),
);
serveStaff(r, 'deleteProjectBlock', withId, async (s, actor, b) => {
  await orgs.deleteProjectBlock(s, actor, b.id);
  return null;
});
