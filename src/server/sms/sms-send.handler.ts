import type { JobKind } from '../jobs/jobs.service';
import { batchLabels, runSmsBatch } from './sms-outbox.service';

/** The sms.send job (one event's notification SMS), registered by the composition root. */
export const smsSendJob: JobKind = {
  run: runSmsBatch,
  item(payload) {
    const { batch, href } = payload;
    if (typeof batch !== 'string') return null;
    return { type: 'smsBatch', id: batch, href: () => (typeof href === 'string' && href.startsWith('/admin/') ? href : '/admin/school#sms') };
  },
  async titles(db, tenantId, type, ids) {
    return type === 'smsBatch' ? batchLabels(db, tenantId, ids) : [];
  },
};
