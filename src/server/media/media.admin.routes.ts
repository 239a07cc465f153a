import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { catalogListQuery, catalogState, optionalId, optionalUrl, requiredText, requiredUrl, seqField, stateChange, withId } from '../http/catalog-input';
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

export const mediaAdminRoutes = new Hono<ApiEnv>();

serveStaff(mediaAdminRoutes, 'catalogBanners', catalogListQuery, (s, actor, q) => service.pageBanners(s, actor, q));
serveStaff(mediaAdminRoutes, 'catalogBannerSave', banner, (s, actor, b) => service.saveBanner(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogBannerState', stateChange, (s, actor, b) => service.setBannerState(s, actor, b.id, b.state));
serveStaff(mediaAdminRoutes, 'catalogBannerDelete', withId, (s, actor, b) => service.deleteBanner(s, actor, b.id));
