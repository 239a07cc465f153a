import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, pageRequest, readJson, readQuery } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { ok } from '../errors';
import { publicOk } from '../http/cache';
import { t } from '~/lib/i18n';
import { pageOf } from '~/lib/paging';
import * as service from './products.service';
import { schoolRoutes } from '../school/school.routes';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));
const optionalText = z.string().trim().max(64).optional();
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

/** prodIdList: an array of ids, or comma-separated text; at most 100 ids. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(idSchema).max(100, t('products.tooManyIds')),
);

const productPage = pageRequest(z.object({ prodIdList: idList.optional(), name: optionalText }).loose(), ['seq'] as const, {
  size: 10,
  sort: 'seq',
  order: 'ascending',
});

const categoryQuery = z
  .object({
    tenantId: optionalId,
    isVariety: flag.optional(),
    state: z.coerce.number().int().min(0).max(9).optional(),
  })
  .loose();

const relationModel = z
  .object({
    bizId: idSchema,
    bizType: z.literal('CATEGORY', { error: t('products.badBizType') }).default('CATEGORY'),
    state: z.coerce.number().int().min(0).max(9).optional(),
  })
  .loose();

/** The model (with bizId) is required here: pageRequest's model default would skip its check. */
const relationPage = pageRequest(relationModel, ['seq'] as const, { size: 4, sort: 'seq', order: 'ascending' }).extend({ model: relationModel });

const questionPage = pageRequest(z.object({ majorId: optionalId }).loose(), ['seq'] as const, { size: 3, sort: 'seq', order: 'ascending' });

const idQuery = z.object({ id: idSchema });

/** Products and categories (product family), hot-major detail and common questions (universityAdvertise family). */
const productRoutes = new Hono<ApiEnv>()
  .post('/product/anyBiz/product/page', async (c) => {
    const b = await readJson(c, productPage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageProducts(c.var.runtime.db, tenant.id, { ...b, prodIdList: b.model.prodIdList, name: b.model.name })));
  })
  .post('/product/anyBiz/productOperationCategory/query', async (c) => {
    const b = await readJson(c, categoryQuery);
    const tenant = await tenantOf(c, b.tenantId);
    // Only enabled categories are public: asking for another state finds nothing.
    if (b.state !== undefined && b.state !== 1) return c.json(ok([]));
    return c.json(ok(await service.listOperationCategories(c.var.runtime.db, tenant.id, { isVariety: b.isVariety, state: 1 })));
  })
  .post('/product/anyBiz/productOperationRelation/page', async (c) => {
    const b = await readJson(c, relationPage);
    const tenant = await tenantOf(c);
    const db = c.var.runtime.db;
    if (b.model.state !== undefined && b.model.state !== 1) return c.json(ok(pageOf([], 0, b.current, b.size)));
    return c.json(ok(await service.pageCategoryProducts(db, tenant.id, { current: b.current, size: b.size, bizId: b.model.bizId, bizType: b.model.bizType })));
  })
  .get('/universityAdvertise/anyUser/hotMajor/detail', async (c) => {
    const { id } = readQuery(c, idQuery);
    const tenant = await tenantOf(c);
    return publicOk(c, await service.getHotMajorDetail(c.var.runtime.db, tenant.id, id));
  })
  .post('/universityAdvertise/anyUser/commonQuestion/commonQuestionPage', async (c) => {
    const b = await readJson(c, questionPage);
    const tenant = await tenantOf(c);
    return c.json(ok(await service.pageCommonQuestions(c.var.runtime.db, tenant.id, { current: b.current, size: b.size, majorId: b.model.majorId })));
  });

/** Every call of the products and school-profile features (mounted once in app.ts). */
export const productsRoutes = new Hono<ApiEnv>().route('/', productRoutes).route('/', schoolRoutes);
