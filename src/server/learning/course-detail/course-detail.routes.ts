import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning-course';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './course-detail.service';

/** The course detail page. Every call needs the token (40001 without). */
export const courseDetailRoutes = new Hono<ApiEnv>();

const courseRef = z.object({ courseId: idSchema, classId: idSchema, classStudentId: idSchema, userId: idSchema.optional() }).loose();
const statisticsBody = courseRef.extend({ evaluateType: z.enum(['ACTIVITY']).optional() });
// The spec's grouped-chapters call names the class student id studentId.
const chaptersBody = z
  .object({ classId: idSchema, courseId: idSchema, studentId: idSchema, userId: idSchema.optional() })
  .loose()
  .transform((b) => ({ courseId: b.courseId, classId: b.classId, classStudentId: b.studentId, userId: b.userId }));

serve(courseDetailRoutes, api.courseDetail, courseRef, (s, b) => service.courseDetail(s, b));
serve(courseDetailRoutes, api.courseSituation, courseRef, (s, b) => service.courseSituation(s, b));
serve(courseDetailRoutes, api.courseStatistics, statisticsBody, (s, b) => service.courseStatistics(s, b));
serve(courseDetailRoutes, api.courseChaptersByType, chaptersBody, (s, b) => service.courseChapters(s, b));
