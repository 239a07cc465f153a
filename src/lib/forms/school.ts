import { z } from './zod';
import { AGREEMENT_KINDS, DOMAIN_TYPES } from '~/lib/api/contracts/admin-school';
import type { ServicePointType } from '~/lib/api/contracts/tenant';
import { t } from '~/lib/i18n/messages/admin-school';
import * as rules from '~/lib/school/settings';
import { zodRule } from './rule';

/**
 * The school settings screen's forms (src/islands/admin/school), each field's limit and message
 * written once: the routes (src/server/tenant/school-settings.routes.ts,
 * src/server/school/school.admin.routes.ts) validate with these schemas and the islands check a
 * field with them (schemaCheck). What only the server knows (a body's own shape message, the
 * published flags) the routes add.
 */

type Label = Parameters<typeof t>[0];
const text = (label: Label, max: number, required = false) => zodRule(rules.plainText(t(label), max, required));
const lines = (label: Label, max: number) => zodRule(rules.plainLines(t(label), max));

/** The most characters of a rich text the school writes (an agreement, a project block). */
export const RICH_TEXT_MAX_CHARS = 100_000;
/** Longest text of a long plain field (an introduction, a service scope). */
const LINES_MAX = 1000;
/** The highest 排序 a person may type. */
export const SEQ_MAX = 9999;
/** The longest picture address an upload answers. */
const PICTURE_MAX = 512;

/** A picture's address as the upload answered it ('' for none); the service decides whether it is the school's own. */
const picture = z
  .string({ error: t('school.admin.badPicture') })
  .trim()
  .max(PICTURE_MAX, t('school.admin.badPicture'))
  .regex(/^(?:|\/[\w\-./]+|https?:\/\/[^\s<>"']+)$/, t('school.admin.badPicture'));

/** 排序: a whole number 0–9999, typed (a blank field is no number) or sent as a number. */
const seq = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number({ error: t('school.points.badSeq') })
    .int(t('school.points.badSeq'))
    .min(0, t('school.points.badSeq'))
    .max(SEQ_MAX, t('school.points.badSeq')),
);

/** The school's profile and branding, its introduction (`institution`) aside. */
export const profileFields = z.object({
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
  appDownloadUrl: zodRule(rules.externalLinkRule(t('school.admin.field.appDownloadUrl'))),
  promotionLoginUrl: zodRule(rules.externalLinkRule(t('school.admin.field.promotionLoginUrl'))),
});

/** The school's introduction (学校介绍) inside the profile. */
export const institutionFields = z.object({
  name: text('school.admin.field.institutionName', 60),
  educationProperty: text('school.admin.field.educationProperty', 40),
  schoolFaculty: lines('school.admin.field.schoolFaculty', LINES_MAX),
  features: lines('school.admin.field.features', LINES_MAX),
  facilities: lines('school.admin.field.facilities', LINES_MAX),
});

/** Longitude and latitude go together: the message for the latitude when only one is typed. */
export function coordinatesPairError(v: { longitude: string; latitude: string }): string | null {
  return (v.longitude.trim() === '') !== (v.latitude.trim() === '') ? t('school.admin.coordinatesPair') : null;
}

export const POINT_TYPES = ['TEACHING', 'EXAM', 'EVALUATE'] as const satisfies readonly ServicePointType[];

export const servicePointFields = z.object({
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
});

/** Opening hours go together: the message for the end when only one is typed. */
export function hoursPairError(v: { startTime: string; endTime: string }): string | null {
  return (v.startTime.trim() === '') !== (v.endTime.trim() === '') ? t('school.points.hoursPair') : null;
}

export const ORG_TYPES = ['CERTIFICATION', 'EVALUATION', 'OTHER'] as const;
/** A certification's level; '' for none given. */
export const ORG_LEVELS = ['', 'INTERNATIONAL', 'COUNTRY', 'COMPANY', 'INDUSTRY', 'PROVINCE', 'CITY'] as const;

export const certOrgFields = z.object({
  name: text('school.orgs.field.name', 60, true),
  orgType: z.enum(ORG_TYPES, { error: t('school.orgs.badType') }),
  certificationType: z.enum(ORG_LEVELS, { error: t('school.orgs.badLevel') }),
  serviceScope: lines('school.orgs.field.serviceScope', LINES_MAX),
  features: lines('school.orgs.field.features', LINES_MAX),
  seq,
});

/** The editor's empty document: nothing written yet. */
export const isBlankHtml = (html: string) => html.replace(/<p>\s*<\/p>/g, '').trim() === '';

export const projectBlockFields = z.object({
  title: text('school.blocks.field.title', 60, true),
  name: text('school.blocks.field.name', 20),
  content: z.string({ error: t('school.blocks.contentRequired') }).max(RICH_TEXT_MAX_CHARS, t('school.blocks.contentTooLong', { max: RICH_TEXT_MAX_CHARS })),
});

export const domainFields = z.object({
  domain: zodRule(rules.hostNameRule),
  domainType: z.enum(DOMAIN_TYPES, { error: t('school.domains.badType') }).default('PC'),
});

export const agreementKind = z.enum(AGREEMENT_KINDS, { error: t('school.agreements.badKind') });
export const agreementTooLong = t('school.agreements.tooLong', { max: RICH_TEXT_MAX_CHARS });
