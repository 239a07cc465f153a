import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { CONTENT_LIMITS, categoryFields, newsFields, noticeFields, publishAtField, titleTooLong } from '~/lib/forms/content';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff, type Answer } from '../http/staff-gate';
import type { Scope } from '../http/scope';
import type { StaffActor } from '../staff/accounts/sessions.service';
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

type ArticleKind = 'News' | 'Notice';
type ById<R> = (s: Scope, actor: StaffActor, id: string) => Promise<R>;

/** The calls of an item's life after it is written, the same for news and notices: read, publish, schedule, take down, delete, preview. */
function serveArticleLife<K extends ArticleKind>(
  kind: K,
  read: ById<Answer<`admin${K}Get`>>,
  life: {
    publish: ById<Answer<`admin${K}Publish`>>;
    schedule: (s: Scope, actor: StaffActor, id: string, at: number) => Promise<Answer<`admin${K}Schedule`>>;
    unpublish: ById<Answer<`admin${K}Unpublish`>>;
    remove: ById<Answer<`admin${K}Delete`>>;
  },
  preview: ById<Answer<`admin${K}Preview`>>,
): void {
  serveStaff(contentAdminRoutes, `admin${kind}Get`, withId, (s, actor, b) => read(s, actor, b.id));
  serveStaff(contentAdminRoutes, `admin${kind}Publish`, withId, (s, actor, b) => life.publish(s, actor, b.id));
  serveStaff(contentAdminRoutes, `admin${kind}Schedule`, scheduleInput, (s, actor, b) => life.schedule(s, actor, b.id, b.publishAt));
  serveStaff(contentAdminRoutes, `admin${kind}Unpublish`, withId, (s, actor, b) => life.unpublish(s, actor, b.id));
  serveStaff(contentAdminRoutes, `admin${kind}Delete`, withId, (s, actor, b) => life.remove(s, actor, b.id));
  serveStaff(contentAdminRoutes, `admin${kind}Preview`, withId, (s, actor, b) => preview(s, actor, b.id));
}

serveStaff(contentAdminRoutes, 'adminNewsPage', listQuery, (s, actor, q) => service.pageNews(s, actor, q as Parameters<typeof service.pageNews>[2]));
serveStaff(contentAdminRoutes, 'adminNewsSave', newsInput, (s, actor, b) => service.saveNews(s, actor, b));
serveArticleLife('News', service.getNews, service.newsPublication, service.previewNewsLink);

const noticeQuery = listQuery.omit({ categorizeId: true });
serveStaff(contentAdminRoutes, 'adminNoticePage', noticeQuery, (s, actor, q) => service.pageNotices(s, actor, q as Parameters<typeof service.pageNotices>[2]));
serveStaff(contentAdminRoutes, 'adminNoticeSave', noticeInput, (s, actor, b) => service.saveNotice(s, actor, b));
serveArticleLife('Notice', service.getNotice, service.noticePublication, service.previewNoticeLink);

serveStaff(contentAdminRoutes, 'adminCategories', z.object({}), (s, actor) => service.listCategories(s, actor));
serveStaff(contentAdminRoutes, 'adminCategorySave', body({ id: z.preprocess(blankIsNone, idSchema.optional()), ...categoryFields.shape }), (s, actor, b) =>
  service.saveCategory(s, actor, b),
);
serveStaff(contentAdminRoutes, 'adminCategoryOrder', body({ ids: z.array(idSchema, { error: t('validation.invalid') }).max(200) }), (s, actor, b) =>
  service.orderCategories(s, actor, b.ids),
);
serveStaff(contentAdminRoutes, 'adminCategoryDelete', withId, (s, actor, b) => service.deleteCategory(s, actor, b.id));
