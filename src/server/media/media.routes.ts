import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/media';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { idSchema, pageRequest } from '../http/validate';
import * as service from './media.service';

/** Empty values (`?materialCategoryId=`, `"tagId": ""`) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
const optionalKey = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, t('validation.badFormat'))
    .optional(),
);
const feedType = z.enum(api.FEED_TYPES, { error: t('engagement.badType') });

const school = z.object({ tenantId: optionalId });

const categoriesQuery = school.extend({
  clientType: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{1,16}$/, t('validation.badFormat'))
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  categoryTabKey: optionalKey,
});

const materialsQuery = school.extend({
  categoryTabKey: optionalKey,
  materialCategoryId: optionalId,
  // Only published materials are ever returned, whatever open says.
  open: z.preprocess(blank, z.enum(['0', '1']).optional()),
});

const feedPage = pageRequest(z.object({ type: feedType, tagId: optionalId }).loose(), ['sort'] as const, {
  size: 8,
  sort: 'sort',
  order: 'ascending',
});

export const mediaRoutes = new Hono<ApiEnv>();

// A CDN may keep these a while; a staff change of the school's banners or album drops them by tag.
const media = { cache: 30, shows: { kinds: ['media'] as const, school: (q: { tenantId?: string | undefined }) => q.tenantId } };

serve(mediaRoutes, api.banners, school, (s, q) => service.listBanners(s, q.tenantId), media);
serve(mediaRoutes, api.albumTabs, school.loose(), (s, b) => service.listAlbumTabs(s, b.tenantId));
serve(mediaRoutes, api.albumCategories, categoriesQuery, (s, q) => service.listAlbumCategories(s, q), media);
serve(
  mediaRoutes,
  api.albumMaterials,
  materialsQuery,
  (s, q) => service.listAlbumMaterials(s, { tenantId: q.tenantId, categoryTabKey: q.categoryTabKey, categoryId: q.materialCategoryId }),
  media,
);
// likeStatus depends on the user: these two are never cached.
serve(mediaRoutes, api.feedItem, z.object({ id: idSchema }), (s, q) => service.getFeedItem(s, q.id));
serve(mediaRoutes, api.feedPage, feedPage, (s, b) => service.pageFeed(s, { ...b, type: b.model.type, tagId: b.model.tagId }));
serve(mediaRoutes, api.feedTags, z.object({ type: z.preprocess(blank, feedType.optional()) }), (s, q) => service.listFeedTags(s, q.type), {
  cache: 30,
});
