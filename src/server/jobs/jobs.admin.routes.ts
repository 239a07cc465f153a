import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { idSchema } from '../http/validate';
import { blankIsNone, pageFields } from '../http/list-query';
import { JOB_STATES } from './jobs.rules';
import * as service from './jobs.admin.service';
import type { JobKinds } from './handlers';

/** The jobs screen's calls (/api/admin/jobs...): administrators only (the access table). */

const jobQuery = z.object({
  ...pageFields,
  state: z.preprocess(blankIsNone, z.enum(JOB_STATES as [string, ...string[]], { error: t('jobs.badState') }).optional()),
  kind: z.preprocess(
    blankIsNone,
    z
      .string({ error: t('jobs.badKind') })
      .trim()
      .regex(/^[a-z][a-z0-9_.-]{0,63}$/i, t('jobs.badKind'))
      .optional(),
  ),
});

const withId = z.object({ id: idSchema });

/** The calls over the kinds of jobs the composition root registered (runtime.jobKinds). */
export function jobsAdminRoutes(kinds: JobKinds): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  serveStaff(r, 'adminJobs', jobQuery, (s, actor, q) => service.pageJobs(s, kinds, actor, q as Parameters<typeof service.pageJobs>[3]));
  serveStaff(r, 'adminJobRetry', withId, (s, actor, b) => service.retryJob(s, kinds, actor, b.id));
  serveStaff(r, 'adminJobCancel', withId, (s, actor, b) => service.cancelJob(s, kinds, actor, b.id));
  return r;
}
