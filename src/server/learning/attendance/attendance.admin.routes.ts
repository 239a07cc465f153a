import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { correctionFields } from '~/lib/forms/activities';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { csvDownload } from '../../http/csv';
import * as service from './attendance.admin.service';

/**
 * The staff calls of an activity's attendance, each through the staff gate by its name, then the
 * class scope (the path's id) and the activity of that class in the service.
 */

const ofActivity = z.object({ id: idSchema, activityId: idSchema });

const correction = z.object(
  {
    id: idSchema,
    activityId: idSchema,
    studentId: idSchema,
    type: z.coerce.number({ error: t('attendance.badType') }).refine((n) => n === SIGN_IN || n === SIGN_OUT, { message: t('attendance.badType') }),
    ...correctionFields.shape,
  },
  { error: t('validation.invalid') },
);

export const attendanceAdminRoutes = new Hono<ApiEnv>();

serveStaff(attendanceAdminRoutes, 'adminAttendance', ofActivity, (s, actor, q) => service.activityAttendance(s, actor, q.id, q.activityId));
serveStaff(attendanceAdminRoutes, 'adminAttendanceCorrect', correction, (s, actor, b) => service.correctAttendance(s, actor, b.id, b));
serveStaff(attendanceAdminRoutes, 'adminAttendanceExport', ofActivity, async (s, actor, q) => {
  const file = await service.attendanceCsv(s, actor, q.id, q.activityId);
  return csvDownload(file.text, 'attendance.csv', file.name);
});
