import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/products';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema, pageRequest } from '../http/validate';
import * as service from './products.service';

const optionalId = idSchema.optional().or(z.literal('').transform(() => undefined));
const optionalText = z.string().trim().max(64).optional();
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);
const state = z.coerce.number().int().min(0).max(9).optional();

/** prodIdList: an array of ids, or comma-separated text; at most 100 ids. */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(idSchema).max(100, t('products.tooManyIds')),
);

const productPage = pageRequest(z.object({ prodIdList: idList.optional(), name: optionalText }).loose(), ['seq'] as const, {
  size: 10,
  sort: 'seq',
  order: 'ascending',
});

const categoryQuery = z.object({ tenantId: optionalId, isVariety: flag.optional(), state }).loose();

const relationPage = pageRequest(
  z
    .object({
      bizId: idSchema,
      bizType: z.literal('CATEGORY', { error: t('products.badBizType') }).default('CATEGORY'),
      state,
    })
    .loose(),
  ['seq'] as const,
  { size: 4, sort: 'seq', order: 'ascending' },
);

const questionPage = pageRequest(z.object({ majorId: optionalId }).loose(), ['seq'] as const, { size: 3, sort: 'seq', order: 'ascending' });

/** Products and categories (product family), hot-major detail and common questions (universityAdvertise family). */
export const productsRoutes = new Hono<ApiEnv>();

serve(productsRoutes, api.productPage, productPage, (s, b) => service.pageProducts(s, { ...b, prodIdList: b.model.prodIdList, name: b.model.name }));
serve(productsRoutes, api.operationCategories, categoryQuery, (s, b) => service.listOperationCategories(s, b));
serve(productsRoutes, api.relationPage, relationPage, (s, b) =>
  service.pageCategoryProducts(s, { ...b, bizId: b.model.bizId, bizType: b.model.bizType, state: b.model.state }),
);
serve(productsRoutes, api.hotMajorDetail, z.object({ id: idSchema }), (s, q) => service.getHotMajorDetail(s, q.id), {
  cache: 30,
  shows: { kinds: ['catalogue'] },
});
serve(productsRoutes, api.commonQuestionPage, questionPage, (s, b) => service.pageCommonQuestions(s, { ...b, majorId: b.model.majorId }));
