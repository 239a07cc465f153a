import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/exams';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './papers.service';

/** The paper of a homework or test, without keys. Needs the token. */
export const papersRoutes = new Hono<ApiEnv>();

const workRef = z.object({ classId: idSchema, studentId: idSchema, workId: idSchema }).loose();

serve(papersRoutes, api.paper, workRef, (s, b) => service.studentPaper(s, b));
