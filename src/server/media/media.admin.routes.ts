import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { idSchema } from '../http/validate';
import {
  catalogListQuery,
  catalogState,
  optionalId,
  optionalText,
  optionalUrl,
  requiredText,
  requiredUrl,
  seqField,
  scheduleChange,
  stateChange,
  withId,
} from '../http/catalog-input';
import * as service from './media.admin.service';

/** The staff calls of the home banners (/api/admin/catalog/banners...). */

const banner = z.object({
  id: optionalId,
  name: requiredText(t('catalog.field.bannerName'), 64),
  pic: requiredUrl(t('catalog.field.bannerPic')),
  url: optionalUrl(t('catalog.field.url')),
  seq: seqField.default(0),
  state: catalogState,
});

const albumCategory = z.object({
  id: optionalId,
  categoryName: requiredText(t('catalog.field.albumCategoryName'), 64),
  categoryTabKey: z
    .string({ error: t('catalog.chooseTab') })
    .trim()
    .min(1, t('catalog.chooseTab'))
    .max(32, t('catalog.tabNotFound')),
  clientType: z.enum(['', 'PC', 'H5'], { error: t('catalog.badClientType') }).default(''),
  seq: seqField.default(0),
  state: catalogState,
});

const material = z
  .object({
    id: optionalId,
    categoryId: z
      .string({ error: t('catalog.chooseAlbumCategory') })
      .trim()
      .regex(/^[0-9A-Za-z_-]{1,32}$/, t('catalog.chooseAlbumCategory')),
    name: requiredText(t('catalog.field.materialName'), 128),
    type: z.enum(['PIC', 'VIDEO'], { error: t('catalog.badMaterialType') }),
    pic: optionalUrl(t('catalog.field.materialPic')),
    video: optionalUrl(t('catalog.field.video')),
    introduce: optionalText(t('catalog.field.introduce'), 1024),
    seq: seqField.default(0),
    state: catalogState,
  })
  // A picture needs its picture; a video its address (its picture is an optional cover).
  .refine((m) => m.type !== 'PIC' || m.pic !== null, { message: t('catalog.pictureRequired', { field: t('catalog.field.materialPic') }) })
  .refine((m) => m.type !== 'VIDEO' || m.video !== null, { message: t('catalog.videoRequired') })
  .transform((m) => (m.type === 'PIC' ? { ...m, video: null } : m));

const albumTab = z.object({ id: optionalId, name: requiredText(t('catalog.tabs.name'), 20) });
const albumTabOrder = z.object({ ids: z.array(idSchema, { error: t('validation.invalid') }).max(50) });

export const mediaAdminRoutes = new Hono<ApiEnv>();

serveStaff(mediaAdminRoutes, 'catalogBanners', catalogListQuery, (s, actor, q) => service.pageBanners(s, actor, q));
serveStaff(mediaAdminRoutes, 'catalogBannerSave', banner, (s, actor, b) => service.saveBanner(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogBannerState', stateChange, (s, actor, b) => service.setBannerState(s, actor, b.id, b.state));
serveStaff(mediaAdminRoutes, 'catalogBannerDelete', withId, (s, actor, b) => service.deleteBanner(s, actor, b.id));

serveStaff(mediaAdminRoutes, 'catalogAlbumTabs', z.object({}), (s, actor) => service.listAlbumTabs(s, actor));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabSave', albumTab, (s, actor, b) => service.saveAlbumTab(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabOrder', albumTabOrder, (s, actor, b) => service.orderAlbumTabs(s, actor, b.ids));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabDelete', withId, (s, actor, b) => service.deleteAlbumTab(s, actor, b.id));
serveStaff(mediaAdminRoutes, 'catalogAlbumCategories', catalogListQuery, (s, actor, q) => service.pageAlbumCategories(s, actor, q));
serveStaff(mediaAdminRoutes, 'catalogAlbumCategorySave', albumCategory, (s, actor, b) => service.saveAlbumCategory(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogAlbumCategoryState', stateChange, (s, actor, b) => service.setAlbumCategoryState(s, actor, b.id, b.state));
serveStaff(mediaAdminRoutes, 'catalogAlbumCategoryDelete', withId, (s, actor, b) => service.deleteAlbumCategory(s, actor, b.id));
serveStaff(mediaAdminRoutes, 'catalogMaterials', catalogListQuery, (s, actor, q) => service.pageMaterials(s, actor, q));
serveStaff(mediaAdminRoutes, 'catalogMaterialSave', material, (s, actor, b) => service.saveMaterial(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogMaterialState', stateChange, (s, actor, b) => service.setMaterialState(s, actor, b.id, b.state));
serveStaff(mediaAdminRoutes, 'catalogMaterialDelete', withId, (s, actor, b) => service.deleteMaterial(s, actor, b.id));

serveStaff(mediaAdminRoutes, 'catalogBannerSchedule', scheduleChange, (s, actor, b) => service.scheduleBanner(s, actor, b.id, b.publishAt));
serveStaff(mediaAdminRoutes, 'catalogAlbumCategorySchedule', scheduleChange, (s, actor, b) => service.scheduleAlbumCategory(s, actor, b.id, b.publishAt));
serveStaff(mediaAdminRoutes, 'catalogMaterialSchedule', scheduleChange, (s, actor, b) => service.scheduleMaterial(s, actor, b.id, b.publishAt));
