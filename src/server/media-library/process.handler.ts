import type { JobKind } from '../jobs/jobs.service';
import { assetNames, processingCancelled, processingRetried, runMediaProcessing } from './media-library.service';

/** The media.process job (an uploaded video or audio made playable), registered by the composition root. */
export const mediaProcessJob: JobKind = {
  run: runMediaProcessing,
  item: (payload) => (typeof payload['assetId'] === 'string' ? { type: 'media', id: payload['assetId'], href: () => '/admin/media' } : null),
  titles: (db, tenantId, _type, ids) => assetNames(db, tenantId, ids),
  retried: processingRetried,
  cancelled: processingCancelled,
};
