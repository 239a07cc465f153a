import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import * as rules from '~/lib/school/settings';
import { t as st } from '~/lib/i18n/messages/admin-school';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { zodRule } from '../http/rules';
import { serveStaff } from '../http/staff-gate';
import * as orgs from './school.admin.service';

/**
 * The school's certification organisations and introduction blocks on the staff side
 * (/api/admin/school/...), part of the school's settings screen: every call through the staff gate
 * by its name (administrators only, src/lib/staff/access.ts), input checked by the screen's own
 * rules (src/lib/school/settings.ts) and refused with their words.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const label = (key: Parameters<typeof st>[0]) => st(key);
const text = (key: Parameters<typeof st>[0], max: number, required = false) => zodRule(rules.plainText(label(key), max, required));
const lines = (key: Parameters<typeof st>[0], max: number) => zodRule(rules.plainLines(label(key), max));
const seq = z.coerce
  .number({ error: t('school.points.badSeq') })
  .int(t('school.points.badSeq'))
  .min(0, t('school.points.badSeq'))
  .max(9999, t('school.points.badSeq'));

const ORG_TYPES = ['CERTIFICATION', 'EVALUATION', 'OTHER'] as const;
const LEVELS = ['', 'INTERNATIONAL', 'COUNTRY', 'COMPANY', 'INDUSTRY', 'PROVINCE', 'CITY'] as const;

const orgShape = {
  name: text('school.orgs.field.name', 60, true),
  orgType: z.enum(ORG_TYPES, { error: t('school.orgs.badType') }),
  certificationType: z.enum(LEVELS, { error: t('school.orgs.badLevel') }),
  serviceScope: lines('school.orgs.field.serviceScope', 1000),
  features: lines('school.orgs.field.features', 1000),
  seq,
  published: z.boolean({ error: t('validation.invalid') }),
};

const blockShape = {
  title: text('school.blocks.field.title', 60, true),
  name: text('school.blocks.field.name', 20),
  content: z
    .string({ error: t('school.blocks.contentRequired') })
    .max(orgs.PROJECT_BLOCK_MAX_CHARS, st('school.blocks.contentTooLong', { max: orgs.PROJECT_BLOCK_MAX_CHARS })),
  published: z.boolean({ error: t('validation.invalid') }),
};

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
