import { z } from './zod';
import { given, publishTime, saying } from './parts';
import { t } from '~/lib/i18n/messages/admin-content';

/**
 * The news, notice and news category forms (src/islands/admin/content), each field's limit and
 * message written once: src/server/content/content.admin.routes.ts validates with these fields
 * (adding the ids and the category list), the islands check a field with them (schemaCheck).
 */

export const CONTENT_LIMITS = {
  titleMax: 100,
  introductionMax: 500,
  sourcesMax: 64,
  writerMax: 32,
  coverMax: 512,
  /** Characters of HTML: a long article with many pictures fits; a pasted document dump does not. */
  bodyMax: 200_000,
  categoryNameMax: 20,
  categoriesPerNews: 10,
} as const;

const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) => z.preprocess(blankIsNull, z.string({ error: message }).trim().max(max, message).nullable().optional());

export const titleTooLong = t('adminContent.titleTooLong', { max: CONTENT_LIMITS.titleMax });
const title = saying(CONTENT_LIMITS.titleMax, t('adminContent.titleRequired'), titleTooLong);
const richBody = z
  .string({ error: t('adminContent.bodyRequired') })
  .min(1, t('adminContent.bodyRequired'))
  .max(CONTENT_LIMITS.bodyMax, t('adminContent.bodyTooLong'));

export const CONTENT_TYPES = ['ARTICLE', 'INFORMATION'] as const;

export const newsFields = z.object({
  title,
  cover: optionalText(CONTENT_LIMITS.coverMax, t('adminContent.coverInvalid')),
  introduction: optionalText(CONTENT_LIMITS.introductionMax, t('adminContent.introductionTooLong', { max: CONTENT_LIMITS.introductionMax })),
  sources: optionalText(CONTENT_LIMITS.sourcesMax, t('adminContent.sourcesTooLong', { max: CONTENT_LIMITS.sourcesMax })),
  contentType: z.enum(CONTENT_TYPES, { error: t('adminContent.contentTypeInvalid') }),
  content: richBody,
});

export const noticeFields = z.object({
  title,
  writerName: optionalText(CONTENT_LIMITS.writerMax, t('adminContent.writerTooLong', { max: CONTENT_LIMITS.writerMax })),
  content: richBody,
});

/** A publishing time typed 'YYYY-MM-DD HH:mm' (China Standard Time), as epoch ms. */
export const publishAtField = publishTime(t('adminContent.publishAtRequired'), t('adminContent.publishAtInvalid'));

export const categoryFields = z.object({
  name: given(
    CONTENT_LIMITS.categoryNameMax,
    t('adminContent.categoryNameRequired'),
    t('adminContent.categoryNameTooLong', { max: CONTENT_LIMITS.categoryNameMax }),
  ),
});
