import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { CONTENT_LIMITS, categoryFields, newsFields, noticeFields, publishAtField, titleTooLong } from '~/lib/forms/content';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import * as service from './content.admin.service';
import { ARTICLE_STATES } from './content-admin.rules';
import { blankIsNone, pageFields } from '../http/list-query';

/**
 * The staff calls of news, notices and news categories, each through the staff gate by its name
 * (session, CSRF, origin, role). Bad input is refused with the form's own words.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });

const listQuery = z.object({
  ...pageFields,
  title: z.preprocess(blankIsNone, z.string().trim().max(CONTENT_LIMITS.titleMax, titleTooLong).optional()),
  state: z.preprocess(blankIsNone, z.enum(ARTICLE_STATES as [string, ...string[]], { error: t('adminContent.stateInvalid') }).optional()),
  categorizeId: z.preprocess(blankIsNone, idSchema.optional()),
});

const newsInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  title: newsFields.shape.title,
  categorizeIds: z
    .array(idSchema, { error: t('validation.invalid') })
    .max(CONTENT_LIMITS.categoriesPerNews, t('adminContent.tooManyCategories', { max: CONTENT_LIMITS.categoriesPerNews })),
  cover: newsFields.shape.cover,
  introduction: newsFields.shape.introduction,
  sources: newsFields.shape.sources,
  contentType: newsFields.shape.contentType,
  content: newsFields.shape.content,
});

const noticeInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  ...noticeFields.shape,
});

const scheduleInput = body({
  id: idSchema,
  publishAt: publishAtField,
});

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
serveStaff(contentAdminRoutes, 'adminCategorySave', body({ id: z.preprocess(blankIsNone, idSchema.optional()), ...categoryFields.shape }), (s, actor, b) =>
  service.saveCategory(s, actor, b),
);
serveStaff(contentAdminRoutes, 'adminCategoryOrder', body({ ids: z.array(idSchema, { error: t('validation.invalid') }).max(200) }), (s, actor, b) =>
  service.orderCategories(s, actor, b.ids),
);
serveStaff(contentAdminRoutes, 'adminCategoryDelete', withId, (s, actor, b) => service.deleteCategory(s, actor, b.id));
