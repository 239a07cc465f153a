import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/classroom-online';
import { requestOrigin } from '../../http/origin';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './online-classroom.service';
import { DAY } from '~/lib/time/cst';

/** The online classroom. Every call needs the token (40001 without). */
export const onlineClassroomRoutes = new Hono<ApiEnv>();

const courseRef = z.object({ courseId: idSchema, classId: idSchema, studentId: idSchema, userId: idSchema.optional() }).loose();
const lessonRef = courseRef.extend({ classroomId: idSchema });
const viewBody = lessonRef.extend({ activityId: idSchema.optional() });
const activityRef = z.object({ activityId: idSchema, classId: idSchema, userId: idSchema.optional() }).loose();
const classRef = z.object({ classId: idSchema, studentId: idSchema, userId: idSchema.optional() }).loose();
/** A day is far more than any lesson; larger numbers are nonsense, not progress. */
const reportBody = lessonRef.extend({
  seq: z.number().int().min(1).max(2_147_483_647),
  positionMs: z.number().int().min(0).max(DAY),
  watchedMs: z.number().int().min(0).max(DAY),
  sought: z.boolean().optional(),
  client: z.enum(['Web']).optional(),
});

serve(onlineClassroomRoutes, api.classroomDetail, lessonRef, (s, b, c) => service.classroomDetail(s, b, requestOrigin(s, c)));
serve(onlineClassroomRoutes, api.classroomPreview, lessonRef, (s, b, c) => service.classroomPreview(s, b, requestOrigin(s, c)));
serve(onlineClassroomRoutes, api.courseOutline, courseRef, (s, b) => service.courseOutline(s, b));
serve(onlineClassroomRoutes, api.activityContents, activityRef, (s, b) => service.activityContents(s, b));
serve(onlineClassroomRoutes, api.lastRecord, lessonRef, (s, b) => service.lastRecord(s, b));
serve(onlineClassroomRoutes, api.recordView, viewBody, (s, b) => service.recordView(s, b));
// Counted (countWrite 'PROGRESS') in the report's transaction, once its checks pass.
serve(onlineClassroomRoutes, api.reportProgress, reportBody, (s, b) => service.reportProgress(s, b));
serve(onlineClassroomRoutes, api.classActivities, classRef, (s, b) => service.classActivities(s, b));
