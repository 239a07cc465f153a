import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/classroom-offline';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './offline-classroom-page.service';

/** The face-to-face classroom. Every call needs the token (40001 without). */
export const offlineClassroomRoutes = new Hono<ApiEnv>();

const detailBody = z
  .object({ classroomId: idSchema, classId: idSchema, courseId: idSchema, studentId: idSchema, activityId: idSchema.optional(), userId: idSchema.optional() })
  .loose();
const highlightsBody = z.object({ bizId: idSchema, classId: idSchema, courseId: idSchema, studentId: idSchema, userId: idSchema.optional() }).loose();

serve(offlineClassroomRoutes, api.offlineClassroomDetail, detailBody, (s, b) => service.offlineClassroomDetail(s, b));
serve(offlineClassroomRoutes, api.classroomHighlights, highlightsBody, (s, b) => service.classroomHighlights(s, b));
