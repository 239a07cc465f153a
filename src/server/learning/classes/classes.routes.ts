import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema, pageRequest } from '../../http/validate';
import * as service from './classes.service';

/** Empty values (`"schoolId": ""`) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

const classesBody = z.object({ userId: idSchema, isKingDee: z.boolean().nullish() }).loose();
const periodPage = pageRequest(
  z.object({ classPeriodType: z.coerce.number().int().min(0).max(1000), userId: idSchema }).loose(),
  ['periodTrainingStartTime'] as const,
  { size: 8, sort: 'periodTrainingStartTime', order: 'descending' },
);
const enrolBody = z.object({ classId: idSchema, userId: idSchema, schoolId: optionalId }).loose();
const detailBody = z.object({ classId: idSchema, userId: idSchema, studentId: optionalId, schoolId: optionalId }).loose();
const visitBody = z.object({ classId: idSchema, studentId: idSchema, schoolId: optionalId }).loose();

/** My learning and the class header. Every call needs the token (40001 without). */
export const classesRoutes = new Hono<ApiEnv>();

serve(classesRoutes, api.studentClasses, classesBody, (s, b) => service.studentClasses(s, b));
serve(classesRoutes, api.classPeriods, periodPage, (s, b) => service.classPeriods(s, { ...b, ...b.model }));
serve(classesRoutes, api.updateEnrolState, enrolBody, (s, b) => service.updateEnrolState(s, b));
serve(classesRoutes, api.studentClassDetail, detailBody, (s, b) => service.studentClassDetail(s, b));
serve(classesRoutes, api.increaseVisit, visitBody, (s, b) => service.increaseVisit(s, b));
