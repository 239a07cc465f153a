import { z } from 'zod';
import { t } from '~/server/i18n';
import { CATALOG_STATE } from '~/lib/api/contracts/admin-catalog';
import { parseDateTime } from '~/lib/time/cst';
import { safeMediaUrl } from '../sanitize';
import { idSchema } from './validate';
import { blankIsNone, pageFields } from './list-query';
import { isBlank } from '~/lib/rules/rule';

/**
 * Input pieces shared by the staff catalogue calls (products, categories, questions in products/,
 * banners in media/, coupons in leads/): the list query, the state change, and field rules whose
 * refusals name the field in the form's words.
 */

export const catalogState = z.coerce
  .number({ error: t('catalog.badState') })
  .pipe(z.union([z.literal(CATALOG_STATE.DRAFT), z.literal(CATALOG_STATE.PUBLISHED)], { error: t('catalog.badState') }));

/** The list's state filter: draft, published, or scheduled (a draft with a time). */
const listState = z.coerce
  .number({ error: t('catalog.badState') })
  .pipe(z.union([z.literal(CATALOG_STATE.DRAFT), z.literal(CATALOG_STATE.PUBLISHED), z.literal(CATALOG_STATE.SCHEDULED)], { error: t('catalog.badState') }));

export const catalogListQuery = z.object({
  ...pageFields,
  keyword: z.preprocess(blankIsNone, z.string().trim().max(64, t('catalog.keywordTooLong')).optional()),
  state: z.preprocess(blankIsNone, listState.optional()),
});
export type CatalogListInput = z.output<typeof catalogListQuery>;

export const stateChange = z.object({ id: idSchema, state: catalogState });

/** A schedule: the row and the time the server publishes it (China Standard Time, to the minute). */
export const scheduleChange = z.object({
  id: idSchema,
  publishAt: z
    .string({ error: t('catalog.publishAtRequired') })
    .trim()
    .min(1, t('catalog.publishAtRequired'))
    .transform((text, ctx) => {
      const ms = parseDateTime(text);
      if (Number.isNaN(ms) || !/\d{2}:\d{2}/.test(text)) {
        ctx.addIssue({ code: 'custom', message: t('catalog.publishAtInvalid') });
        return z.NEVER;
      }
      return ms;
    }),
});
export const withId = z.object({ id: idSchema });
/** Save: no id (or blank) creates, an id edits. */
export const optionalId = z.preprocess(blankIsNone, idSchema.optional());

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

/** A site path or an http(s) address: nothing a browser could run, nothing pointing at another site through //. */
const isSafeUrl = (u: string) => safeMediaUrl(u) === u && (u.startsWith('/') || /^https?:\/\//i.test(u));

/** A picture or link address. */
const safeUrl = (field: string) =>
  z
    .string({ error: t('catalog.badUrl', { field }) })
    .trim()
    .max(512, t('catalog.tooLong', { field, max: 512 }))
    .refine(isSafeUrl, t('catalog.badUrl', { field }));

/** An optional address kept as text: blank (or none) is ''. */
export const urlOrBlank = (field: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: t('catalog.badUrl', { field }) })
      .trim()
      .max(512, t('catalog.tooLong', { field, max: 512 }))
      .refine((u) => u === '' || isSafeUrl(u), t('catalog.badUrl', { field })),
  );

export const requiredUrl = (field: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, t('catalog.pictureRequired', { field })).pipe(safeUrl(field)));

export const optionalUrl = (field: string) =>
  z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), safeUrl(field).nullable());
