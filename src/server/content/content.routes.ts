import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/content';
import { DAY } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema, pageRequest } from '../http/validate';
import * as service from './content.service';
import { cstTime } from '../http/cst-time';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));
const optionalText = z.string().trim().max(64).optional();
const sorts = ['publishTime', 'seq', 'createdTime'] as const;

const newsPage = pageRequest(z.object({ categorizeId: optionalId, status: z.coerce.number().int().optional(), title: optionalText }).loose(), sorts, {
  size: 4,
  sort: 'publishTime',
  order: 'descending',
});
const categoryPage = pageRequest(z.object({}).loose(), ['seq'] as const, { size: 99, sort: 'seq', order: 'ascending', maxSize: 99 });
const noticePage = pageRequest(z.object({ status: z.coerce.number().int().optional(), title: optionalText }).loose(), sorts, {
  size: 6,
  sort: 'publishTime',
  order: 'descending',
});
const hotMajorPage = pageRequest(z.object({ name: optionalText }).loose(), ['seq'] as const, { size: 10, sort: 'seq', order: 'ascending' });

const timeText = z
  .string()
  .trim()
  .transform(cstTime(t('validation.timeFormat')));

const recentRequest = z
  .object({
    startTime: timeText,
    endTime: timeText,
    current: z.coerce.number().int().min(1).max(100000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((b) => b.startTime <= b.endTime, { message: t('validation.startAfterEnd'), path: ['startTime'] })
  .refine((b) => b.endTime - b.startTime <= 366 * DAY, { message: t('validation.spanOverYear'), path: ['endTime'] });

const byId = z.object({ id: idSchema });

export const contentRoutes = new Hono<ApiEnv>();

serve(contentRoutes, api.newsPage, newsPage, (s, b) => service.pageNews(s, { ...b, categorizeId: b.model.categorizeId, title: b.model.title }));
serve(contentRoutes, api.newsDetail, byId, (s, q) => service.getNews(s, q.id), { cache: 30, shows: { kinds: ['news'] } });
serve(contentRoutes, api.categoryPage, categoryPage, (s, b) => service.pageCategories(s, b));
serve(contentRoutes, api.noticePage, noticePage, (s, b) => service.pageNotices(s, { ...b, title: b.model.title }));
serve(contentRoutes, api.noticeDetail, byId, (s, q) => service.getNotice(s, q.id), { cache: 30, shows: { kinds: ['notices'] } });
serve(contentRoutes, api.recentArticles, recentRequest, (s, b) =>
  service.pageRecent(s, b.startTime, b.endTime, { current: b.current, size: b.size, order: 'desc' }),
);
serve(contentRoutes, api.hotMajorPage, hotMajorPage, (s, b) => service.pageHotMajors(s, { ...b, name: b.model.name }));
