import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { AGREEMENT_KINDS, DOMAIN_TYPES } from '~/lib/api/contracts/admin-school';
import type { ServicePointType } from '~/lib/api/contracts/tenant';
import * as rules from '~/lib/school/settings';
import { t as st } from '~/lib/i18n/messages/admin-school';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { zodRule } from '../http/rules';
import { serveStaff } from '../http/staff-gate';
import * as service from './school-settings.service';
import { AGREEMENT_MAX_CHARS } from './school-settings.service';

/**
 * The school's settings on the staff side (/api/admin/school/...): every call through the staff
 * gate by its name (administrators only, src/lib/staff/access.ts). Input is checked by the same
 * rules the screen uses (src/lib/school/settings.ts) and refused with their words.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const label = (key: Parameters<typeof st>[0]) => st(key);
const text = (key: Parameters<typeof st>[0], max: number, required = false) => zodRule(rules.plainText(label(key), max, required));
const lines = (key: Parameters<typeof st>[0], max: number) => zodRule(rules.plainLines(label(key), max));
/** A picture's address as the upload answered it ('' for none); the service decides whether it is the school's own. */
const picture = z
  .string({ error: t('school.admin.badPicture') })
  .trim()
  .max(512, t('school.admin.badPicture'))
  .regex(/^(?:|\/[\w\-./]+|https?:\/\/[^\s<>"']+)$/, t('school.admin.badPicture'));
const seq = z.coerce
  .number({ error: t('school.points.badSeq') })
  .int(t('school.points.badSeq'))
  .min(0, t('school.points.badSeq'))
  .max(9999, t('school.points.badSeq'));

const settingsBody = body({
  projectName: text('school.admin.field.projectName', 40, true),
  universityName: text('school.admin.field.universityName', 40, true),
  shortName: text('school.admin.field.shortName', 12),
  trainingInstitutionsName: text('school.admin.field.trainingInstitutionsName', 60),
  logo: picture,
  brandColor: zodRule(rules.brandColorRule),
  contactMobile: zodRule(rules.contactPhoneRule),
  email: zodRule(rules.emailRule),
  address: text('school.admin.field.address', 120),
  longitude: zodRule(rules.coordinateRule(180)),
  latitude: zodRule(rules.coordinateRule(90)),
  website: zodRule(rules.webUrlRule),
  crowd: text('school.admin.field.crowd', 60),
  schoolTypeName: text('school.admin.field.schoolTypeName', 40),
  institutionProperty: text('school.admin.field.institutionProperty', 16),
  institutionGrade: text('school.admin.field.institutionGrade', 16),
  trainingMode: text('school.admin.field.trainingMode', 16),
  enrollDistrictScope: text('school.admin.field.enrollDistrictScope', 200),
  icpNumber: text('school.admin.field.icpNumber', 40),
  policeRecordNumber: text('school.admin.field.policeRecordNumber', 40),
  telecomLicence: text('school.admin.field.telecomLicence', 40),
  officialAccountQr: picture,
  miniProgramQr: picture,
  appDownloadUrl: zodRule(rules.externalLinkRule(label('school.admin.field.appDownloadUrl'))),
  promotionLoginUrl: zodRule(rules.externalLinkRule(label('school.admin.field.promotionLoginUrl'))),
  institution: body({
    name: text('school.admin.field.institutionName', 60),
    educationProperty: text('school.admin.field.educationProperty', 40),
    schoolFaculty: lines('school.admin.field.schoolFaculty', 1000),
    features: lines('school.admin.field.features', 1000),
    facilities: lines('school.admin.field.facilities', 1000),
  }),
});

const POINT_TYPES = ['TEACHING', 'EXAM', 'EVALUATE'] as const satisfies readonly ServicePointType[];

const pointShape = {
  name: text('school.points.field.name', 60, true),
  type: z.enum(POINT_TYPES, { error: t('school.points.badType') }),
  startTime: zodRule(rules.openingTimeRule),
  endTime: zodRule(rules.openingTimeRule),
  mobile: zodRule(rules.contactPhoneRule),
  provinceName: text('school.points.field.provinceName', 30),
  cityName: text('school.points.field.cityName', 30),
  address: text('school.points.field.address', 120),
  url: zodRule(rules.webUrlRule),
  longitude: zodRule(rules.coordinateRule(180)),
  latitude: zodRule(rules.coordinateRule(90)),
  seq,
};

export const schoolSettingsRoutes = new Hono<ApiEnv>();
const r = schoolSettingsRoutes;

serveStaff(r, 'schoolSettings', z.object({}), (s, actor) => service.getSettings(s, actor));
serveStaff(r, 'saveSchoolSettings', settingsBody, (s, actor, b) => service.saveSettings(s, actor, b));

serveStaff(r, 'schoolDomains', z.object({}), (s, actor) => service.listDomains(s, actor));
serveStaff(
  r,
  'addSchoolDomain',
  body({ domain: zodRule(rules.hostNameRule), domainType: z.enum(DOMAIN_TYPES, { error: t('school.domains.badType') }).default('PC') }),
  (s, actor, b) => service.addDomain(s, actor, b),
);
serveStaff(r, 'removeSchoolDomain', withId, async (s, actor, b) => {
  await service.removeDomain(s, actor, b.id);
  return null;
});

serveStaff(r, 'adminServicePoints', z.object({}), (s, actor) => service.listServicePoints(s, actor));
serveStaff(r, 'createServicePoint', body(pointShape), (s, actor, b) => service.createServicePoint(s, actor, b));
serveStaff(r, 'updateServicePoint', body({ id: idSchema, ...pointShape }), (s, actor, { id, ...b }) => service.updateServicePoint(s, actor, id, b));
serveStaff(r, 'deleteServicePoint', withId, async (s, actor, b) => {
  await service.deleteServicePoint(s, actor, b.id);
  return null;
});

serveStaff(r, 'agreements', z.object({}), (s, actor) => service.listAgreements(s, actor));
serveStaff(
  r,
  'saveAgreement',
  body({
    kind: z.enum(AGREEMENT_KINDS, { error: t('school.agreements.badKind') }),
    html: z.string({ error: t('validation.invalid') }).max(AGREEMENT_MAX_CHARS, t('school.agreements.tooLong', { max: AGREEMENT_MAX_CHARS })),
  }),
  (s, actor, b) => service.saveAgreement(s, actor, b),
);
