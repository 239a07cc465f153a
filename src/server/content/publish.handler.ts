import type { JobKind } from '../jobs/jobs.service';
import { publicationTitles, runScheduledPublication, unscheduleByJob } from './content.admin.service';

/** The content.publish job (a news item or notice published at its time), registered by the composition root. */
export const contentPublishJob: JobKind = {
  run: runScheduledPublication,
  item(payload) {
    const { kind, id } = payload;
    if (typeof id !== 'string' || (kind !== 'news' && kind !== 'notice')) return null;
    const screen = kind === 'news' ? '/admin/news/edit' : '/admin/notices/edit';
    return { type: kind, id, href: (one) => `${screen}?id=${encodeURIComponent(one)}` };
  },
  async titles(db, tenantId, type, ids) {
    if (type !== 'news' && type !== 'notice') return [];
    return (await publicationTitles(db, tenantId, type, ids)).map((r) => ({ id: r.id, name: r.title }));
  },
  cancelled: unscheduleByJob,
};
