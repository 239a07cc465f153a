import type { Scope } from '../http/scope';
import type { Job } from './jobs.table';
import { CONTENT_PUBLISH_JOB, runScheduledPublication } from '../content/content.admin.service';
import { CATALOG_PUBLISH_JOB } from '~/lib/staff/catalog-schedule';
import { runCatalogPublication } from './catalog-publish.handler';
import { MEDIA_PROCESS_JOB, runMediaProcessing } from '../media-library/media-library.service';

/**
 * What runs each kind of job: one fixed table, read by the runner. A handler may run more than
 * once for one job (a lease taken over after an instance died), so its writes are conditional.
 */
export type JobHandler = (s: Scope, payload: Record<string, unknown>, job: Job) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export const JOB_HANDLERS: JobHandlers = {
  [CONTENT_PUBLISH_JOB]: runScheduledPublication,
  [CATALOG_PUBLISH_JOB]: runCatalogPublication,
  [MEDIA_PROCESS_JOB]: runMediaProcessing,
};
