import type { CatalogOwner } from '../jobs/jobs.service';
import { namesOf, publishScheduled, unschedule } from './coupons.admin.service';

/** Coupons in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const couponsCatalog: CatalogOwner = {
  types: ['coupon'],
  publishScheduled: (s, tenantId, _type, id, at) => publishScheduled(s, tenantId, id, at),
  unschedule: (db, tenantId, _type, id, at) => unschedule(db, tenantId, id, at),
  namesOf: (db, tenantId, _type, ids) => namesOf(db, tenantId, ids),
};
