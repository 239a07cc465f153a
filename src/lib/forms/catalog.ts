import { z } from './zod';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { CATALOG_STATE } from '~/lib/api/contracts/admin-catalog';
import { safeMediaUrl } from '~/lib/media-url';
import { isBlank } from '~/lib/rules/rule';

/**
 * The catalogue's staff forms, written once: the routes validate a save with these schemas and the
 * islands check a field with the same one (schemaCheck), so a limit and its words live here only.
 * A refusal names the field in the form's words.
 */

const ID = /^[0-9A-Za-z_-]{1,32}$/;
const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A row's id (a path parameter or a row the input points at). */
export const catalogId = z.string().trim().regex(ID, t('catalog.badId'));

export const catalogState = z.coerce
  .number({ error: t('catalog.badState') })
  .pipe(z.union([z.literal(CATALOG_STATE.DRAFT), z.literal(CATALOG_STATE.PUBLISHED)], { error: t('catalog.badState') }));

/** Save: no id (or blank) creates, an id edits. */
export const optionalId = z.preprocess(blankIsNone, catalogId.optional());

/** Required text of at most `max` characters, trimmed. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: t('catalog.required', { field }) })
    .trim()
    .min(1, t('catalog.required', { field }))
    .max(max, t('catalog.tooLong', { field, max }))
    .refine((s) => !isBlank(s), t('catalog.required', { field }));

/** Optional text: blank is stored as null. */
export const optionalText = (field: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? null : typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: t('catalog.badFormat', { field }) })
      .trim()
      .max(max, t('catalog.tooLong', { field, max }))
      .nullable(),
  );

/** Display order: a whole number from 0 to 99999, smaller first. */
export const seqField = z.coerce
  .number({ error: t('catalog.badSeq') })
  .int(t('catalog.badSeq'))
  .min(0, t('catalog.badSeq'))
  .max(99999, t('catalog.badSeq'));

const MAX_URL = 512;

/** A site path or an http(s) address: nothing a browser could run, nothing pointing at another site through //. */
const isSafeUrl = (u: string) => safeMediaUrl(u) === u && (u.startsWith('/') || /^https?:\/\//i.test(u));

/** A picture or link address. */
const safeUrl = (field: string) =>
  z
    .string({ error: t('catalog.badUrl', { field }) })
    .trim()
    .max(MAX_URL, t('catalog.tooLong', { field, max: MAX_URL }))
    .refine(isSafeUrl, t('catalog.badUrl', { field }));

/** An optional address kept as text: blank (or none) is ''. */
export const urlOrBlank = (field: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: t('catalog.badUrl', { field }) })
      .trim()
      .max(MAX_URL, t('catalog.tooLong', { field, max: MAX_URL }))
      .refine((u) => u === '' || isSafeUrl(u), t('catalog.badUrl', { field })),
  );

export const requiredUrl = (field: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, t('catalog.pictureRequired', { field })).pipe(safeUrl(field)));

export const optionalUrl = (field: string) =>
  z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), safeUrl(field).nullable());

/**
 * A form of a catalogue resource the screens order by hand: its own fields between the id (none
 * creates, one edits) and the display order and draft-or-published state every such row has.
 */
const orderedRow = <F extends z.ZodRawShape>(fields: F) => z.object({ id: optionalId, ...fields, seq: seqField.default(0), state: catalogState });

/** A choice of another row (a major, an album category): refused with the form's own prompt. */
const chosenId = (message: string) => z.string({ error: message }).trim().regex(ID, message);

// --- Products, their categories and common questions ---------------------------------------------

/** Rich text (a product's detail, a question's answer) is at most this long. */
const MAX_RICH_TEXT = 20000;
const MAX_PERIOD_TYPES = 4;
const MAX_CATEGORIES = 20;
const MAX_MAJORS = 20;
const MAX_CERTIFICATES = 20;
const MAX_SALARY = 1000000;

export const productForm = orderedRow({
  name: requiredText(t('catalog.field.productName'), 128),
  pic: optionalUrl(t('catalog.field.pic')),
  picTag: optionalText(t('catalog.field.picTag'), 32),
  periodTypes: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: t('catalog.badPeriodType') }), { error: t('catalog.badPeriodType') })
    .max(MAX_PERIOD_TYPES, t('catalog.badPeriodType'))
    .default([]),
  certificationOrg: optionalText(t('catalog.field.certificationOrg'), 128),
  issuingAuthorityName: optionalText(t('catalog.field.issuingAuthorityName'), 128),
  certificateTypeDesc: optionalText(t('catalog.field.certificateTypeDesc'), 64),
  certificateVerificationType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: t('catalog.badVerification') }).default(0),
  certificateBenefits: optionalText(t('catalog.field.certificateBenefits'), 2000),
  detail: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: t('catalog.badFormat', { field: t('catalog.field.detail') }) })
      .max(MAX_RICH_TEXT, t('catalog.tooLong', { field: t('catalog.field.detail'), max: MAX_RICH_TEXT })),
  ),
  schoolName: optionalText(t('catalog.field.schoolName'), 128),
  trainingInstitutionsName: optionalText(t('catalog.field.trainingInstitutionsName'), 128),
  defStandPrice: optionalText(t('catalog.field.defStandPrice'), 32),
  defCouponPrice: optionalText(t('catalog.field.defCouponPrice'), 32),
  subsidyPrice: optionalText(t('catalog.field.subsidyPrice'), 32),
  categoryIds: z
    .array(catalogId, { error: t('catalog.categoryNotFound') })
    .max(MAX_CATEGORIES, t('catalog.tooManyCategories'))
    .default([]),
  majorIds: z
    .array(catalogId, { error: t('catalog.majorNotFound') })
    .max(MAX_MAJORS, t('catalog.tooManyMajors'))
    .default([]),
});

export const categoryForm = orderedRow({
  name: requiredText(t('catalog.field.categoryName'), 64),
});

export const questionForm = z.object({
  id: optionalId,
  majorId: chosenId(t('catalog.chooseMajor')),
  name: requiredText(t('catalog.field.question'), 200),
  answer: requiredText(t('catalog.field.answer'), MAX_RICH_TEXT),
  seq: z.preprocess((v) => (v === '' || v === undefined ? null : v), seqField.nullable()),
  state: catalogState,
});

const certificate = z.object(
  {
    name: requiredText(t('catalog.field.certificateName'), 64),
    url: urlOrBlank(t('catalog.field.certificatePic')),
  },
  { error: t('catalog.badFormat', { field: t('catalog.field.certificates') }) },
);

export const hotMajorForm = orderedRow({
  name: requiredText(t('catalog.field.majorName'), 128),
  pic: optionalUrl(t('catalog.field.majorPic')),
  industrySalary: z.coerce
    .number({ error: t('catalog.badSalary') })
    .int(t('catalog.badSalary'))
    .min(0, t('catalog.badSalary'))
    .max(MAX_SALARY, t('catalog.badSalary'))
    .default(0),
  employmentProspectDescribe: optionalText(t('catalog.field.employmentProspect'), 2000),
  suitabilityPeopleDescribe: optionalText(t('catalog.field.suitabilityPeople'), 2000),
  relatedCertificate: z
    .array(certificate, { error: t('catalog.badFormat', { field: t('catalog.field.certificates') }) })
    .max(MAX_CERTIFICATES, t('catalog.tooManyCertificates'))
    .default([]),
});

// --- Banners and the album -----------------------------------------------------------------------

const MAX_TAB_NAME = 20;
const MAX_TABS_ORDERED = 50;

export const bannerForm = orderedRow({
  name: requiredText(t('catalog.field.bannerName'), 64),
  pic: requiredUrl(t('catalog.field.bannerPic')),
  url: optionalUrl(t('catalog.field.url')),
});

export const albumCategoryForm = orderedRow({
  categoryName: requiredText(t('catalog.field.albumCategoryName'), 64),
  categoryTabKey: z
    .string({ error: t('catalog.chooseTab') })
    .trim()
    .min(1, t('catalog.chooseTab'))
    .max(32, t('catalog.tabNotFound')),
  clientType: z.enum(['', 'PC', 'H5'], { error: t('catalog.badClientType') }).default(''),
});

/** A material's fields one by one (the form checks each); `materialForm` adds the rules across them. */
export const materialFields = orderedRow({
  categoryId: chosenId(t('catalog.chooseAlbumCategory')),
  name: requiredText(t('catalog.field.materialName'), 128),
  type: z.enum(['PIC', 'VIDEO'], { error: t('catalog.badMaterialType') }),
  pic: optionalUrl(t('catalog.field.materialPic')),
  video: optionalUrl(t('catalog.field.video')),
  introduce: optionalText(t('catalog.field.introduce'), 1024),
});

export const materialForm = materialFields
  // A picture needs its picture; a video its address (its picture is an optional cover).
  .refine((m) => m.type !== 'PIC' || m.pic !== null, { message: t('catalog.pictureRequired', { field: t('catalog.field.materialPic') }) })
  .refine((m) => m.type !== 'VIDEO' || m.video !== null, { message: t('catalog.videoRequired') })
  .transform((m) => (m.type === 'PIC' ? { ...m, video: null } : m));

export const albumTabForm = z.object({ id: optionalId, name: requiredText(t('catalog.tabs.name'), MAX_TAB_NAME) });
export const albumTabOrder = z.object({ ids: z.array(catalogId, { error: t('catalog.badList') }).max(MAX_TABS_ORDERED) });

// --- Coupons ---------------------------------------------------------------------------------------

const MAX_AMOUNT = 100000;
const MAX_MIN_POINT = 1000000;
/** The latest use time a coupon may have (2100-01-01, epoch ms). */
const LATEST_TIME = 4102444800000;
const CENTS = 100;
/** How far from a whole number of cents a yuan amount may be (floating point). */
const CENT_TOLERANCE = 1e-6;

/** Yuan with at most two decimals, within [min, max]. */
const yuan = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(Math.round(v * CENTS) - v * CENTS) < CENT_TOLERANCE, message);

const time = (field: string) =>
  z.coerce
    .number({ error: t('catalog.badTime', { field }) })
    .int(t('catalog.badTime', { field }))
    .min(1, t('catalog.badTime', { field }))
    .max(LATEST_TIME, t('catalog.badTime', { field }));

/** A coupon's fields one by one; `couponForm` adds the rules across them. */
export const couponFields = z.object({
  id: optionalId,
  title: requiredText(t('catalog.field.title'), 128),
  amount: yuan(0.01, MAX_AMOUNT, t('catalog.badAmount')),
  minPoint: yuan(0, MAX_MIN_POINT, t('catalog.badMinPoint')).default(0),
  useStartTime: time(t('catalog.field.useStartTime')),
  useEndTime: time(t('catalog.field.useEndTime')),
  state: catalogState,
});

export const couponForm = couponFields
  .refine((c) => c.useEndTime >= c.useStartTime, { message: t('catalog.endBeforeStart') })
  .refine((c) => c.minPoint === 0 || c.minPoint >= c.amount, { message: t('catalog.minPointBelowAmount') });
