import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema, parseWith, readJson, readQuery } from '../http/validate';
import { blankToUndefined, optionalId, pagedWith } from '../engagement/schemas';
import { tenantOf } from '../http/tenant';
import { optionalUser } from '../http/auth';
import { ok } from '../errors';
import { publicOk } from '../http/cache';
import { ENGAGEMENT_PATHS as P } from '../engagement/paths';
import { FEED_TYPES } from './media.table';
import * as service from './media.service';
import { t } from '~/lib/i18n';

const optionalKey = z.preprocess(blankToUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, t('validation.badFormat')).optional());
const feedType = z.enum(FEED_TYPES, { error: t('engagement.badType') });

const tenantQuery = z.object({ tenantId: optionalId });

const categoriesQuery = z.object({
  tenantId: optionalId,
  clientType: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^[A-Za-z0-9_]{1,16}$/, t('validation.badFormat')).transform((v) => v.toUpperCase()).optional(),
  ),
  categoryTabKey: optionalKey,
});

const materialsQuery = z.object({
  tenantId: optionalId,
  categoryTabKey: optionalKey,
  materialCategoryId: optionalId,
  // Only published materials are ever returned, whatever open says.
  open: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()),
});

const feedPage = pagedWith(z.object({ type: feedType, tagId: optionalId }).loose(), ['sort'] as const, {
  size: 8,
  sort: 'sort',
  order: 'ascending',
});

const idPath = z.object({ id: idSchema });

export const mediaRoutes = new Hono<ApiEnv>()
  .get(P.banners, async (c) => {
    const q = readQuery(c, tenantQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.listBanners(c.var.runtime.db, tenant.id));
  })
  .get(P.albumCategories, async (c) => {
    const q = readQuery(c, categoriesQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(c, await service.listAlbumCategories(c.var.runtime.db, tenant.id, q));
  })
  .post(P.albumTabs, async (c) => {
    const b = await readJson(c, z.object({ tenantId: optionalId }).loose());
    const tenant = await tenantOf(c, b.tenantId);
    return c.json(ok(await service.listAlbumTabs(c.var.runtime.db, tenant.id)));
  })
  .get(P.albumMaterials, async (c) => {
    const q = readQuery(c, materialsQuery);
    const tenant = await tenantOf(c, q.tenantId);
    return publicOk(
      c,
      await service.listAlbumMaterials(c.var.runtime.db, tenant.id, { categoryTabKey: q.categoryTabKey, categoryId: q.materialCategoryId }),
    );
  })
  .get(`${P.feedItem}/:id`, async (c) => {
    const { id } = parseWith(idPath, { id: c.req.param('id') });
    const tenant = await tenantOf(c);
    const user = await optionalUser(c);
    // likeStatus depends on the user: no-store (the default).
    return c.json(ok(await service.getFeedItem(c.var.runtime.db, tenant.id, user?.user.id ?? null, id)));
  })
  .post(P.feedPage, async (c) => {
    const b = await readJson(c, feedPage);
    const tenant = await tenantOf(c);
    const user = await optionalUser(c);
    return c.json(
      ok(await service.pageFeed(c.var.runtime.db, tenant.id, user?.user.id ?? null, { ...b, type: b.model.type, tagId: b.model.tagId })),
    );
  })
  .get(P.feedTags, async (c) => {
    const q = readQuery(c, z.object({ type: z.preprocess(blankToUndefined, feedType.optional()) }));
    const tenant = await tenantOf(c);
    return publicOk(c, await service.listFeedTags(c.var.runtime.db, tenant.id, q.type));
  });
