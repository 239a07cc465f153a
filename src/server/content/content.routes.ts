import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/context';
import { idSchema, pageRequest, readJson, readQuery } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { publicOk } from '../http/cache';
import { parseDateTime } from '~/lib/format';
import * as service from './content.service';
import { t } from '~/lib/i18n';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));
const optionalText = z.string().trim().max(64).optional();

const newsPage = pageRequest(
  z.object({ categorizeId: optionalId, status: z.coerce.number().int().optional(), title: optionalText }).loose(),
  ['publishTime', 'seq', 'createdTime'] as const,
  { size: 4, sort: 'publishTime', order: 'descending' },
);

const categoryPage = pageRequest(z.object({}).loose(), ['seq'] as const, { size: 99, sort: 'seq', order: 'ascending', maxSize: 99 });

const noticePage = pageRequest(
  z.object({ status: z.coerce.number().int().optional(), title: optionalText }).loose(),
  ['publishTime', 'seq', 'createdTime'] as const,
  { size: 6, sort: 'publishTime', order: 'descending' },
);

const hotMajorPage = pageRequest(z.object({ name: optionalText }).loose(), ['seq'] as const, {
  size: 10,
  sort: 'seq',
  order: 'ascending',
});

const DAY = 86_400_000;
const timeText = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const ms = parseDateTime(v);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: t('validation.timeFormat') });
      return z.NEVER;
    }
    return ms;
  });

const mergeRequest = z
  .object({
    startTime: timeText,
    endTime: timeText,
    current: z.coerce.number().int().min(1).max(100000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((b) => b.startTime <= b.endTime, { message: t('validation.startAfterEnd'), path: ['startTime'] })
  .refine((b) => b.endTime - b.startTime <= 366 * DAY, { message: t('validation.spanOverYear'), path: ['endTime'] });

const idPath = z.object({ id: idSchema });

export const contentRoutes = new Hono<ApiEnv>()
  .post('/universityAdvertise/anyUser/newInformation/newInformationPage', async (c) => {
    const b = await readJson(c, newsPage);
    const tenant = await tenantOf(c);
    const page = await service.pageNews(c.var.runtime.db, tenant.id, { ...b, categorizeId: b.model.categorizeId, title: b.model.title });
    return c.json(ok(page));
  })
  .get('/universityAdvertise/anyUser/newInformation/detail', async (c) => {
    const { id } = readQuery(c, idPath);
    const tenant = await tenantOf(c);
    return publicOk(c, await service.getNews(c.var.runtime.db, tenant.id, id));
  })
  .post('/universityAdvertise/anyUser/categorize/page', async (c) => {
    const b = await readJson(c, categoryPage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageCategories(c.var.runtime.db, tenant.id, b)));
  })
  .post('/universityAdvertise/anyUser/discoverArticle/page', async (c) => {
    const b = await readJson(c, noticePage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageNotices(c.var.runtime.db, tenant.id, { ...b, title: b.model.title })));
  })
  .get('/universityAdvertise/anyUser/discoverArticle/getVOById/:id', async (c) => {
    const { id } = parseParams(c.req.param('id'));
    const tenant = await tenantOf(c);
    return publicOk(c, await service.getNotice(c.var.runtime.db, tenant.id, id));
  })
  .post('/universityAdvertise/anyBiz/discoverArticle/mergeCustomPage', async (c) => {
    const b = await readJson(c, mergeRequest);
    const tenant = await tenantOf(c);
    return c.json(
      ok(await service.pageRecent(c.var.runtime.db, tenant.id, b.startTime, b.endTime, { current: b.current, size: b.size, order: 'desc' })),
    );
  })
  .post('/universityAdvertise/anyUser/hotMajor/hotMajorPage', async (c) => {
    const b = await readJson(c, hotMajorPage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageHotMajors(c.var.runtime.db, tenant.id, { ...b, name: b.model.name })));
  });

function parseParams(id: string | undefined) {
  const r = idPath.safeParse({ id });
  if (!r.success) throw AppError.badRequest(t('validation.badId'));
  return r.data;
}
