import { catalogOwner } from '../catalog/catalog-resource';
import { albumCategories, banners, materials } from './media.admin.service';

/** The banners, album categories and materials in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const mediaCatalog = catalogOwner([banners, albumCategories, materials]);
