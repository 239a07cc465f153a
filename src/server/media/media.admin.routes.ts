import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { withId } from '../http/catalog-input';
import { ALBUM_CATEGORIES, BANNERS, MATERIALS } from '~/lib/api/contracts/admin-catalog';
import { albumCategoryForm, albumTabForm, albumTabOrder, bannerForm, materialForm } from '~/lib/forms/catalog';
import { serveCatalog } from '../catalog/catalog-routes';
import * as service from './media.admin.service';

/** The staff calls of the home banners and the album (/api/admin/catalog/banners..., albumTabs..., albumCategories..., materials...). */
export const mediaAdminRoutes = new Hono<ApiEnv>();

serveCatalog(mediaAdminRoutes, BANNERS, bannerForm, service.banners);
serveStaff(mediaAdminRoutes, 'catalogAlbumTabs', z.object({}), (s, actor) => service.listAlbumTabs(s, actor));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabSave', albumTabForm, (s, actor, b) => service.saveAlbumTab(s, actor, b));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabOrder', albumTabOrder, (s, actor, b) => service.orderAlbumTabs(s, actor, b.ids));
serveStaff(mediaAdminRoutes, 'catalogAlbumTabDelete', withId, (s, actor, b) => service.deleteAlbumTab(s, actor, b.id));
serveCatalog(mediaAdminRoutes, ALBUM_CATEGORIES, albumCategoryForm, service.albumCategories);
serveCatalog(mediaAdminRoutes, MATERIALS, materialForm, service.materials);
