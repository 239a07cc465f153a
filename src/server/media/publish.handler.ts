import type { CatalogOwner } from '../jobs/jobs.service';
import { MEDIA_SCHEDULABLE, namesOf, publishScheduled, unschedule } from './media.admin.service';

/** The media catalogue's rows in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const mediaCatalog: CatalogOwner = { types: MEDIA_SCHEDULABLE, publishScheduled, unschedule, namesOf };
