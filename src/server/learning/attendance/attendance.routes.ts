import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/classroom-offline';
import { validLocation } from '~/lib/learning/sign';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './attendance.service';

/** Attendance of a class activity: read, sign in and out (each once), auto sign-in. Every call needs the token. */
export const attendanceRoutes = new Hono<ApiEnv>();

const activityRef = z.object({
  activityId: idSchema,
  classId: idSchema,
  studentId: idSchema,
  classroomId: idSchema.optional(),
  courseId: idSchema.optional(),
  userId: idSchema.optional(),
});
/**
 * A coordinate as a device sends it: a number or its text; missing, null or '' is none. Anything
 * else becomes NaN, so every bad location (out of range, not a number, only one of the pair) meets
 * the one check below and its documented message, never a validator's words about one field.
 */
const coordinate = z
  .unknown()
  .transform((v): number | null => {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'number') return v;
    return typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  })
  .optional();
const signBody = activityRef
  .extend({
    type: z.union([z.literal(1), z.literal(2)], { error: t('learning.badSignType') }),
    lat: coordinate,
    lon: coordinate,
  })
  .loose()
  .refine((b) => validLocation(b.lat, b.lon), { message: t('learning.badLocation') });
const autoBody = z
  .object({
    activityId: idSchema,
    classId: idSchema,
    studentId: idSchema,
    courseId: idSchema.optional(),
    type: z.literal(1).optional(),
    userId: idSchema.optional(),
  })
  .loose();

serve(attendanceRoutes, api.attendanceInfo, activityRef.loose(), (s, b) => service.attendanceInfo(s, b));
serve(attendanceRoutes, api.signAttendance, signBody, (s, b) => service.sign(s, b));
serve(attendanceRoutes, api.autoSignIn, autoBody, (s, b) => service.autoSignIn(s, b));
