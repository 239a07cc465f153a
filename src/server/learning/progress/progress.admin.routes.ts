import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { PROGRESS_SORTS } from '~/lib/api/contracts/admin-progress';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { csvDownload } from '../../http/csv';
import { blankIsNone, pageFields } from '../../http/list-query';
import * as service from './progress.admin.service';

/** Study progress for staff (read-only): the list, one student's courses, the CSV file; the class scope in the service. */

export const progressAdminRoutes = new Hono<ApiEnv>();

serveStaff(
  progressAdminRoutes,
  'adminProgress',
  z.object({ ...pageFields, classId: idSchema, sort: z.preprocess(blankIsNone, z.enum(PROGRESS_SORTS, { error: t('validation.invalid') }).optional()) }),
  (s, actor, q) => service.pageProgress(s, actor, q),
);
serveStaff(progressAdminRoutes, 'adminProgressStudent', z.object({ classId: idSchema, studentId: idSchema }), (s, actor, q) =>
  service.studentDetail(s, actor, q),
);
serveStaff(progressAdminRoutes, 'adminProgressExport', z.object({ classId: idSchema }), async (s, actor, q) => {
  const { text, className } = await service.exportProgress(s, actor, q.classId);
  const stamp = formatDateTime(s.now).slice(0, 10).replace(/-/g, '');
  const name = `${className}-${t('progress.fileName')}-${stamp}.csv`;
  return csvDownload(text, `progress-${stamp}.csv`, name);
});
