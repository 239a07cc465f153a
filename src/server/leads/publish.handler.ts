import { catalogOwner } from '../catalog/catalog-resource';
import { coupons } from './coupons.admin.service';

/** Coupons in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const couponsCatalog = catalogOwner([coupons]);
