import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { parseDateTime } from '~/lib/time/cst';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import * as service from './content.admin.service';
import { ARTICLE_STATES } from './content-admin.rules';
import { blankIsNone, pageFields } from '../http/list-query';
import { isBlank } from '~/lib/rules/rule';

/**
 * The staff calls of news, notices and news categories, each through the staff gate by its name
 * (session, CSRF, origin, role). Bad input is refused with the form's own words.
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

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const title = z
  .string({ error: t('adminContent.titleRequired') })
  .trim()
  .min(1, t('adminContent.titleRequired'))
  .max(CONTENT_LIMITS.titleMax, t('adminContent.titleTooLong', { max: CONTENT_LIMITS.titleMax }))
  .refine((s) => !isBlank(s), t('adminContent.titleRequired'));
const optionalText = (max: number, message: string) => z.preprocess(blankIsNull, z.string({ error: message }).trim().max(max, message).nullable().optional());
const richBody = z
  .string({ error: t('adminContent.bodyRequired') })
  .min(1, t('adminContent.bodyRequired'))
  .max(CONTENT_LIMITS.bodyMax, t('adminContent.bodyTooLong'));

const listQuery = z.object({
  ...pageFields,
  title: z.preprocess(
    blankIsNone,
    z
      .string()
      .trim()
      .max(CONTENT_LIMITS.titleMax, t('adminContent.titleTooLong', { max: CONTENT_LIMITS.titleMax }))
      .optional(),
  ),
  state: z.preprocess(blankIsNone, z.enum(ARTICLE_STATES as [string, ...string[]], { error: t('adminContent.stateInvalid') }).optional()),
  categorizeId: z.preprocess(blankIsNone, idSchema.optional()),
});

const newsInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  title,
  categorizeIds: z
    .array(idSchema, { error: t('validation.invalid') })
    .max(CONTENT_LIMITS.categoriesPerNews, t('adminContent.tooManyCategories', { max: CONTENT_LIMITS.categoriesPerNews })),
  cover: optionalText(CONTENT_LIMITS.coverMax, t('adminContent.coverInvalid')),
  introduction: optionalText(CONTENT_LIMITS.introductionMax, t('adminContent.introductionTooLong', { max: CONTENT_LIMITS.introductionMax })),
  sources: optionalText(CONTENT_LIMITS.sourcesMax, t('adminContent.sourcesTooLong', { max: CONTENT_LIMITS.sourcesMax })),
  contentType: z.enum(['ARTICLE', 'INFORMATION'], { error: t('adminContent.contentTypeInvalid') }),
  content: richBody,
});

const noticeInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  title,
  writerName: optionalText(CONTENT_LIMITS.writerMax, t('adminContent.writerTooLong', { max: CONTENT_LIMITS.writerMax })),
  content: richBody,
});

const scheduleInput = body({
  id: idSchema,
  publishAt: z
    .string({ error: t('adminContent.publishAtRequired') })
    .trim()
    .min(1, t('adminContent.publishAtRequired'))
    .transform((text, ctx) => {
      const ms = parseDateTime(text);
      if (Number.isNaN(ms) || !/\d{2}:\d{2}/.test(text)) {
        ctx.addIssue({ code: 'custom', message: t('adminContent.publishAtInvalid') });
        return z.NEVER;
      }
      return ms;
    }),
});

const categoryName = z
  .string({ error: t('adminContent.categoryNameRequired') })
  .trim()
  .min(1, t('adminContent.categoryNameRequired'))
  .max(CONTENT_LIMITS.categoryNameMax, t('adminContent.categoryNameTooLong', { max: CONTENT_LIMITS.categoryNameMax }));

export const contentAdminRoutes = new Hono<ApiEnv>();

serveStaff(contentAdminRoutes, 'adminNewsPage', listQuery, (s, actor, q) => service.pageNews(s, actor, q as Parameters<typeof service.pageNews>[2]));
serveStaff(contentAdminRoutes, 'adminNewsGet', withId, (s, actor, b) => service.getNews(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNewsSave', newsInput, (s, actor, b) => service.saveNews(s, actor, b));
serveStaff(contentAdminRoutes, 'adminNewsPublish', withId, (s, actor, b) => service.publishNews(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNewsSchedule', scheduleInput, (s, actor, b) => service.scheduleNews(s, actor, b.id, b.publishAt));
serveStaff(contentAdminRoutes, 'adminNewsUnpublish', withId, (s, actor, b) => service.unpublishNews(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNewsDelete', withId, (s, actor, b) => service.deleteNews(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNewsPreview', withId, (s, actor, b) => service.previewNewsLink(s, actor, b.id));

const noticeQuery = listQuery.omit({ categorizeId: true });
serveStaff(contentAdminRoutes, 'adminNoticePage', noticeQuery, (s, actor, q) => service.pageNotices(s, actor, q as Parameters<typeof service.pageNotices>[2]));
serveStaff(contentAdminRoutes, 'adminNoticeGet', withId, (s, actor, b) => service.getNotice(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNoticeSave', noticeInput, (s, actor, b) => service.saveNotice(s, actor, b));
serveStaff(contentAdminRoutes, 'adminNoticePublish', withId, (s, actor, b) => service.publishNotice(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNoticeSchedule', scheduleInput, (s, actor, b) => service.scheduleNotice(s, actor, b.id, b.publishAt));
serveStaff(contentAdminRoutes, 'adminNoticeUnpublish', withId, (s, actor, b) => service.unpublishNotice(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNoticeDelete', withId, (s, actor, b) => service.deleteNotice(s, actor, b.id));
serveStaff(contentAdminRoutes, 'adminNoticePreview', withId, (s, actor, b) => service.previewNoticeLink(s, actor, b.id));

serveStaff(contentAdminRoutes, 'adminCategories', z.object({}), (s, actor) => service.listCategories(s, actor));
serveStaff(contentAdminRoutes, 'adminCategorySave', body({ id: z.preprocess(blankIsNone, idSchema.optional()), name: categoryName }), (s, actor, b) =>
  service.saveCategory(s, actor, b),
);
serveStaff(contentAdminRoutes, 'adminCategoryOrder', body({ ids: z.array(idSchema, { error: t('validation.invalid') }).max(200) }), (s, actor, b) =>
  service.orderCategories(s, actor, b.ids),
);
serveStaff(contentAdminRoutes, 'adminCategoryDelete', withId, (s, actor, b) => service.deleteCategory(s, actor, b.id));
