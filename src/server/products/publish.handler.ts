import type { CatalogOwner } from '../jobs/jobs.service';
import { PRODUCTS_SCHEDULABLE, namesOf, publishScheduled, unschedule } from './products.admin.service';

/** The products' rows in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const productsCatalog: CatalogOwner = { types: PRODUCTS_SCHEDULABLE, publishScheduled, unschedule, namesOf };
