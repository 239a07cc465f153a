import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/exams';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './bank.service';

/** Works from the external question bank (sourceType 'xskt'): its paper, and the one submission. Needs the token. */
export const bankRoutes = new Hono<ApiEnv>();

/** Empty values (`"activityId": ""`, as a page's query may carry) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

const student = { classId: idSchema, studentId: idSchema, userId: optionalId };
const workRef = z.object({ ...student, workId: idSchema }).loose();
const submit = z
  .object({
    ...student,
    studentWorkId: idSchema,
    activityId: optionalId,
    classroomId: idSchema,
    courseId: optionalId,
    answerLogId: idSchema,
    use_time: z.number().int().min(0).max(86_400),
    userAnswerObjects: z.array(z.object({ questions_id: z.string().trim().min(1).max(64), user_answer: z.string().max(2_000) }).loose()).max(500),
    xsktUserToken: z.string().min(1).max(512),
  })
  .loose();

serve(bankRoutes, api.xsktPaper, workRef, (s, b) => service.xsktPaper(s, b));
serve(bankRoutes, api.submitXskt, submit, (s, b) => service.submitXskt(s, b));
