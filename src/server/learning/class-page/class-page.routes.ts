import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning-class';
import { PAST_PAGE_SIZES } from '~/lib/learning/class-detail';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema, pageRequest } from '../../http/validate';
import * as service from './class-page.service';

/** Empty values (`"schoolId": ""`, `"isRequired": null`) mean "not given". */
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());
const code = <N extends number>(...values: [N, ...N[]]) =>
  z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((n): n is N => (values as number[]).includes(n), t('validation.badFormat'))
      .optional(),
  ) as z.ZodType<N | undefined>;

const classStudent = z.object({ classId: idSchema, studentId: idSchema, schoolId: optionalId }).loose();
const behaviour = z.object({ classId: idSchema, studentId: idSchema, userId: idSchema, schoolId: optionalId }).loose();
const classUser = z.object({ classId: idSchema, userId: idSchema, schoolId: optionalId }).loose();

const pastPage = pageRequest(
  z.object({ classId: idSchema, userId: idSchema, schoolId: optionalId, classActivityStatus: code(0, 1, 2), isRequired: code(0, 1) }).loose(),
  ['id'] as const,
  { size: 6, sort: 'id', order: 'descending' },
).refine((b) => (PAST_PAGE_SIZES as readonly number[]).includes(b.size), { path: ['size'], message: t('learning.pastPageSize') });

const dynamicPage = pageRequest(z.object({ classId: idSchema, activityId: optionalId, schoolId: optionalId }).loose(), ['createdTime', 'id'] as const, {
  size: 30,
  sort: 'createdTime',
  order: 'descending',
});

/** The class page. Every call needs the token (40001 without). */
export const classPageRoutes = new Hono<ApiEnv>();

serve(classPageRoutes, api.userStudySituation, classStudent, (s, b) => service.userStudySituation(s, b));
serve(classPageRoutes, api.studentBehaviourCount, behaviour, (s, b) => service.behaviourCount(s, b));
serve(classPageRoutes, api.studentCourseStatistic, classStudent, (s, b) => service.courseStatistic(s, b));
serve(classPageRoutes, api.studentUserStatistic, classStudent, (s, b) => service.userStatistic(s, b));
serve(classPageRoutes, api.classFirstView, classUser, (s, b) => service.classFirstView(s, b));
serve(classPageRoutes, api.todayActivities, classUser, (s, b) => service.todayActivities(s, b));
serve(classPageRoutes, api.pastActivitySum, classUser, (s, b) => service.pastActivitySum(s, b));
serve(classPageRoutes, api.pastActivityPage, pastPage, (s, b) => service.pastActivityPage(s, { ...b, ...b.model }));
serve(classPageRoutes, api.activityDynamicPage, dynamicPage, (s, b) => service.dynamicPage(s, { ...b, ...b.model }));
